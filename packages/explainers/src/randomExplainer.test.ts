import { describe, expect, it } from 'vitest';
import type { Model } from '@xai/core';
import { randomExplainer } from './randomExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { uniformMatrix } from './__fixtures__/models.js';

const untouchable: Model = {
  inputDim: 10,
  classes: 2,
  predictProba: () => {
    throw new Error('the random control must not query the model');
  },
};

describe('randomExplainer', () => {
  it('draws standard normal values without querying the model', () => {
    const x = uniformMatrix(400, 10, 1);
    const a = randomExplainer().explain(untouchable, x).data;
    let mean = 0;
    for (const v of a) mean += v / a.length;
    let variance = 0;
    for (const v of a) variance += (v - mean) ** 2 / (a.length - 1);
    expect(Math.abs(mean)).toBeLessThan(4 / Math.sqrt(a.length));
    expect(Math.abs(variance - 1)).toBeLessThan(0.06);
  });

  it('is fixed per (seed, row content), whatever the batch; keys override the content', () => {
    const x = uniformMatrix(5, 10, 2);
    const a = randomExplainer({ seed: 0 }).explain(untouchable, x).data;
    const last = randomExplainer({ seed: 0 }).explain(untouchable, { rows: 1, cols: 10, data: x.data.slice(40) }).data;
    expect(Array.from(last)).toEqual(Array.from(a.subarray(40)));
    const other = randomExplainer({ seed: 1 }).explain(untouchable, x).data;
    expect(Array.from(other)).not.toEqual(Array.from(a));
    const keyed = randomExplainer().explain(untouchable, x, { keys: [7, 7, 7, 7, 7] }).data;
    expect(Array.from(keyed.subarray(0, 10))).toEqual(Array.from(keyed.subarray(30, 40)));
  });

  it('rejects unknown options and bad keys', () => {
    expect(codeOf(() => randomExplainer({ std: 2 } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => randomExplainer().explain(untouchable, uniformMatrix(2, 10, 1), { keys: [1, Number.NaN] }))).toBe('BAD_INPUT');
  });
});

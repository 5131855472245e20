import { describe, expect, it } from 'vitest';
import type { Matrix, Model } from '@xai/core';
import { hashFloat64, row, substream } from '@xai/core';
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

  it('is bit-identical to the straightforward reference: row i = substream(seed, hashFloat64(row i), "random").normal() in turn', () => {
    // The reference builds one public stream per row and draws one value at a time; the
    // explainer hashes the batch in one pass and fills rows without stream objects.
    const reference = (seed: number, x: Matrix, keys?: ArrayLike<number>): Float64Array => {
      const out = new Float64Array(x.rows * x.cols);
      for (let i = 0; i < x.rows; i++) {
        const r = substream(seed, keys ? keys[i]! : hashFloat64(row(x, i)), 'random');
        for (let j = 0; j < x.cols; j++) out[i * x.cols + j] = r.normal();
      }
      return out;
    };
    let state = 12345;
    const next = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const specials = [0, -0, 5e-324, -2.2250738585072014e-308, 1e308, -1e-300, 3];
    for (const d of [1, 2, 7, 10, 23]) {
      for (const stride of [d, d + 3]) {
        const rows = 40;
        const data = Float64Array.from({ length: 2 + rows * stride }, () =>
          next() < 0.2 ? specials[Math.floor(next() * specials.length)]! : (next() - 0.5) * 10 ** Math.floor(next() * 8 - 4),
        );
        const x: Matrix = { rows, cols: d, data, stride, offset: 2 };
        const model: Model = { ...untouchable, inputDim: d };
        for (const seed of [0, 1, 987654321]) {
          const got = randomExplainer({ seed }).explain(model, x);
          expect([got.rows, got.cols]).toEqual([rows, d]);
          expect(Array.from(got.data)).toEqual(Array.from(reference(seed, x)));
        }
        const keys = Array.from({ length: rows }, (_, i) => (i % 3 === 0 ? -0 : i * 0.75 - 4));
        expect(Array.from(randomExplainer({ seed: 5 }).explain(model, x, { keys }).data)).toEqual(Array.from(reference(5, x, keys)));
      }
    }
    // -0 and 0 rows are the same content, so they get the same values.
    const z = randomExplainer().explain({ ...untouchable, inputDim: 2 }, { rows: 2, cols: 2, data: Float64Array.of(-0, 1, 0, 1) }).data;
    expect(Array.from(z.subarray(0, 2))).toEqual(Array.from(z.subarray(2)));
  });
});

import { describe, expect, it } from 'vitest';
import { explainToJson } from './explainToJson.js';
import { gradientExplainer } from './gradientExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { randomMlp, uniformMatrix } from './__fixtures__/models.js';

describe('explainToJson', () => {
  it('returns the xai explain document with rows in input order', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 1);
    const x = uniformMatrix(3, 3, 2);
    const doc = explainToJson('grad', model, x, { preset: 'openxai' });
    expect(doc.method).toBe('grad');
    expect(doc.preset).toBe('openxai');
    expect(doc.seed).toBe(0);
    const direct = gradientExplainer({ preset: 'openxai' }).explain(model, x);
    expect(doc.attributions).toEqual([0, 1, 2].map((i) => Array.from(direct.data.subarray(i * 3, i * 3 + 3))));
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('passes option errors through', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 1);
    expect(codeOf(() => explainToJson('ig', model, uniformMatrix(1, 3, 1), { preset: 'openxai' }))).toBe('BAD_OPTION');
  });
});

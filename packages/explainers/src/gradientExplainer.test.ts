import { describe, expect, it } from 'vitest';
import type { Model } from '@xai/core';
import { gradientExplainer } from './gradientExplainer.js';
import { codeOf } from './__fixtures__/codeOf.js';
import { logisticRegression, randomMlp, uniformMatrix } from './__fixtures__/models.js';

const w0 = [0.5, -1, 2, 0];
const w1 = [-1.5, 1, 0.5, 3];

describe('gradientExplainer', () => {
  it('equals p(1 − p)(w_t − w_other) on logistic regression, for the predicted class', () => {
    const model = logisticRegression(w0, w1, 0.1, -0.2);
    const x = uniformMatrix(30, 4, 1, -1, 1);
    const attr = gradientExplainer({ preset: 'openxai' }).explain(model, x);
    const p = model.predictProba(x).data;
    for (let i = 0; i < 30; i++) {
      const t = p[i * 2 + 1]! > p[i * 2]! ? 1 : 0;
      const pt = p[i * 2 + t]!;
      for (let j = 0; j < 4; j++) {
        const diff = t === 1 ? w1[j]! - w0[j]! : w0[j]! - w1[j]!;
        expect(attr.data[i * 4 + j]!).toBeCloseTo(pt * (1 - pt) * diff, 14);
      }
    }
  });

  it('explains the given targets, and the logit when asked', () => {
    const model = logisticRegression(w0, w1);
    const x = uniformMatrix(6, 4, 2);
    const targets = Int32Array.of(0, 0, 0, 1, 1, 1);
    const logit = gradientExplainer({ output: 'logit' }).explain(model, x, { targets });
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 4; j++) {
        const diff = targets[i] === 1 ? w1[j]! : w0[j]!;
        expect(logit.data[i * 4 + j]!).toBeCloseTo(diff, 14);
      }
    }
  });

  it('sends the whole batch in one call, or in batchRows chunks with the same result', () => {
    const model = randomMlp([5, 8, 3], 'relu', 3);
    const x = uniformMatrix(25, 5, 4);
    const a = gradientExplainer().explain(model, x);
    expect(model.calls.grad).toBe(1);
    const before = model.calls.grad;
    const b = gradientExplainer({ batchRows: 7 }).explain(model, x);
    expect(model.calls.grad - before).toBe(4);
    expect(Array.from(b.data)).toEqual(Array.from(a.data));
  });

  it('accepts a strided view of x', () => {
    const model = randomMlp([3, 4, 2], 'tanh', 5);
    const big = uniformMatrix(4, 5, 6);
    const view = { rows: 4, cols: 3, data: big.data, stride: 5, offset: 1 };
    const copy = { rows: 4, cols: 3, data: new Float64Array(12) };
    for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) copy.data[i * 3 + j] = big.data[1 + i * 5 + j]!;
    expect(Array.from(gradientExplainer().explain(model, view).data)).toEqual(Array.from(gradientExplainer().explain(model, copy).data));
  });

  it('throws NOT_SUPPORTED (pointing at functionModel) when the model has no gradients', () => {
    const lr = logisticRegression(w0, w1);
    const noGrad: Model = { inputDim: 4, classes: 2, predictProba: (x) => lr.predictProba(x) };
    expect(codeOf(() => gradientExplainer().explain(noGrad, uniformMatrix(2, 4, 1)))).toBe('NOT_SUPPORTED');
    expect(() => gradientExplainer().explain(noGrad, uniformMatrix(2, 4, 1))).toThrow(/functionModel/);
  });

  it('rejects bad options and inputs with typed errors', () => {
    const model = logisticRegression(w0, w1);
    expect(codeOf(() => gradientExplainer({ output: 'prob' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => gradientExplainer({ preset: 'fast' as never }))).toBe('BAD_OPTION');
    expect(codeOf(() => gradientExplainer({ batchRows: 0 }))).toBe('BAD_OPTION');
    expect(codeOf(() => gradientExplainer({ outptu: 'logit' } as never))).toBe('BAD_OPTION');
    expect(codeOf(() => gradientExplainer().explain(model, uniformMatrix(2, 3, 1)))).toBe('SHAPE_MISMATCH');
    const bad = uniformMatrix(2, 4, 1);
    bad.data[3] = Number.NaN;
    expect(codeOf(() => gradientExplainer().explain(model, bad))).toBe('NON_FINITE');
    expect(codeOf(() => gradientExplainer().explain(model, uniformMatrix(2, 4, 1), { targets: Int32Array.of(0, 2) }))).toBe('BAD_INPUT');
    expect(codeOf(() => gradientExplainer().explain(model, uniformMatrix(2, 4, 1), { targets: Int32Array.of(0) }))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => gradientExplainer().explain(model, uniformMatrix(2, 4, 1), { keys: [1] }))).toBe('SHAPE_MISMATCH');
    expect(codeOf(() => gradientExplainer().explain({} as never, uniformMatrix(2, 4, 1)))).toBe('BAD_INPUT');
    const wrongShape: Model = { ...model, inputGradient: () => ({ rows: 1, cols: 4, data: new Float64Array(4) }) };
    expect(codeOf(() => gradientExplainer().explain(wrongShape, uniformMatrix(2, 4, 1)))).toBe('SHAPE_MISMATCH');
  });

  it('returns an empty matrix for an empty batch', () => {
    const model = logisticRegression(w0, w1);
    const out = gradientExplainer().explain(model, { rows: 0, cols: 4, data: new Float64Array(0) });
    expect(out.rows).toBe(0);
    expect(out.cols).toBe(4);
  });
});

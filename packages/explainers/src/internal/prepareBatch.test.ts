import { describe, expect, it } from 'vitest';
import type { Model } from '@xai/core';
import { hashFloat64 } from '@xai/core';
import { prepareBatch } from './prepareBatch.js';
import { createExplainer } from '../createExplainer.js';
import { gradientRows, predictRows } from './modelCalls.js';
import { codeOf } from '../__fixtures__/codeOf.js';
import { logisticRegression, uniformMatrix } from '../__fixtures__/models.js';

const lr = logisticRegression([1, -1], [-1, 1]);

describe('prepareBatch', () => {
  it('resolves predicted targets and content keys', () => {
    const x = { rows: 2, cols: 2, data: Float64Array.of(1, 0, 0, 1) };
    const b = prepareBatch('f', lr, x, undefined, 100);
    expect(Array.from(b.targets)).toEqual([0, 1]);
    expect(b.keys[0]).toBe(hashFloat64(Float64Array.of(1, 0)));
    expect(b.keys[1]).toBe(hashFloat64(Float64Array.of(0, 1)));
    const given = prepareBatch('f', lr, x, { targets: Int32Array.of(1, 1), keys: [5, 6] }, 100);
    expect(Array.from(given.targets)).toEqual([1, 1]);
    expect(Array.from(given.keys)).toEqual([5, 6]);
  });

  it('explainedClass is targets filled with one class (the model predicts 0 and 1 here); with targets, or off the classes, it is refused', () => {
    const x = { rows: 3, cols: 2, data: Float64Array.of(1, 0, 0, 1, 2, 0) };
    expect(Array.from(prepareBatch('f', lr, x, undefined, 100).targets)).toEqual([0, 1, 0]);
    expect(Array.from(prepareBatch('f', lr, x, { explainedClass: 1 }, 100).targets)).toEqual([1, 1, 1]);
    expect(Array.from(prepareBatch('f', lr, x, { explainedClass: 0 }, 100).targets)).toEqual([0, 0, 0]);
    expect(codeOf(() => prepareBatch('f', lr, x, { explainedClass: 1, targets: Int32Array.of(1, 1, 1) }, 100))).toBe('BAD_OPTION');
    for (const bad of [2, -1, 0.5, '1'])
      expect(
        codeOf(() => prepareBatch('f', lr, x, { explainedClass: bad as never }, 100)),
        String(bad),
      ).toBe('BAD_OPTION');
    // Through an explainer: the same attributions as targets filled with the class, for a sampling and a gradient method.
    const train = { rows: 4, cols: 2, data: Float64Array.of(0, 0, 1, 1, 0.5, -0.5, -1, 2) };
    for (const id of ['shap', 'grad'] as const) {
      const e = createExplainer(id, { train, seed: 3 });
      expect(e.explain(lr, x, { explainedClass: 1 }).data).toEqual(e.explain(lr, x, { targets: Int32Array.of(1, 1, 1) }).data);
    }
  });

  it('rejects malformed models, instances and per-call options', () => {
    const x = uniformMatrix(2, 2, 1);
    expect(codeOf(() => prepareBatch('f', { ...lr, inputDim: 0 }, x, undefined, 100))).toBe('BAD_INPUT');
    expect(codeOf(() => prepareBatch('f', { ...lr, classes: 1 }, x, undefined, 100))).toBe('BAD_INPUT');
    expect(codeOf(() => prepareBatch('f', lr, { rows: 2, cols: 2, data: [1, 2, 3, 4] }, undefined, 100))).toBe('BAD_INPUT');
    expect(codeOf(() => prepareBatch('f', lr, x, { targets: [0, 1] as never }, 100))).toBe('BAD_INPUT');
    expect(codeOf(() => prepareBatch('f', lr, x, { keys: 3 as never }, 100))).toBe('BAD_INPUT');
    expect(codeOf(() => prepareBatch('f', lr, x, 'fast' as never, 100))).toBe('BAD_OPTION');
  });
});

describe('model output checks', () => {
  it('reject wrong shapes and non-finite outputs, and copy strided outputs', () => {
    const x = uniformMatrix(3, 2, 1);
    const short: Model = { inputDim: 2, classes: 2, predictProba: () => ({ rows: 2, cols: 2, data: new Float64Array(4) }) };
    expect(codeOf(() => predictRows(short, x, 'f', 100))).toBe('SHAPE_MISMATCH');
    const nan: Model = {
      inputDim: 2,
      classes: 2,
      predictProba: (m) => ({ rows: m.rows, cols: 2, data: new Float64Array(m.rows * 2).fill(Number.NaN) }),
    };
    expect(codeOf(() => predictRows(nan, x, 'f', 100))).toBe('NON_FINITE');
    const strided: Model = {
      inputDim: 2,
      classes: 2,
      predictProba: (m) => ({
        rows: m.rows,
        cols: 2,
        stride: 3,
        offset: 1,
        data: Float64Array.from({ length: 1 + 3 * m.rows }, (_, k) => k),
      }),
    };
    expect(Array.from(predictRows(strided, x, 'f', 100).data)).toEqual([1, 2, 4, 5, 7, 8]);
    const badGrad = { ...lr, inputGradient: () => 'nope' } as unknown as Parameters<typeof gradientRows>[0];
    expect(codeOf(() => gradientRows(badGrad, x, new Int32Array(3), 'probability', 'f', 100))).toBe('SHAPE_MISMATCH');
  });
});

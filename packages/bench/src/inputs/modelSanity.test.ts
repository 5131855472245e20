import { fromRows } from '@xai/core';
import type { Model } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { modelSanity, sanityWarning } from './modelSanity.js';

/** A model whose p(class 1) is given per row by `p(x[0])`. */
const modelOf = (p: (v: number) => number): Model => ({
  inputDim: 1,
  classes: 2,
  predictProba: (x) => {
    const data = new Float64Array(x.rows * 2);
    for (let i = 0; i < x.rows; i++) {
      const q = p(x.data[i]!);
      data[2 * i] = 1 - q;
      data[2 * i + 1] = q;
    }
    return { rows: x.rows, cols: 2, data };
  },
});

// 10 rows, x = 0..9; labels: 7 zeros then 3 ones (base rate 0.7).
const x = fromRows(Array.from({ length: 10 }, (_, i) => [i]));
const y = Int32Array.from({ length: 10 }, (_, i) => (i >= 7 ? 1 : 0));

describe('modelSanity', () => {
  it('a model that beats the base rate passes', () => {
    const s = modelSanity(
      modelOf((v) => (v >= 7 ? 0.9 : 0.1)),
      x,
      y,
      2,
    );
    expect(s).toMatchObject({ rows: 10, accuracy: 1, baseRate: 0.7, constantShare: 0.7, problem: null });
    expect(sanityWarning(s, 'd/m')).toBeNull();
  });

  it('a constant model is flagged, naming its class and the input-space flag', () => {
    const s = modelSanity(
      modelOf(() => 0.2),
      x,
      y,
      2,
    );
    expect(s).toMatchObject({ accuracy: 0.7, constantShare: 1, modalPrediction: 0, problem: 'constant' });
    expect(sanityWarning(s, 'd/m')).toMatch(/^d\/m: the model predicts class 0 for all 10 test rows .*--model-input raw\|scaled/);
  });

  it('a varied model at or below the base rate is flagged with both figures', () => {
    // Right on rows 0..5 and 9, wrong on 6, 7, 8: accuracy 0.7 = base rate, not above it.
    const s = modelSanity(
      modelOf((v) => (v === 6 || v === 9 ? 0.9 : 0.1)),
      x,
      y,
      2,
    );
    expect(s.accuracy).toBeCloseTo(0.7, 15);
    expect(s.problem).toBe('at-or-below-base-rate');
    expect(sanityWarning(s, 'd/m')).toMatch(/test accuracy 70\.0 % is not above the base rate 70\.0 %/);
  });
});

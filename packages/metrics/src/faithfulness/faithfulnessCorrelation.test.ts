import { describe, expect, it } from 'vitest';
import { fromRows, row } from '@xai/core';
import { faithfulnessCorrelation } from './faithfulnessCorrelation.js';
import { gradientTimesInput, linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

describe('faithfulnessCorrelation', () => {
  it('is exactly 1 for gradient × input of a linear model (Σ_S e = f(x) − f(x_S = 0)), −1 when negated', () => {
    const model = linearValueModel([1, -2, 3, 0.5, -1.5, 2.5], 0.3);
    const x = randomMatrix(5, 6, 7);
    const e = gradientTimesInput(model, x, new Int32Array(5));
    const r = faithfulnessCorrelation({ x, attributions: e, model }, { samples: 40, subsetSize: 2 });
    for (const v of r.values) expect(v).toBeCloseTo(1, 12);
    const neg = { rows: 5, cols: 6, data: e.data.map((v) => -v) };
    for (const v of faithfulnessCorrelation({ x, attributions: neg, model }, { samples: 40 }).values) expect(v).toBeCloseTo(-1, 12);
  });

  it('subsetSize = d: every subset is all features, the attribution sum is constant → undefined, counted', () => {
    // With subsetSize = d every subset is all features: the attribution sum is constant → undefined.
    const model = linearSoftmax([
      [1, 2, 0],
      [0, -1, 1],
    ]);
    const x = fromRows([[0.2, -0.4, 1]]);
    const r = faithfulnessCorrelation({ x, attributions: fromRows([[1, 2, 3]]), model }, { subsetSize: 3, samples: 5 });
    expect(r.undefinedIndices).toEqual([0]);
    expect(r.count).toBe(0);
  });

  it('counts all-zero attributions as undefined and keeps the others', () => {
    const model = linearValueModel([1, 2, 3, 4]);
    const x = randomMatrix(3, 4, 8);
    const e = gradientTimesInput(model, x, new Int32Array(3));
    e.data.fill(0, 4, 8);
    const r = faithfulnessCorrelation({ x, attributions: e, model }, { samples: 30 });
    expect(r.undefinedIndices).toEqual([1]);
    expect(r.count).toBe(2);
    expect(r.mean).toBeCloseTo(1, 12);
  });

  it('rejects a subset larger than d', () => {
    const model = linearValueModel([1, 2]);
    const x = fromRows([[1, 2]]);
    expect(() => faithfulnessCorrelation({ x, attributions: x, model }, { subsetSize: 3 })).toThrow(/BAD_OPTION.*subsetSize/);
  });
});

describe('faithfulness correlation under quantus', () => {
  // f = w·x: setting a subset S to the row minimum m drops f by Σ_{j∈S} w_j (x_j − m), so the
  // attribution a_j = w_j (x_j − m) makes Σ_S a = Δf on every subset: ρ = 1 exactly.
  it('sets the subset to the row minimum (Quantus\' "black"): a = w (x − min x) correlates perfectly', () => {
    const w = [0.4, -1.2, 2, 0.3, -0.8, 1.1];
    const model = linearValueModel(w);
    const x = randomMatrix(3, 6, 17);
    const rows = [0, 1, 2].map((i) => {
      const r = Array.from(row(x, i));
      const m = Math.min(...r);
      return w.map((wj, j) => wj * (r[j]! - m));
    });
    const input = { x, attributions: fromRows(rows), model };
    for (const v of faithfulnessCorrelation(input, { preset: 'quantus', samples: 12, subsetSize: 2 }).values) expect(v).toBeCloseTo(1, 12);
    const zeroBaseline = faithfulnessCorrelation(input, { samples: 12, subsetSize: 2 }).values;
    expect(Math.min(...zeroBaseline)).toBeLessThan(0.999);
  });
});

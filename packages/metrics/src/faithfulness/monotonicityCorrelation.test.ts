import { describe, expect, it } from 'vitest';
import { fromRows, row } from '@xai/core';
import { monotonicityCorrelation } from './monotonicityCorrelation.js';
import { gradient, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

describe('monotonicityCorrelation', () => {
  // Linear model: resampling x_j by N(0, σ²) changes f by w_j·ε, so v_j = w_j² σ² mean(ε²);
  // with magnitudes a factor 2 apart and 400 draws the order of v_j is the order of |w_j|.
  const w = [1, -2, 4, -8, 16];
  const model = linearValueModel(w);
  const x = randomMatrix(4, 5, 9);

  it('is 1 for the gradient of a linear model with well-separated weights, −1 for the reversed ranking', () => {
    const g = gradient(model, x, new Int32Array(4));
    for (const v of monotonicityCorrelation({ x, attributions: g, model }, { samples: 400 }).values) expect(v).toBe(1);
    const reversed = { rows: 4, cols: 5, data: new Float64Array(20).map((_, k) => 1 / Math.abs(w[k % 5]!)) };
    for (const v of monotonicityCorrelation({ x, attributions: reversed, model }, { samples: 400 }).values) expect(v).toBe(-1);
  });

  it('uses |attribution| by default and the signed value with abs: false', () => {
    const g = gradient(model, x, new Int32Array(4));
    const signed = monotonicityCorrelation({ x, attributions: g, model }, { samples: 400, abs: false }).values[0]!;
    // signed w = (1, −2, 4, −8, 16) ranks (3, 2, 4, 1, 5) against v ranks (1, 2, 3, 4, 5): ρ = 1 − 6·Σd²/(n(n²−1)) = 1 − 6·14/120 = 0.3
    expect(signed).toBeCloseTo(0.3, 12);
  });

  it('is undefined (counted) for constant attributions', () => {
    const r = monotonicityCorrelation({ x, attributions: { rows: 4, cols: 5, data: new Float64Array(20).fill(1) }, model });
    expect(r.undefinedIndices).toEqual([0, 1, 2, 3]);
  });
});

describe('monotonicity correlation under quantus', () => {
  // f = w·x on a value model: replacing x_j by u ~ U(0, 1) changes f by w_j (u − x_j), so
  // E[Δf²] = w_j² (1/12 + (1/2 − x_j)²); with many draws the effects rank as these closed forms,
  // so |a| ranked the same way scores ρ = 1 (the row-range closed form ranks row 1 otherwise).
  it("replaces a feature by U(0, 1) (Quantus' uniform baseline): the closed-form ranking scores 1", () => {
    const w = [0.3, -2, 1, 0.7, -1.6];
    const model = linearValueModel(w);
    const x = fromRows([
      [0.1, 0.9, -0.4, 0.5, 0.2],
      [1.5, -0.3, 0.8, -1.1, 0.4],
    ]);
    const expected = fromRows(
      [0, 1].map((i) => {
        const r = Array.from(row(x, i));
        return w.map((wj, j) => wj * wj * (1 / 12 + (0.5 - r[j]!) ** 2));
      }),
    );
    const rowRange = fromRows(
      [0, 1].map((i) => {
        const r = Array.from(row(x, i));
        const lo = Math.min(...r);
        const hi = Math.max(...r);
        return w.map((wj, j) => wj * wj * ((hi - lo) ** 2 / 12 + ((lo + hi) / 2 - r[j]!) ** 2));
      }),
    );
    expect(monotonicityCorrelation({ x, attributions: rowRange, model }, { preset: 'quantus', samples: 3000 }).values[1]).toBeLessThan(1);
    const res = monotonicityCorrelation({ x, attributions: expected, model }, { preset: 'quantus', samples: 3000 });
    expect(Array.from(res.values)).toEqual([1, 1]);
    expect(() => monotonicityCorrelation({ x, attributions: expected, model }, { preset: 'quantus', std: 0.1 })).toThrow(
      /BAD_OPTION.*options\.std/,
    );
  });
});

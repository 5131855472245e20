import { describe, expect, it } from 'vitest';
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

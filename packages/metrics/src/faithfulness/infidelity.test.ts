import { describe, expect, it } from 'vitest';
import { fromRows, isXaiError } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { infidelity } from './infidelity.js';
import { gradient, gradientTimesInput, linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

// Captum's BasicModel2: f(x1, x2) = relu(relu(x1) − 1 − relu(x2)), here a value model.
const basicModel2: Model = {
  inputDim: 2,
  classes: 1,
  output: 'value',
  predictProba(x: Matrix): Matrix {
    const out = new Float64Array(x.rows);
    for (let i = 0; i < x.rows; i++) out[i] = Math.max(0, Math.max(0, x.data[2 * i]!) - 1 - Math.max(0, x.data[2 * i + 1]!));
    return { rows: x.rows, cols: 1, data: out };
  },
};

describe('infidelity', () => {
  it("matches Captum's test_basic_infidelity_single/multiple (0.0000316)", () => {
    // Exact IG of BasicModel2 at (3, 1) from baseline 0 is (1.5, −0.5); Captum's test divides it by
    // the input → (0.5, −0.5), perturbs by the constant I = (0.0009, 0.0121), x' = x − I.
    // (a − Δf)² = (0.5·0.0009 − 0.5·0.0121 − (1 − 1.0112))² = 0.0056² = 3.136e-5.
    const x = fromRows([
      [3, 1],
      [3, 1],
      [3, 1],
    ]);
    const attributions = fromRows([
      [0.5, -0.5],
      [0.5, -0.5],
      [0.5, -0.5],
    ]);
    const perturbation = (xi: Float64Array, _rng: unknown, I: Float64Array, xp: Float64Array): void => {
      I[0] = 0.0009;
      I[1] = 0.0121;
      xp[0] = xi[0]! - I[0];
      xp[1] = xi[1]! - I[1];
    };
    const r = infidelity({ x, attributions, model: basicModel2 }, { perturbation, samples: 10 });
    for (const v of r.values) expect(v).toBeCloseTo(3.136e-5, 10);
    expect(Math.abs(r.values[0]! - 0.0000316)).toBeLessThan(1e-4); // Captum's tolerance
  });

  it('is 0 for the exact gradient of a linear model under Gaussian perturbations (Yeh et al. prop. 2.2)', () => {
    const w = [0.5, -1.2, 2, 0.3];
    const model = linearValueModel(w, 0.7);
    const x = randomMatrix(6, 4, 1);
    const attributions = gradient(model, x, new Int32Array(6));
    for (const normalize of [false, true]) {
      const r = infidelity({ x, attributions, model }, { samples: 20, std: 0.3, normalize });
      for (const v of r.values) expect(v).toBeLessThan(1e-12);
      if (normalize) for (const b of r.beta) expect(b).toBeCloseTo(1, 12);
    }
  });

  it("is 0 for gradient × input of a linear model under Captum's subset (sensitivity-n) perturbation", () => {
    const model = linearValueModel([1, -2, 3, 0.5, -0.25], 1);
    const x = randomMatrix(5, 5, 2);
    const attributions = gradientTimesInput(model, x, new Int32Array(5));
    const r = infidelity({ x, attributions, model }, { perturbation: 'subset', samples: 30 });
    for (const v of r.values) expect(v).toBeLessThan(1e-12);
  });

  it('normalize recovers the scale: 2·gradient gets β = 1/2 and infidelity 0, unnormalised E[(w·I)²]', () => {
    const w = [1, 2, -1];
    const model = linearValueModel(w);
    const x = randomMatrix(3, 3, 3);
    const g = gradient(model, x, new Int32Array(3));
    const twice = { rows: 3, cols: 3, data: g.data.map((v) => 2 * v) };
    const norm = infidelity({ x, attributions: twice, model }, { samples: 50, normalize: true });
    for (const b of norm.beta) expect(b).toBeCloseTo(0.5, 12);
    for (const v of norm.values) expect(v).toBeLessThan(1e-12);
    // Unnormalised: (2w·I − w·I)² = (w·I)², whose mean is σ²||w||² = 0.01·6 = 0.06 in expectation.
    const raw = infidelity({ x, attributions: twice, model }, { samples: 4000 });
    for (const v of raw.values) expect(v).toBeCloseTo(0.06, 2);
  });

  it('draws depend on row content, not position; probabilities of a classifier work', () => {
    const model = linearSoftmax([
      [1, 0, -1],
      [0, 1, 1],
      [-1, 1, 0],
    ]);
    const x = randomMatrix(4, 3, 4);
    const attributions = randomMatrix(4, 3, 5);
    const a = infidelity({ x, attributions, model }, { seed: 3 });
    const rev = (m: Matrix): Matrix => fromRows([3, 2, 1, 0].map((i) => Array.from(m.data.subarray(i * 3, i * 3 + 3))));
    const b = infidelity({ x: rev(x), attributions: rev(attributions), model }, { seed: 3 });
    expect(Array.from(b.values).reverse()).toEqual(Array.from(a.values));
    expect(infidelity({ x, attributions, model }, { seed: 4 }).values).not.toEqual(a.values);
  });

  it('rejects unknown options and bad shapes with typed errors', () => {
    const model = linearValueModel([1, 2]);
    const x = fromRows([[1, 2]]);
    expect(() => infidelity({ x, attributions: x, model }, { sample: 3 } as never)).toThrow(/BAD_OPTION.*did you mean 'samples'/);
    try {
      infidelity({ x, attributions: fromRows([[1, 2, 3]]), model });
      expect.unreachable();
    } catch (e) {
      expect(isXaiError(e, 'SHAPE_MISMATCH')).toBe(true);
    }
    expect(() => infidelity({ x, attributions: x }, {})).toThrow(/BAD_INPUT.*infidelity.*model/);
  });
});

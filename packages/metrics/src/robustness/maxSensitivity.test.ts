import { describe, expect, it } from 'vitest';
import { fromRows, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import { maxSensitivity } from './maxSensitivity.js';
import { avgSensitivity } from './avgSensitivity.js';
import { localLipschitz } from './localLipschitz.js';
import { denseMlp, gradient, linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

const map = (x: Matrix, f: (v: number) => number): Matrix => ({
  rows: x.rows,
  cols: x.cols,
  data: Float64Array.from({ length: x.rows * x.cols }, (_, k) => f(row(x, Math.floor(k / x.cols))[k % x.cols]!)),
});
const identity: ExplainFn = (_m, x) => map(x, (v) => v); // e(x) = x: the gradient of ||x||²/2
const twice: ExplainFn = (_m, x) => map(x, (v) => 2 * v);

// Captum's BasicModel2 f = relu(relu(x1) − 1 − relu(x2)) and its Saliency |∂f/∂x|.
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
const saliency2: ExplainFn = (_m, x) => {
  const out = new Float64Array(x.rows * 2);
  for (let i = 0; i < x.rows; i++) {
    const a = x.data[2 * i]!,
      b = x.data[2 * i + 1]!;
    const on = Math.max(0, a) - 1 - Math.max(0, b) > 0;
    out[2 * i] = on && a > 0 ? 1 : 0;
    out[2 * i + 1] = on && b > 0 ? 1 : 0; // |−1|
  }
  return { rows: x.rows, cols: 2, data: out };
};

describe('max-/avg-sensitivity', () => {
  it('Captum test_basic_sensitivity_max_single/multiple: Saliency of BasicModel2 at (3, 1) is 0 (default radius 0.02)', () => {
    const x = fromRows(Array.from({ length: 20 }, () => [3, 1]));
    const r = maxSensitivity({ x, model: basicModel2, explain: saliency2 });
    expect(Array.from(r.values)).toEqual(new Array(20).fill(0));
  });

  it('is 0 for the gradient of a linear model (constant explanation), for max, avg and Lipschitz', () => {
    const model = linearValueModel([1, -2, 0.5]);
    const x = randomMatrix(5, 3, 20);
    for (const f of [maxSensitivity, avgSensitivity, localLipschitz]) {
      for (const v of f({ x, model, explain: gradient }).values) expect(v).toBe(0);
    }
  });

  it('closed form for e(x) = x with a fixed perturbation δ: ||δ|| / ||x|| in every norm', () => {
    const model = linearValueModel([1, 1, 1]);
    const x = fromRows([
      [1, 2, 2],
      [3, 0, 4],
    ]);
    const delta = [0.01, -0.02, 0.02];
    const perturb = (xi: Float64Array, _r: unknown, out: Float64Array): void => {
      for (let j = 0; j < 3; j++) out[j] = xi[j]! + delta[j]!;
    };
    expect(maxSensitivity({ x, model, explain: identity }, { perturb, samples: 3 }).values[0]).toBeCloseTo(0.03 / 3, 14);
    expect(maxSensitivity({ x, model, explain: identity }, { perturb, norm: 'l1' }).values[1]).toBeCloseTo(0.05 / 7, 14);
    expect(maxSensitivity({ x, model, explain: identity }, { perturb, norm: 'linf' }).values[1]).toBeCloseTo(0.02 / 4, 14);
    expect(maxSensitivity({ x, model, explain: identity }, { perturb, normalize: false }).values[0]).toBeCloseTo(0.03, 14);
  });

  it('uniform L∞ draws: max ≤ r·√d / ||x||, avg ≤ max row by row, same draws for both', () => {
    const model = linearValueModel([1, 1, 1, 1]);
    const x = randomMatrix(8, 4, 21);
    const r = 0.05;
    const mx = maxSensitivity({ x, model, explain: identity }, { radius: r, samples: 15 });
    const av = avgSensitivity({ x, model, explain: identity }, { radius: r, samples: 15 });
    for (let i = 0; i < 8; i++) {
      const xn = Math.hypot(...row(x, i));
      expect(mx.values[i]!).toBeLessThanOrEqual((r * 2) / xn + 1e-12);
      expect(mx.values[i]!).toBeGreaterThan(0);
      expect(av.values[i]!).toBeLessThanOrEqual(mx.values[i]! + 1e-15);
    }
  });

  it('a zero explanation norm divides by 1 as Captum does', () => {
    const model = linearValueModel([1, 1]);
    const x = fromRows([[0, 0]]);
    const perturb = (_xi: Float64Array, _r: unknown, out: Float64Array): void => {
      out[0] = 0.3;
      out[1] = 0.4;
    };
    expect(maxSensitivity({ x, model, explain: identity }, { perturb }).values[0]).toBeCloseTo(0.5, 14);
  });

  it('uses the given attributions as e(x) and re-explains the neighbours in one call', () => {
    const model = denseMlp([3, 4, 2], 2);
    const x = randomMatrix(4, 3, 22);
    let calls = 0;
    const counted: ExplainFn = (m, xs, t) => {
      calls++;
      return gradient(m, xs, t);
    };
    const attributions = gradient(model, x, new Int32Array([0, 1, 0, 1]));
    maxSensitivity({ x, model, attributions, targets: new Int32Array([0, 1, 0, 1]), explain: counted }, { samples: 7 });
    expect(calls).toBe(1);
    expect(() => maxSensitivity({ x, model }, {})).toThrow(/BAD_INPUT.*maxSensitivity.*explain/);
    expect(() => maxSensitivity({ x, model, explain: gradient }, { radious: 1 } as never)).toThrow(/did you mean 'radius'/);
  });
});

describe('localLipschitz', () => {
  it('is exactly 1 for e(x) = x and 2 for e(x) = 2x (ratio of norms of the same δ)', () => {
    const model = linearSoftmax([
      [1, 0],
      [0, 1],
    ]);
    const x = randomMatrix(5, 2, 23);
    for (const v of localLipschitz({ x, model, explain: identity }).values) expect(v).toBeCloseTo(1, 12);
    for (const v of localLipschitz({ x, model, explain: twice }, { std: 0.3 }).values) expect(v).toBeCloseTo(2, 12);
  });

  it('std 0 is a BAD_OPTION naming options.std (it left every neighbour equal to x)', () => {
    const model = linearValueModel([1, 2]);
    const x = randomMatrix(3, 2, 24);
    expect(() => localLipschitz({ x, model, explain: identity }, { std: 0 })).toThrow(/BAD_OPTION.*localLipschitz.*options\.std/);
  });
});

import { describe, expect, it } from 'vitest';
import { fromRows, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import { completeness } from './completeness.js';
import { nonSensitivity } from './nonSensitivity.js';
import { denseMlp, gradient, gradientTimesInput, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';

/** Exact Shapley values by enumerating all 2^d coalitions, absent features at the baseline. */
function exactShapley(model: Model, x: Matrix, targets: Int32Array, baseline: number[]): Matrix {
  const d = x.cols;
  const out = new Float64Array(x.rows * d);
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  for (let i = 0; i < x.rows; i++) {
    const xi = row(x, i);
    const masks = 1 << d;
    const pts = new Float64Array(masks * d);
    for (let m = 0; m < masks; m++) for (let j = 0; j < d; j++) pts[m * d + j] = (m >> j) & 1 ? xi[j]! : baseline[j]!;
    const p = model.predictProba({ rows: masks, cols: d, data: pts });
    const f = (m: number): number => p.data[m * p.cols + targets[i]!]!;
    for (let j = 0; j < d; j++) {
      let phi = 0;
      for (let m = 0; m < masks; m++) {
        if ((m >> j) & 1) continue;
        let s = 0;
        for (let k = 0; k < d; k++) s += (m >> k) & 1;
        phi += ((fact(s) * fact(d - s - 1)) / fact(d)) * (f(m | (1 << j)) - f(m));
      }
      out[i * d + j] = phi;
    }
  }
  return { rows: x.rows, cols: d, data: out };
}

describe('completeness', () => {
  it('exact Shapley values of an MLP have zero gap (efficiency), for a classifier and a value model', () => {
    for (const output of ['probabilities', 'value'] as const) {
      const model = denseMlp([4, 6, 3], 5, output);
      const x = randomMatrix(5, 4, 40);
      const targets = new Int32Array([0, 1, 2, 1, 0]);
      const baseline = [0.1, -0.2, 0, 0.3];
      const phi = exactShapley(model, x, targets, baseline);
      const r = completeness({ x, attributions: phi, model, targets }, { baseline });
      for (const v of r.values) expect(v).toBeLessThan(1e-12);
    }
  });

  it('closed form for the plain gradient of a linear model: |Σw − w·(x − x₀)|', () => {
    const w = [1, -2, 0.5];
    const model = linearValueModel(w, 0.4);
    const x = fromRows([
      [1, 1, 1],
      [2, 0, -1],
    ]);
    const r = completeness({ x, attributions: gradient(model, x, new Int32Array(2)), model });
    expect(r.values[0]).toBeCloseTo(Math.abs(-0.5 - -0.5), 14);
    expect(r.values[1]).toBeCloseTo(Math.abs(-0.5 - 1.5), 14);
    const rel = completeness({ x, attributions: gradientTimesInput(model, x, new Int32Array(2)), model }, { relative: true });
    for (const v of rel.values) expect(v).toBeLessThan(1e-14);
  });
});

describe('nonSensitivity', () => {
  const model = linearValueModel([1, 0, 2, 0]); // features 1 and 3 are dummies
  const x = fromRows([
    [1, 2, 3, 4],
    [0.5, -1, 0, 2],
  ]);
  it('0 for the gradient; each misplaced zero or non-zero is one violation', () => {
    expect(Array.from(nonSensitivity({ x, attributions: gradient(model, x, new Int32Array(2)), model }).values)).toEqual([0, 0]);
    expect(
      nonSensitivity({
        x,
        attributions: fromRows([
          [1, 0.5, 2, 0],
          [1, 0, 2, 0],
        ]),
        model,
      }).values[0],
    ).toBe(1);
    expect(
      nonSensitivity({
        x,
        attributions: fromRows([
          [1, 0, 0, 0],
          [1, 0, 0, 3],
        ]),
        model,
      }).values[1],
    ).toBe(2);
    // Gradient × input at x_2 = 0: feature 2 matters but gets 0 → one violation in row 1.
    expect(Array.from(nonSensitivity({ x, attributions: gradientTimesInput(model, x, new Int32Array(2)), model }).values)).toEqual([0, 1]);
  });
});

describe('completeness under quantus', () => {
  it('takes the row minimum as x₀ (Quantus\' "black"): w (x − min x) is exactly complete for f = w·x + b', () => {
    const w = [0.7, -1.1, 2.2, 0.4];
    const model = linearValueModel(w, 0.3);
    const x = randomMatrix(4, 4, 29);
    const rows = [0, 1, 2, 3].map((i) => {
      const r = Array.from(row(x, i));
      const m = Math.min(...r);
      return w.map((wj, j) => wj * (r[j]! - m));
    });
    const input = { x, attributions: fromRows(rows), model };
    for (const v of completeness(input, { preset: 'quantus' }).values) expect(v).toBeLessThan(1e-12);
    expect(completeness(input).mean).toBeGreaterThan(1e-3); // baseline 0
  });
});

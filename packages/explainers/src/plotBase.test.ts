import type { Matrix } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { createExplainer } from './createExplainer.js';
import { mlp } from './__fixtures__/models.js';
import { plotBase, plotTarget } from './plotBase.js';

/** Rows in [−1.3, 1.3] from a fixed sequence (no randomness). */
function rows(n: number, d: number, offset: number): Matrix {
  return { rows: n, cols: d, data: Float64Array.from({ length: n * d }, (_, k) => Math.sin(1.7 * (k + offset)) * 1.3) };
}

const d = 4;
const w = (n: number, seed: number): Float64Array => Float64Array.from({ length: n }, (_, k) => Math.cos(seed + 2.3 * k));
const model = mlp(
  [
    { w: w(8 * d, 1), b: w(8, 2), in: d, out: 8 },
    { w: w(2 * 8, 3), b: w(2, 4), in: 8, out: 2 },
  ],
  'tanh',
);
const train = rows(60, d, 0);
const p1 = (m: Matrix): number[] => Array.from({ length: m.rows }, (_, i) => model.predictProba(m).data[i * 2 + 1]!);

describe('plotBase', () => {
  it('plots class 1 of a classifier', () => {
    expect(plotTarget(model)).toBe(1);
  });
  it("the gradient's base is the mean class-1 output over the training rows", () => {
    const base = plotBase(model, createExplainer('grad', { train }), train, 1);
    const mean = p1(train).reduce((s, v) => s + v, 0) / train.rows;
    expect(base.from).toBe('training-mean');
    expect(base.base).toBeCloseTo(mean, 12);
  });

  it("KernelSHAP's base is the weighted mean output over its background, so its attributions add up to f(x) − base", () => {
    const shap = createExplainer('shap', { train, seed: 0 });
    const base = plotBase(model, shap, train, 1);
    expect(base.from).toBe('background');
    const bg = shap.config.backgroundRows!;
    const weights = shap.config.backgroundWeights!;
    const bgOut = p1({ rows: bg.length, cols: d, data: Float64Array.from(bg.flat()) });
    expect(base.base).toBeCloseTo(bgOut.reduce((s, v, k) => s + weights[k]! * v, 0) / weights.reduce((s, v) => s + v, 0), 12);
    const x = rows(6, d, 1000);
    const a = shap.explain(model, x, { targets: new Int32Array(6).fill(1) });
    const f = p1(x);
    for (let i = 0; i < 6; i++) expect(a.data.subarray(i * d, (i + 1) * d).reduce((t, v) => t + v, 0)).toBeCloseTo(f[i]! - base.base, 10);
  });

  it('IG with inputs multiplied: the base is the output at its baseline (the training mean)', () => {
    const ig = createExplainer('ig', { train });
    const base = plotBase(model, ig, train, 1);
    const mean = Array.from(
      { length: d },
      (_, j) => Array.from({ length: train.rows }, (_, i) => train.data[i * d + j]!).reduce((s, v) => s + v, 0) / train.rows,
    );
    expect(base.from).toBe('baseline');
    expect(base.base).toBeCloseTo(p1({ rows: 1, cols: d, data: Float64Array.from(mean) })[0]!, 12);
  });
});

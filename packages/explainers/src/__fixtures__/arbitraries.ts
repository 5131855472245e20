// fast-check arbitraries of the explainers' property tests (test-only): small tanh MLPs whose
// weights are drawn (so a failure shrinks to a small model), seen as value models on their
// logits, and linear combinations of such models with their exact gradients.
import fc from 'fast-check';
import type { InputGradientOptions, Matrix, Model } from '@xai/core';
import { mlp } from './models.js';

/** Seed and run count of one property: reproducible in CI, small enough for the whole suite. */
export const runs = (numRuns: number, seed: number): { numRuns: number; seed: number } => ({ numRuns, seed });

export interface Layer {
  readonly w: Float64Array;
  readonly b: Float64Array;
  readonly in: number;
  readonly out: number;
}

/**
 * A real in [-bound, bound] on a 2^-20 grid, shrinking to 0. (fc.double is uniform over the
 * bit patterns, so nearly all its draws in a range like [-2, 2] are subnormal-small: models
 * and scales drawn from it would be degenerate.)
 */
export const real = (bound: number): fc.Arbitrary<number> =>
  fc.integer({ min: -(2 ** 20), max: 2 ** 20 }).map((k) => (k / 2 ** 20) * bound);

const weight = real(2);
const vector = (length: number): fc.Arbitrary<Float64Array> =>
  fc.array(weight, { minLength: length, maxLength: length }).map((v) => Float64Array.from(v));

/** A d-h-K tanh MLP's layers (h hidden units, K outputs), weights in [-2, 2]. */
export function layersArb(d: number, h: number, K: number): fc.Arbitrary<Layer[]> {
  return fc.tuple(vector(h * d), vector(h), vector(K * h), vector(K)).map(([w1, b1, w2, b2]) => [
    { w: w1, b: b1, in: d, out: h },
    { w: w2, b: b2, in: h, out: K },
  ]);
}

/** An n x d matrix with entries in [-1, 1]. */
export function pointsArb(n: number, d: number): fc.Arbitrary<Matrix> {
  return fc.array(real(1), { minLength: n * d, maxLength: n * d }).map((v) => ({ rows: n, cols: d, data: Float64Array.from(v) }));
}

/** The MLP's K logits as a value model (`output: 'value'`), with their exact input gradients. */
export function logitModel(layers: readonly Layer[]): Model {
  const m = mlp(layers as Layer[], 'tanh');
  return {
    inputDim: m.inputDim,
    classes: m.classes,
    output: 'value',
    predictProba: (x: Matrix): Matrix => m.logits!(x),
    inputGradient: (x: Matrix, targets: Int32Array): Matrix => m.inputGradient!(x, targets, { output: 'logit' }),
  };
}

/** Σ_k a_k f_k as a value model: outputs and input gradients combined term by term. */
export function combination(terms: readonly (readonly [number, Model])[]): Model {
  const [, first] = terms[0]!;
  const sum = (parts: Matrix[]): Matrix => {
    const out = new Float64Array(parts[0]!.rows * parts[0]!.cols);
    parts.forEach((p, k) => {
      for (let q = 0; q < out.length; q++) out[q] = out[q]! + terms[k]![0] * p.data[q]!;
    });
    return { rows: parts[0]!.rows, cols: parts[0]!.cols, data: out };
  };
  return {
    inputDim: first.inputDim,
    classes: first.classes,
    output: 'value',
    predictProba: (x: Matrix): Matrix => sum(terms.map(([, f]) => f.predictProba(x))),
    inputGradient: (x: Matrix, targets: Int32Array, o?: InputGradientOptions): Matrix =>
      sum(terms.map(([, f]) => f.inputGradient!(x, targets, o))),
  };
}

/** The layers with the first layer's column `to` replaced by a copy of column `from` (or zeros). */
export function withInputColumn(layers: readonly Layer[], to: number, from: number | 'zero'): Layer[] {
  const [first, ...rest] = layers;
  const w = Float64Array.from(first!.w);
  for (let o = 0; o < first!.out; o++) w[o * first!.in + to] = from === 'zero' ? 0 : w[o * first!.in + from]!;
  return [{ ...first!, w }, ...rest];
}

/** A copy of m whose column `to` equals its column `from`. */
export function withColumnCopied(m: Matrix, to: number, from: number): Matrix {
  const data = Float64Array.from(m.data);
  for (let i = 0; i < m.rows; i++) data[i * m.cols + to] = data[i * m.cols + from]!;
  return { rows: m.rows, cols: m.cols, data };
}

/** Row i of m as a 1 x d matrix. */
export const rowMatrix = (m: Matrix, i: number): Matrix => ({ rows: 1, cols: m.cols, data: m.data.slice(i * m.cols, (i + 1) * m.cols) });

/** Output t of a value model at one point. */
export const valueAt = (model: Model, point: ArrayLike<number>, t: number): number =>
  model.predictProba({ rows: 1, cols: point.length, data: Float64Array.from(point) }).data[t]!;

/** The largest |value| of a list (at least `floor`), the scale a rounding tolerance is relative to. */
export const magnitude = (values: Iterable<number>, floor = 1): number => {
  let m = floor;
  for (const v of values) m = Math.max(m, Math.abs(v));
  return m;
};

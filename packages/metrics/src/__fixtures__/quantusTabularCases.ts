// The cases of quantusTabularMetrics.py (the real Quantus run on them) as test inputs:
// the 2-class softmax over W x + c it used, with its exact probability gradient as explainer.
import { fromRows, row } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import type { ExplainFn } from '../extendedMetricTypes.js';
import cases from './quantusTabularMetrics.json' with { type: 'json' };

export { cases };

/** softmax(W x + c) with logits and dp_t/dx = p_t (W_t − Σ_k p_k W_k). */
export function softmaxModel(W: readonly (readonly number[])[], c: readonly number[]): Model {
  const C = W.length;
  const d = W[0]!.length;
  const logits = (x: Matrix): Matrix => {
    const out = new Float64Array(x.rows * C);
    for (let i = 0; i < x.rows; i++) {
      const r = row(x, i);
      for (let k = 0; k < C; k++) {
        let s = c[k]!;
        for (let j = 0; j < d; j++) s += W[k]![j]! * r[j]!;
        out[i * C + k] = s;
      }
    }
    return { rows: x.rows, cols: C, data: out };
  };
  const predictProba = (x: Matrix): Matrix => {
    const z = logits(x);
    for (let i = 0; i < x.rows; i++) {
      const r = z.data.subarray(i * C, (i + 1) * C);
      const m = Math.max(...r);
      let s = 0;
      for (let k = 0; k < C; k++) s += r[k] = Math.exp(r[k]! - m);
      for (let k = 0; k < C; k++) r[k] = r[k]! / s;
    }
    return z;
  };
  return {
    inputDim: d,
    classes: C,
    logits,
    predictProba,
    inputGradient(x: Matrix, t: Int32Array): Matrix {
      const p = predictProba(x).data;
      const out = new Float64Array(x.rows * d);
      for (let i = 0; i < x.rows; i++)
        for (let j = 0; j < d; j++) {
          let avg = 0;
          for (let k = 0; k < C; k++) avg += p[i * C + k]! * W[k]![j]!;
          out[i * d + j] = p[i * C + t[i]!]! * (W[t[i]!]![j]! - avg);
        }
      return { rows: x.rows, cols: d, data: out };
    },
  };
}

/** The fixture's model, inputs, attributions and targets. */
export function fixtureInput(): { model: Model; x: Matrix; attributions: Matrix; targets: Int32Array } {
  return {
    model: softmaxModel(cases.W, cases.c),
    x: fromRows(cases.x),
    attributions: fromRows(cases.attributions),
    targets: Int32Array.from(cases.targets),
  };
}

/** The gradient explainer. */
export const gradientExplain: ExplainFn = (m, x, t) => m.inputGradient!(x, t);

/** Largest relative error of `actual` against `expected` (absolute below 1e-12; NaN must meet NaN). */
export function maxRelativeError(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  if (actual.length !== expected.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let k = 0; k < expected.length; k++) {
    const a = actual[k]!;
    const b = expected[k]!;
    if (Number.isNaN(b) || Number.isNaN(a)) {
      if (!(Number.isNaN(a) && Number.isNaN(b))) return Number.POSITIVE_INFINITY;
      continue;
    }
    worst = Math.max(worst, Math.abs(a - b) / Math.max(Math.abs(b), 1e-12));
  }
  return worst;
}

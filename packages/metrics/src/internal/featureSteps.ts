// The stacked perturbations of Quantus' step-wise faithfulness metrics (pixel flipping,
// faithfulness estimate, sensitivity-n, monotonicity): instance i walks its own feature order
// `featuresInStep` features at a time; all n·steps rows go to the model in one call.
import { argsort, matrix, row } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { BaselineFill } from './quantusBaseline.js';

/**
 * How a step changes the row: `remove` keeps earlier removals (pixel flipping), `single`
 * removes only this step's features from x (faithfulness estimate), `insert` starts from the
 * baseline and puts x's values back (monotonicity).
 */
export type StepMode = 'remove' | 'single' | 'insert';

/** ⌈d / featuresInStep⌉, Quantus' `n_perturbations`. */
export function stepCount(d: number, featuresInStep: number): number {
  return Math.ceil(d / featuresInStep);
}

/** Rows (i·steps + s) of the result: instance i after step s of `orders[i]`. */
export function stepPerturbations(
  x: Matrix,
  orders: readonly Int32Array[],
  featuresInStep: number,
  mode: StepMode,
  fill: BaselineFill,
): Matrix {
  const { rows: n, cols: d } = x;
  const steps = stepCount(d, featuresInStep);
  const big = matrix(n * steps, d);
  const base = new Float64Array(d);
  const cur = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    fill(xi, base);
    const order = orders[i]!;
    cur.set(mode === 'insert' ? base : xi);
    for (let s = 0; s < steps; s++) {
      if (mode === 'single') cur.set(xi);
      const end = Math.min(d, (s + 1) * featuresInStep);
      for (let q = s * featuresInStep; q < end; q++) {
        const j = order[q]!;
        cur[j] = mode === 'insert' ? xi[j]! : base[j]!;
      }
      big.data.set(cur, (i * steps + s) * d);
    }
  }
  return big;
}

/** Σ of the attributions in each step of `order` (Quantus' `att_sums`), length ⌈d / featuresInStep⌉. */
export function stepSums(e: ArrayLike<number>, order: Int32Array, featuresInStep: number): Float64Array {
  const d = order.length;
  const out = new Float64Array(stepCount(d, featuresInStep));
  for (let q = 0; q < d; q++) {
    const s = Math.floor(q / featuresInStep);
    out[s] = out[s]! + e[order[q]!]!;
  }
  return out;
}

/** Trapezoid area with unit spacing (numpy's `trapz(y, dx=1)`, Quantus' `calculate_auc`). */
export function unitTrapezoid(y: ArrayLike<number>, from = 0, to = y.length): number {
  let s = 0;
  for (let k = from + 1; k < to; k++) s += (y[k - 1]! + y[k]!) / 2;
  return s;
}

/**
 * Each row's feature order: `most-relevant` sorts the signed attributions descending
 * (Quantus' `argsort(-a)`), `least-relevant-abs` sorts |a| ascending (Monotonicity's `abs=True`
 * then `argsort(a)`). Ties keep column order (numpy's sort is stable for d ≤ 16 only).
 */
export function attributionOrders(attributions: Matrix, how: 'most-relevant' | 'least-relevant-abs'): Int32Array[] {
  const out: Int32Array[] = [];
  const key = new Float64Array(attributions.cols);
  for (let i = 0; i < attributions.rows; i++) {
    const e = row(attributions, i);
    for (let j = 0; j < key.length; j++) key[j] = how === 'most-relevant' ? e[j]! : Math.abs(e[j]!);
    out.push(argsort(key, how === 'most-relevant'));
  }
  return out;
}

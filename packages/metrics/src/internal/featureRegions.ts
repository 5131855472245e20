// Quantus' patches on a feature vector (region perturbation, selectivity): the row is padded
// to a multiple of `patchSize` with floor(pad / 2) cells before it (utils.get_padding_size), and
// cut into consecutive patches; the padding carries no attribution and is never scored.
import { argsort, matrix, row } from '@xai/core';
import { positiveInt } from './options.js';
import type { Matrix } from '@xai/core';
import type { BaselineFill } from './quantusBaseline.js';

/** Feature indices of each patch, in Quantus' block order. */
export function featureRegions(d: number, patchSize: number): Int32Array[] {
  const pad = (patchSize - (d % patchSize)) % patchSize;
  const before = Math.floor(pad / 2);
  const count = (d + pad) / patchSize;
  const out: Int32Array[] = [];
  for (let r = 0; r < count; r++) {
    const lo = Math.max(0, r * patchSize - before);
    const hi = Math.min(d, (r + 1) * patchSize - before);
    out.push(Int32Array.from({ length: hi - lo }, (_, k) => lo + k));
  }
  return out;
}

/** Each row's patch order by attribution sum: descending ('morf') or ascending ('lerf'), ties in block order. */
export function regionOrders(attributions: Matrix, regions: readonly Int32Array[], order: 'morf' | 'lerf'): Int32Array[] {
  const sums = new Float64Array(regions.length);
  const out: Int32Array[] = [];
  for (let i = 0; i < attributions.rows; i++) {
    const e = row(attributions, i);
    for (let r = 0; r < regions.length; r++) {
      let s = 0;
      for (const j of regions[r]!) s += e[j]!;
      sums[r] = s;
    }
    out.push(argsort(sums, order === 'morf'));
  }
  return out;
}

/** Rows (i·steps + s): instance i with its first s + 1 patches (in `orders[i]`) set to the baseline. */
export function regionRemovals(
  x: Matrix,
  regions: readonly Int32Array[],
  orders: readonly Int32Array[],
  steps: number,
  fill: BaselineFill,
): Matrix {
  const { rows: n, cols: d } = x;
  const big = matrix(n * steps, d);
  const base = new Float64Array(d);
  const cur = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    fill(xi, base);
    cur.set(xi);
    for (let s = 0; s < steps; s++) {
      for (const j of regions[orders[i]![s]!]!) cur[j] = base[j]!;
      big.data.set(cur, (i * steps + s) * d);
    }
  }
  return big;
}

/** The patch size: a positive integer (wider than d is one padded patch, as Quantus); absent: 8 under `quantus` (Quantus' default), else 1. */
export function checkPatchSize(value: unknown, quantus: boolean, fn: string): number {
  return positiveInt(value, fn, 'options.patchSize', quantus ? 8 : 1);
}

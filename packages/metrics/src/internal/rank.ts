// Per-row ranking by magnitude, shared by the agreement metrics and the prediction gap.
// Unchecked kernels: inputs were validated at the public boundary.
import { argsort } from '@xai/core';

/** Writes |v| into `abs` and returns the stable descending order of |v| in `order`. */
export function orderByMagnitude(v: ArrayLike<number>, abs: Float64Array, order: Int32Array): Int32Array {
  for (let j = 0; j < abs.length; j++) abs[j] = Math.abs(v[j]!);
  return argsort(abs, true, order);
}

/**
 * Dense ranks of -|v| given the descending order of |v|: the largest magnitude gets 1,
 * ties share a rank, no gaps (scipy rankdata(-abs(v), 'dense'), as OpenXAI ranks).
 */
export function denseRanksFromOrder(abs: Float64Array, order: Int32Array, out: Float64Array): Float64Array {
  let rank = 0;
  let prev = Number.NaN;
  for (let p = 0; p < order.length; p++) {
    const j = order[p]!;
    const a = abs[j]!;
    if (p === 0 || a !== prev) rank++;
    out[j] = rank;
    prev = a;
  }
  return out;
}

/** Pearson correlation of two equal-length vectors; NaN when either is constant. */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i]! - ma;
    const db = b[i]! - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  if (saa === 0 || sbb === 0) return Number.NaN;
  // Clamp: rounding can push |r| a hair above 1 for identical rankings.
  return Math.max(-1, Math.min(1, sab / Math.sqrt(saa * sbb)));
}

// Coalition matrices for KernelSHAP (unchecked kernels). Layout per instance: row 0 = the
// full coalition, row 1 = the empty one, rows 2.. the proper coalitions (0/1 per feature).
import type { Rng } from '@xai/core';
import { fillRandomSubsets } from '@xai/core';

/** Shapley-kernel weight of a coalition of size k among d features (0 < k < d). */
export function shapleyKernel(d: number, k: number): number {
  let comb = 1;
  for (let t = 1; t <= k; t++) comb = (comb * (d - k + t)) / t;
  return (d - 1) / (comb * k * (d - k));
}

/**
 * All 2^d coalitions into z (2^d x d): full, empty, then masks 1..2^d−2; their Shapley-kernel
 * weights into w (w[0], w[1] untouched).
 */
export function enumerateCoalitions(d: number, z: Float64Array, w: Float64Array): void {
  z.fill(0, 0, 2 ** d * d);
  z.fill(1, 0, d);
  let r = 2;
  for (let mask = 1; mask < 2 ** d - 1; mask++, r++) {
    let k = 0;
    for (let j = 0; j < d; j++) {
      if ((mask >>> j) & 1) {
        z[r * d + j] = 1;
        k++;
      }
    }
    w[r] = shapleyKernel(d, k);
  }
}

/**
 * C coalitions into z[zo..zo+C·d): rows 0/1 = full/empty; the rest drawn with sizes from
 * `cdf` (the Shapley size law) and uniform members; with `paired`, every odd draw is the
 * complement of the one before.
 */
export function sampleCoalitions(rng: Rng, d: number, C: number, paired: boolean, cdf: Float64Array, z: Float64Array, zo: number): void {
  z.fill(1, zo, zo + d);
  z.fill(0, zo + d, zo + 2 * d);
  if (C <= 2) return;
  // No proper coalition exists below two features: repeat the endpoints.
  if (d < 2) for (let c = 2; c < C; c++) z.fill(c % 2 === 0 ? 1 : 0, zo + c * d, zo + (c + 1) * d);
  else fillRandomSubsets(rng, z, zo + 2 * d, C - 2, d, cdf, paired);
}

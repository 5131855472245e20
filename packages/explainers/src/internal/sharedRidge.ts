// One factorisation of LIME's weighted ridge problem for every row that shares a noise
// draw. With samples z_s = x + n_s (n_0 = 0) and weights w_s = k(‖n_s‖²), the weighted mean
// of z is x + mean_w(n), so the centred design z − mean_w(z) = n − mean_w(n) and the weights
// do not depend on x: the normal matrix A = Ncᵀ W Nc + αI is the same for all those rows
// and, with the intercept unpenalised, coef = A⁻¹ Ncᵀ W (y − ȳ_w) depends on x only through
// the model outputs y. Per row: one pass over the noise (d x S products) and two triangular solves.
// Every sum runs over the samples in ascending order from +0, one product at a time, so the
// bits do not depend on how the loops are arranged.
import { choleskySolveInPlace, solveWithFactor } from './leastSquares.js';
import { limeKernelWeight } from './limeKernel.js';
import { centreDesign, weightedColumnMeans } from './centredDesign.js';
import { rowDots } from './rowDots.js';
import { gramBuffers, weightedGram } from './weightedGram.js';

export interface SharedRidge {
  readonly d: number;
  readonly samples: number;
  /** The noise (S x d row-major, row 0 zeros) the factor belongs to; read, never written. */
  readonly noise: Float64Array;
  /** Kernel weights (S) and their sum: ȳ_w is formed exactly as the per-row solver forms it. */
  readonly w: Float64Array;
  readonly sw: number;
  /** Weighted mean of each noise column. */
  readonly mean: Float64Array;
  /** (W·Nc)ᵀ (d x S row-major: row j holds w_s (n_sj − mean_j) over s), what every apply reads. */
  readonly wct: Float64Array;
  /** Upper Cholesky factor R of A (row-major d x d, upper triangle). */
  readonly r: Float64Array;
}

/** Bytes a shared ridge of S samples x d features holds besides its noise. */
export function sharedRidgeBytes(S: number, d: number): number {
  return 8 * (S + d + d * d + S * d);
}

/**
 * The shared factor of the noise `noise` (S x d row-major, row 0 zeros), or null when the
 * normal matrix is not clearly positive definite (the caller then fits each row on its own,
 * whose SVD fallback handles rank deficiency).
 */
export function createSharedRidge(noise: Float64Array, S: number, d: number, width: number, alpha: number): SharedRidge | null {
  const w = new Float64Array(S);
  let sw = 0;
  for (let s = 0; s < S; s++) {
    let dist2 = 0;
    for (let j = 0; j < d; j++) {
      const t = noise[s * d + j]!;
      dist2 += t * t;
    }
    w[s] = limeKernelWeight(dist2, width);
    sw += w[s]!;
  }
  if (!(sw > 0)) return null;
  const mean = new Float64Array(d);
  weightedColumnMeans(noise, 0, S, d, w, 0, sw, mean);
  // A[j][k] = Σ_s (w_s c_sj) c_sk, c = n − mean (upper triangle).
  const g = gramBuffers(S, d, null);
  centreDesign(noise, 0, S, d, mean, w, 0, g.c, g.wct);
  const wct = g.wct.slice(0, S * d); // kept: g's views live in the kernel's shared memory
  const a = new Float64Array(d * d);
  weightedGram(g, S, d, a);
  for (let j = 0; j < d; j++) a[j * d + j] = a[j * d + j]! + alpha;
  // Factor once (the solve of a zero right-hand side is discarded).
  if (!choleskySolveInPlace(a, new Float64Array(d), d)) return null;
  return { d, samples: S, noise, w, sw, mean, wct, r: a };
}

/** coef = A⁻¹ Ncᵀ W (y − ȳ_w) with the shared factor; `rhs` is d values of scratch; y is overwritten by y − ȳ_w. */
export function sharedRidgeApply(f: SharedRidge, y: Float64Array, coef: Float64Array, rhs: Float64Array): void {
  const { d, samples: S, w, wct, r } = f;
  let my = 0;
  for (let s = 0; s < S; s++) my += w[s]! * y[s]!;
  my /= f.sw;
  for (let s = 0; s < S; s++) y[s] = y[s]! - my;
  rowDots(wct, d, S, y, rhs);
  solveWithFactor(r, rhs, d);
  coef.set(rhs.subarray(0, d));
}

// Weighted (ridge) least squares for the surrogate fits of LIME and KernelSHAP.
// Fast path: normal equations built in typed arrays (O(rows·d²/2)) and a Cholesky solve.
// When Cholesky meets a pivot that is not clearly positive (rank-deficient or badly
// conditioned design), we fall back to an SVD of the weighted, centred design itself and
// return the minimum-norm solution, as numpy/scipy `lstsq` (and so sklearn) would.
import { Matrix as MlMatrix, SingularValueDecomposition } from 'ml-matrix';
import type { GramBuffers } from './weightedGram.js';
import { centreDesign, weightedColumnMeans } from './centredDesign.js';
import { rowDots } from './rowDots.js';
import { gramBuffers, weightedGram } from './weightedGram.js';

/** Reusable scratch for one feature count d. */
export interface LeastSquaresWork {
  readonly d: number;
  readonly a: Float64Array; // d x d normal matrix, then its Cholesky factor
  readonly b: Float64Array;
  readonly mean: Float64Array;
  /** The centred design and its weighted transpose (in the SIMD kernel's memory when it runs). */
  gram: GramBuffers | null;
  /** How many solves took the SVD fallback (for tests and diagnostics). */
  fallbacks: number;
  /** The centred targets y − ȳ (grown to the largest design seen). */
  r: Float64Array;
}

export function createLeastSquaresWork(d: number): LeastSquaresWork {
  return {
    d,
    a: new Float64Array(d * d),
    b: new Float64Array(d),
    mean: new Float64Array(d),
    gram: null,
    fallbacks: 0,
    r: new Float64Array(0),
  };
}

/** Relative pivot below which the Cholesky path is abandoned. */
const PIVOT_TOLERANCE = 1e-10;

/**
 * Minimises Σ_s w_s (y_s − b − z_s·c)² + alpha·‖c‖² over c (and b when `intercept`; the
 * intercept is not penalised, as in sklearn's Ridge/LinearRegression with sample_weight).
 * z is rows x d row-major from index 0; writes c into `coef` and returns b (0 without
 * intercept). Weights must be >= 0 with a positive sum.
 */
export function weightedLeastSquares(
  z: Float64Array,
  rows: number,
  d: number,
  y: Float64Array,
  w: Float64Array,
  alpha: number,
  intercept: boolean,
  coef: Float64Array,
  work: LeastSquaresWork,
): number {
  const { a, b, mean } = work;
  let sw = 0;
  for (let s = 0; s < rows; s++) sw += w[s]!;
  if (!(sw > 0)) {
    coef.fill(0, 0, d);
    return 0;
  }
  mean.fill(0);
  let my = 0;
  if (intercept) {
    weightedColumnMeans(z, 0, rows, d, w, 0, sw, mean);
    for (let s = 0; s < rows; s++) my += w[s]! * y[s]!;
    my /= sw;
  }
  // The centred design c (rows x d) and (W c)ᵀ (d x rows: the Gram product's left operand).
  const g = gramBuffers(rows, d, work.gram);
  work.gram = g;
  const { c, wct } = g;
  centreDesign(z, 0, rows, d, mean, w, 0, c, wct);
  // b_j = Σ_s (W c)_sj r_s, r = y − ȳ, summed from +0 over s ascending
  if (work.r.length < rows) work.r = new Float64Array(rows);
  const r = work.r;
  for (let s = 0; s < rows; s++) r[s] = y[s]! - my;
  rowDots(wct, d, rows, r, b);
  weightedGram(g, rows, d, a);
  for (let j = 0; j < d; j++) a[j * d + j] = a[j * d + j]! + alpha;
  if (choleskySolveInPlace(a, b, d)) {
    coef.set(b.subarray(0, d));
  } else {
    work.fallbacks++;
    svdSolve(z, rows, d, y, w, alpha, mean, my, coef);
  }
  let intercept0 = 0;
  if (intercept) {
    intercept0 = my;
    for (let j = 0; j < d; j++) intercept0 -= mean[j]! * coef[j]!;
  }
  return intercept0;
}

/**
 * Solves A x = b for symmetric A given by its upper triangle (row-major d x d); the
 * factor overwrites A and x overwrites b. Returns false (leaving garbage) when a pivot
 * is not clearly positive relative to its diagonal entry.
 */
export function choleskySolveInPlace(a: Float64Array, b: Float64Array, d: number): boolean {
  // Upper-triangle Cholesky A = Rᵀ R, R stored in the upper triangle.
  for (let j = 0; j < d; j++) {
    const diag = a[j * d + j]!;
    let s = diag;
    for (let k = 0; k < j; k++) {
      const r = a[k * d + j]!;
      s -= r * r;
    }
    if (!(s > PIVOT_TOLERANCE * Math.abs(diag)) || !(s > 0)) return false;
    const rjj = Math.sqrt(s);
    a[j * d + j] = rjj;
    for (let i = j + 1; i < d; i++) {
      let t = a[j * d + i]!;
      for (let k = 0; k < j; k++) t -= a[k * d + j]! * a[k * d + i]!;
      a[j * d + i] = t / rjj;
    }
  }
  solveWithFactor(a, b, d);
  return true;
}

/** Solves Rᵀ R x = b in place (x overwrites b) with the upper Cholesky factor R (row-major d x d, upper triangle). */
export function solveWithFactor(r: Float64Array, b: Float64Array, d: number): void {
  // Rᵀ u = b
  for (let i = 0; i < d; i++) {
    let t = b[i]!;
    for (let k = 0; k < i; k++) t -= r[k * d + i]! * b[k]!;
    b[i] = t / r[i * d + i]!;
  }
  // R x = u
  for (let i = d - 1; i >= 0; i--) {
    let t = b[i]!;
    for (let k = i + 1; k < d; k++) t -= r[i * d + k]! * b[k]!;
    b[i] = t / r[i * d + i]!;
  }
}

/** Minimum-norm solution through an SVD of the weighted centred design (plus ridge rows). */
function svdSolve(
  z: Float64Array,
  rows: number,
  d: number,
  y: Float64Array,
  w: Float64Array,
  alpha: number,
  mean: Float64Array,
  my: number,
  coef: Float64Array,
): void {
  const extra = alpha > 0 ? d : 0;
  const m = rows + extra;
  const design = new MlMatrix(m, d);
  const rhs = new Float64Array(m);
  for (let s = 0; s < rows; s++) {
    const sq = Math.sqrt(w[s]!);
    for (let j = 0; j < d; j++) design.set(s, j, sq * (z[s * d + j]! - mean[j]!));
    rhs[s] = sq * (y[s]! - my);
  }
  const sa = Math.sqrt(alpha);
  for (let j = 0; j < extra; j++) design.set(rows + j, j, sa);
  const svd = new SingularValueDecomposition(design, {
    autoTranspose: true,
    computeLeftSingularVectors: true,
    computeRightSingularVectors: true,
  });
  const u = svd.leftSingularVectors;
  const v = svd.rightSingularVectors;
  const sigma = svd.diagonal;
  const smax = sigma.reduce((acc, x) => Math.max(acc, x), 0);
  const cutoff = Number.EPSILON * Math.max(m, d) * smax;
  coef.fill(0, 0, d);
  for (let k = 0; k < sigma.length; k++) {
    const sk = sigma[k]!;
    if (!(sk > cutoff)) continue;
    let ub = 0;
    for (let s = 0; s < m; s++) ub += u.get(s, k) * rhs[s]!;
    const f = ub / sk;
    for (let j = 0; j < d; j++) coef[j] = coef[j]! + f * v.get(j, k);
  }
}

// A multivariate Gaussian feature model (mean, covariance of background rows) and its
// conditionals, for ROAD's imputation on tabular data. Small dense kernels: d is a feature count.
import { row } from '@xai/core';
import type { Matrix, Rng } from '@xai/core';

export interface GaussianModel {
  readonly d: number;
  readonly mean: Float64Array;
  /** d x d row-major covariance (ddof = 1) plus the ridge on the diagonal. */
  readonly cov: Float64Array;
}

export function fitGaussian(background: Matrix, ridge: number | undefined): GaussianModel {
  const n = background.rows;
  const d = background.cols;
  const mean = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const r = row(background, i);
    for (let j = 0; j < d; j++) mean[j] = mean[j]! + r[j]! / n;
  }
  const cov = new Float64Array(d * d);
  for (let i = 0; i < n; i++) {
    const r = row(background, i);
    for (let a = 0; a < d; a++) {
      const da = r[a]! - mean[a]!;
      for (let b = a; b < d; b++) cov[a * d + b] = cov[a * d + b]! + (da * (r[b]! - mean[b]!)) / Math.max(1, n - 1);
    }
  }
  let trace = 0;
  for (let a = 0; a < d; a++) {
    for (let b = 0; b < a; b++) cov[a * d + b] = cov[b * d + a]!;
    trace += cov[a * d + a]!;
  }
  const lambda = ridge ?? 1e-6 * Math.max(trace / d, 1e-12);
  for (let a = 0; a < d; a++) cov[a * d + a] = cov[a * d + a]! + lambda;
  return { d, mean, cov };
}

/** In-place lower Cholesky factor of an m x m SPD matrix (row-major); false if not positive definite. */
export function cholesky(a: Float64Array, m: number): boolean {
  for (let j = 0; j < m; j++) {
    let s = a[j * m + j]!;
    for (let k = 0; k < j; k++) s -= a[j * m + k]! * a[j * m + k]!;
    if (!(s > 0)) return false;
    const l = Math.sqrt(s);
    a[j * m + j] = l;
    for (let i = j + 1; i < m; i++) {
      let t = a[i * m + j]!;
      for (let k = 0; k < j; k++) t -= a[i * m + k]! * a[j * m + k]!;
      a[i * m + j] = t / l;
    }
    for (let k = j + 1; k < m; k++) a[j * m + k] = 0;
  }
  return true;
}

/** Solves L Lᵀ y = b in place (L from {@link cholesky}). */
function cholSolve(L: Float64Array, m: number, b: Float64Array): void {
  for (let i = 0; i < m; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= L[i * m + k]! * b[k]!;
    b[i] = s / L[i * m + i]!;
  }
  for (let i = m - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < m; k++) s -= L[k * m + i]! * b[k]!;
    b[i] = s / L[i * m + i]!;
  }
}

/**
 * Writes into `out` (a copy of x) the features in `removed` imputed from the others:
 * E[x_R | x_K] = μ_R + Σ_RK Σ_KK⁻¹ (x_K − μ_K), plus a draw from N(0, Σ_RR − Σ_RK Σ_KK⁻¹ Σ_KR)
 * when `rng` is given. Returns false when a conditional covariance is not positive definite.
 */
export function imputeConditional(g: GaussianModel, x: ArrayLike<number>, removed: Int32Array, nRemoved: number, out: Float64Array, rng: Rng | undefined): boolean {
  const d = g.d;
  const isR = new Uint8Array(d);
  for (let q = 0; q < nRemoved; q++) isR[removed[q]!] = 1;
  const K: number[] = [];
  for (let j = 0; j < d; j++) { out[j] = x[j]!; if (isR[j] === 0) K.push(j); }
  const R = Array.from(removed.subarray(0, nRemoved));
  const m = K.length;
  const r = R.length;
  const L = new Float64Array(m * m);
  for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) L[a * m + b] = g.cov[K[a]! * d + K[b]!]!;
  if (m > 0 && !cholesky(L, m)) return false;
  // Conditional mean.
  const resid = new Float64Array(m);
  for (let a = 0; a < m; a++) resid[a] = x[K[a]!]! - g.mean[K[a]!]!;
  if (m > 0) cholSolve(L, m, resid);
  for (let q = 0; q < r; q++) {
    let s = g.mean[R[q]!]!;
    for (let a = 0; a < m; a++) s += g.cov[R[q]! * d + K[a]!]! * resid[a]!;
    out[R[q]!] = s;
  }
  if (rng === undefined) return true;
  // Conditional covariance Σ_RR − Σ_RK Σ_KK⁻¹ Σ_KR, then its factor times z.
  const C = new Float64Array(r * r);
  const col = new Float64Array(m);
  const A = new Float64Array(m * r); // Σ_KK⁻¹ Σ_KR, column by column
  for (let q = 0; q < r; q++) {
    for (let a = 0; a < m; a++) col[a] = g.cov[K[a]! * d + R[q]!]!;
    if (m > 0) cholSolve(L, m, col);
    for (let a = 0; a < m; a++) A[a * r + q] = col[a]!;
  }
  for (let p = 0; p < r; p++) {
    for (let q = 0; q < r; q++) {
      let s = g.cov[R[p]! * d + R[q]!]!;
      for (let a = 0; a < m; a++) s -= g.cov[R[p]! * d + K[a]!]! * A[a * r + q]!;
      C[p * r + q] = s;
    }
  }
  for (let p = 0; p < r; p++) for (let q = 0; q < p; q++) C[p * r + q] = C[q * r + p] = (C[p * r + q]! + C[q * r + p]!) / 2;
  if (!cholesky(C, r)) return false;
  const z = new Float64Array(r);
  rng.fillNormal(z);
  for (let p = 0; p < r; p++) {
    let s = 0;
    for (let q = 0; q <= p; q++) s += C[p * r + q]! * z[q]!;
    out[R[p]!] = out[R[p]!]! + s;
  }
  return true;
}

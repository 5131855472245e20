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

/**
 * ROAD's imputer for one row: Σ permuted into the REVERSE removal order, so that every kept
 * set (the features not yet removed) is a leading block, and factored once, L Lᵀ = Σ_ρρ.
 * With w = L⁻¹(x_ρ − μ_ρ) (forward substitution; its first m entries depend only on the leading
 * m x m block), the conditional of the trailing block given the leading m features is
 * x_t = μ_t + Σ_{a<m} L[t,a] w[a] + Σ_{m≤q≤t} L[t,q] z_q: the mean E[x_R | x_K] and a draw
 * from N(0, Σ_RR − Σ_RK Σ_KK⁻¹ Σ_KR), whose Cholesky factor is L's trailing block.
 * O(d³) once per row, O(d²) per fraction (was O(d³) plus allocations per fraction).
 */
export class RowImputer {
  private readonly d: number;
  private readonly L: Float64Array;
  private readonly w: Float64Array;
  private readonly z: Float64Array;
  private readonly perm: Int32Array;
  /** Leading pivots of L that succeeded: blocks of size ≤ ok are positive definite. */
  private ok = 0;

  constructor(private readonly g: GaussianModel) {
    this.d = g.d;
    this.L = new Float64Array(g.d * g.d);
    this.w = new Float64Array(g.d);
    this.z = new Float64Array(g.d);
    this.perm = new Int32Array(g.d);
  }

  /** Factors Σ in the reverse of `order` (order[0] is removed first) for row x. */
  setRow(x: ArrayLike<number>, order: Int32Array): void {
    const { d, g, L, w, perm } = this;
    for (let a = 0; a < d; a++) perm[a] = order[d - 1 - a]!;
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) L[a * d + b] = g.cov[perm[a]! * d + perm[b]!]!;
    this.ok = choleskyPivots(L, d);
    for (let a = 0; a < this.ok; a++) {
      let s = x[perm[a]!]! - g.mean[perm[a]!]!;
      for (let k = 0; k < a; k++) s -= L[a * d + k]! * w[k]!;
      w[a] = s / L[a * d + a]!;
    }
  }

  /**
   * Writes into `out` x with its first `nRemoved` features (in removal order) imputed; false
   * when the needed block is not positive definite (the kept block for the mean, all of Σ
   * for a draw from `rng`).
   */
  impute(x: ArrayLike<number>, nRemoved: number, out: Float64Array, rng: Rng | undefined): boolean {
    const { d, g, L, w, z, perm } = this;
    const m = d - nRemoved;
    if (this.ok < (rng === undefined ? m : d)) return false;
    for (let j = 0; j < d; j++) out[j] = x[j]!;
    if (rng !== undefined) rng.fillNormal(z, 0, 1, m, d);
    for (let t = m; t < d; t++) {
      let s = g.mean[perm[t]!]!;
      for (let a = 0; a < m; a++) s += L[t * d + a]! * w[a]!;
      if (rng !== undefined) for (let q = m; q <= t; q++) s += L[t * d + q]! * z[q]!;
      out[perm[t]!] = s;
    }
    return true;
  }
}

/** In-place lower Cholesky factor; returns how many leading pivots succeeded (m = all). */
function choleskyPivots(a: Float64Array, m: number): number {
  for (let j = 0; j < m; j++) {
    let s = a[j * m + j]!;
    for (let k = 0; k < j; k++) s -= a[j * m + k]! * a[j * m + k]!;
    if (!(s > 0)) return j;
    const l = Math.sqrt(s);
    a[j * m + j] = l;
    for (let i = j + 1; i < m; i++) {
      let t = a[i * m + j]!;
      for (let k = 0; k < j; k++) t -= a[i * m + k]! * a[j * m + k]!;
      a[i * m + j] = t / l;
    }
    for (let k = j + 1; k < m; k++) a[j * m + k] = 0;
  }
  return m;
}

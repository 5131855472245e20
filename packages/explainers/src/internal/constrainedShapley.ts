// The efficiency-constrained weighted regression of Lundberg & Lee's KernelSHAP, solved
// symmetrically in the features (unchecked kernel).
//
// Minimise Σ_s w_s (v_s − v(∅) − z_s·φ)² subject to Σφ = Δ = v(N) − v(∅). Writing
// φ = (Δ/d)·1 + H u, with H the d x (d−1) Helmert basis of the sum-zero subspace (orthonormal
// columns), turns it into an unconstrained least squares in u whose minimum-norm solution
// gives the minimum-norm φ. Eliminating one feature instead (φ_last = Δ − Σ others) gives
// the same answer when the design has full rank, but when it does not (fewer coalitions than
// features) the minimum-norm fill-in lands entirely on the eliminated feature.
import type { LeastSquaresWork } from './leastSquares.js';
import { weightedLeastSquares } from './leastSquares.js';
import type { SharedLeastSquares } from './sharedLeastSquares.js';
import { createSharedLeastSquares, sharedLeastSquaresSolve } from './sharedLeastSquares.js';

export interface ConstrainedShapleyWork {
  readonly d: number;
  design: Float64Array;
  target: Float64Array;
  readonly u: Float64Array;
  readonly scale: Float64Array; // 1/sqrt(k(k+1)) for Helmert column k−1
  readonly ls: LeastSquaresWork;
}

export function createConstrainedShapleyWork(d: number, ls: LeastSquaresWork): ConstrainedShapleyWork {
  const scale = new Float64Array(Math.max(0, d - 1));
  for (let k = 1; k < d; k++) scale[k - 1] = 1 / Math.sqrt(k * (k + 1));
  return { d, design: new Float64Array(0), target: new Float64Array(0), u: new Float64Array(Math.max(0, d - 1)), scale, ls };
}

/**
 * φ (written to out[oo..oo+d)) from m coalitions z (m x d, rows from index zo), their values
 * v (m, from index vo), weights w (m, from index vo), v(∅) and Δ. d >= 2.
 */
export function constrainedShapley(
  z: Float64Array,
  zo: number,
  m: number,
  v: Float64Array,
  w: Float64Array,
  vo: number,
  vEmpty: number,
  delta: number,
  out: Float64Array,
  oo: number,
  work: ConstrainedShapleyWork,
  shared: SharedLeastSquares | null = null,
): void {
  const d = work.d;
  const dc = d - 1;
  if (work.design.length < m * dc) {
    work.design = new Float64Array(m * dc);
    work.target = new Float64Array(m);
  }
  const { design, target, u, scale } = work;
  const share = delta / d;
  for (let s = 0; s < m; s++) {
    const r = zo + s * d;
    // (zᵀH)_{k−1} = (Σ_{j<k} z_j − k·z_k) / sqrt(k(k+1)), by a running prefix sum.
    let prefix = z[r]!;
    for (let k = 1; k < d; k++) {
      const zk = z[r + k]!;
      design[s * dc + k - 1] = (prefix - k * zk) * scale[k - 1]!;
      prefix += zk;
    }
    target[s] = v[vo + s]! - vEmpty - share * prefix;
  }
  if (shared !== null) sharedLeastSquaresSolve(shared, target, 0, u);
  else weightedLeastSquares(design, m, dc, target, w.subarray(vo, vo + m), 0, false, u, work.ls);
  // φ_j = Δ/d + Σ_{k>j, k>=1} u_{k−1}/sqrt(k(k+1)) − j·u_{j−1}/sqrt(j(j+1)).
  let suffix = 0;
  for (let j = d - 1; j >= 0; j--) {
    const own = j >= 1 ? j * u[j - 1]! * scale[j - 1]! : 0;
    out[oo + j] = share + suffix - own;
    if (j >= 1) suffix += u[j - 1]! * scale[j - 1]!;
  }
}

/** The shared factor of the constrained problem for coalitions z (m x d from zo) and weights w (from vo). */
export function constrainedShapleyFactor(
  z: Float64Array,
  zo: number,
  m: number,
  w: Float64Array,
  vo: number,
  work: ConstrainedShapleyWork,
): SharedLeastSquares | null {
  const d = work.d;
  const dc = d - 1;
  const design = new Float64Array(m * dc);
  for (let s = 0; s < m; s++) {
    const r = zo + s * d;
    let prefix = z[r]!;
    for (let k = 1; k < d; k++) {
      const zk = z[r + k]!;
      design[s * dc + k - 1] = (prefix - k * zk) * work.scale[k - 1]!;
      prefix += zk;
    }
  }
  return createSharedLeastSquares(design, 0, m, dc, w, vo, 0, false);
}

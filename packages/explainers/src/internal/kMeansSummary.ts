// A weighted k-means summary of the training rows for the KernelSHAP background (unchecked
// kernel). Lloyd's k-means from a k-means++ start, then every centre is replaced by the
// training row nearest to it, so each background row is a real input (one-hot groups and
// other joint constraints hold) and carries the share of training rows in its cluster.
import type { Rng } from '@xai/core';

export interface WeightedRows {
  /** k x d, row-major: training rows. */
  readonly data: Float64Array;
  readonly rows: number;
  /** Cluster shares, summing to 1. */
  readonly weights: Float64Array;
}

/** Rows used to fit the clusters at most (a seeded subsample beyond): bounds the cost. */
export const KMEANS_MAX_ROWS = 4096;
const MAX_ITERATIONS = 50;

/**
 * x: n x d contiguous. Returns at most k rows (clusters that end empty are dropped).
 * `scale` (null: absolute) measures distances on x[j] / scale[j], so columns in large units
 * do not decide the clusters alone; centres and returned rows stay in x's units.
 */
export function kMeansSummary(x: Float64Array, n: number, d: number, k: number, rng: Rng, scale: Float64Array | null = null): WeightedRows {
  let inv2: Float64Array | null = null;
  if (scale !== null) {
    inv2 = new Float64Array(d);
    for (let j = 0; j < d; j++) inv2[j] = 1 / (scale[j]! * scale[j]!);
  }
  const sqDist =
    inv2 === null
      ? sqDistPlain
      : (a: Float64Array, ao: number, b: Float64Array, bo: number, dd: number) => sqDistScaled(a, ao, b, bo, dd, inv2);
  let idx: Int32Array;
  if (n > KMEANS_MAX_ROWS) idx = rng.choice(n, KMEANS_MAX_ROWS);
  else idx = Int32Array.from({ length: n }, (_, i) => i);
  const m = idx.length;
  const pts = new Float64Array(m * d);
  for (let i = 0; i < m; i++) pts.set(x.subarray(idx[i]! * d, (idx[i]! + 1) * d), i * d);
  const want = Math.min(k, m);
  const centres = new Float64Array(want * d);
  const dist = new Float64Array(m).fill(Infinity);
  // k-means++: each next centre drawn with probability ∝ squared distance to the nearest one.
  let pick = Math.floor(rng.uniform() * m);
  let kk = 0;
  for (let c = 0; c < want; c++) {
    kk = c + 1;
    centres.set(pts.subarray(pick * d, (pick + 1) * d), c * d);
    let total = 0;
    for (let i = 0; i < m; i++) {
      const q = sqDist(pts, i * d, centres, c * d, d);
      if (q < dist[i]!) dist[i] = q;
      total += dist[i]!;
    }
    if (c + 1 === want || !(total > 0)) break; // total 0: every row is a centre already
    let u = rng.uniform() * total;
    pick = m - 1;
    for (let i = 0; i < m; i++) {
      u -= dist[i]!;
      if (u < 0) {
        pick = i;
        break;
      }
    }
  }
  const assign = new Int32Array(m).fill(-1);
  const counts = new Float64Array(kk);
  const sums = new Float64Array(kk * d);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    let changed = 0;
    for (let i = 0; i < m; i++) {
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < kk; c++) {
        const q = sqDist(pts, i * d, centres, c * d, d);
        if (q < bestD) {
          bestD = q;
          best = c;
        }
      }
      if (assign[i] !== best) {
        assign[i] = best;
        changed++;
      }
    }
    if (changed === 0) break;
    counts.fill(0);
    sums.fill(0);
    for (let i = 0; i < m; i++) {
      const c = assign[i]!;
      counts[c] = counts[c]! + 1;
      for (let j = 0; j < d; j++) sums[c * d + j] = sums[c * d + j]! + pts[i * d + j]!;
    }
    for (let c = 0; c < kk; c++) {
      if (counts[c]! === 0) continue; // an empty cluster keeps its centre
      for (let j = 0; j < d; j++) centres[c * d + j] = sums[c * d + j]! / counts[c]!;
    }
  }
  // Medoid-like representative: the member nearest to its centre.
  counts.fill(0);
  const rep = new Int32Array(kk).fill(-1);
  const repD = new Float64Array(kk).fill(Infinity);
  for (let i = 0; i < m; i++) {
    const c = assign[i]!;
    counts[c] = counts[c]! + 1;
    const q = sqDist(pts, i * d, centres, c * d, d);
    if (q < repD[c]!) {
      repD[c] = q;
      rep[c] = i;
    }
  }
  const kept: number[] = [];
  for (let c = 0; c < kk; c++) if (counts[c]! > 0) kept.push(c);
  const data = new Float64Array(kept.length * d);
  const weights = new Float64Array(kept.length);
  kept.forEach((c, r) => {
    data.set(pts.subarray(rep[c]! * d, (rep[c]! + 1) * d), r * d);
    weights[r] = counts[c]! / m;
  });
  return { data, rows: kept.length, weights };
}

function sqDistPlain(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number): number {
  let s = 0;
  for (let j = 0; j < d; j++) {
    const t = a[ao + j]! - b[bo + j]!;
    s += t * t;
  }
  return s;
}

/** Σ_j (a_j − b_j)² / scale_j², given 1 / scale² per column. */
function sqDistScaled(a: Float64Array, ao: number, b: Float64Array, bo: number, d: number, inv2: Float64Array): number {
  let s = 0;
  for (let j = 0; j < d; j++) {
    const t = a[ao + j]! - b[bo + j]!;
    s += t * t * inv2[j]!;
  }
  return s;
}

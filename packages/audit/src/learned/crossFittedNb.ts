import type { SparseRows } from './sparseRows.js';

/**
 * Multinomial naive Bayes over binary features, cross-fitted: row r is scored by the model
 * counted on the rows of every fold but its own. Counting is linear in the labels, so a refit
 * on permuted labels is one pass over the non-zeros; the log of every count is a table look-up.
 */
export interface CrossFittedNb {
  readonly classes: number;
  /**
   * Writes rows × classes log-scores (log prior + Σ log P(feature | class)) under `labels`
   * (a class per row; -1 = the row is not counted, but it is still scored).
   */
  scores(labels: Int32Array, out: Float64Array): void;
  /** Rows of class c containing feature f under the last `scores` labels (all folds): counts[f · classes + c]. */
  readonly counts: Int32Array;
}

/**
 * Prepares the counting buffers for `x` with `classes` classes, rows assigned to `folds`
 * (values in [0, K)), additive smoothing `alpha`.
 */
export function crossFittedNb(x: SparseRows, classes: number, folds: Int32Array, K: number, alpha = 1): CrossFittedNb {
  const V = x.vocabulary;
  const C = classes;
  // One block per feature: K per-fold count rows then the total row (C each), so a row's
  // features cost one cache line each when counting and when scoring.
  const block = (K + 1) * C;
  const table = new Int32Array(V * block);
  const counts = new Int32Array(V * C);
  const docs = new Float64Array(K * C);
  const tokens = new Float64Array(K * C);
  const logTable = new Float64Array(x.rows + 1);
  for (let n = 0; n <= x.rows; n++) logTable[n] = Math.log(n + alpha);
  const prior = new Float64Array(K * C);
  const denom = new Float64Array(K * C);
  const { start, ids } = x;
  const totalRow = K * C;

  function count(labels: Int32Array): void {
    table.fill(0);
    docs.fill(0);
    tokens.fill(0);
    for (let r = 0; r < x.rows; r++) {
      const y = labels[r]!;
      if (y < 0) continue;
      const k = folds[r]!;
      const own = k * C + y;
      const total = totalRow + y;
      for (let t = start[r]!; t < start[r + 1]!; t++) {
        const b = ids[t]! * block;
        table[b + own]!++;
        table[b + total]!++;
      }
      docs[k * C + y]! += 1;
      tokens[k * C + y]! += start[r + 1]! - start[r]!;
    }
    for (let f = 0; f < V; f++) for (let c = 0; c < C; c++) counts[f * C + c] = table[f * block + totalRow + c]!;
  }

  function foldConstants(): void {
    for (let k = 0; k < K; k++) {
      let trainDocs = 0;
      for (let c = 0; c < C; c++) for (let j = 0; j < K; j++) if (j !== k) trainDocs += docs[j * C + c]!;
      for (let c = 0; c < C; c++) {
        let d = 0;
        let w = 0;
        for (let j = 0; j < K; j++) {
          if (j === k) continue;
          d += docs[j * C + c]!;
          w += tokens[j * C + c]!;
        }
        prior[k * C + c] = Math.log(d + 1) - Math.log(trainDocs + C);
        denom[k * C + c] = Math.log(w + alpha * V);
      }
    }
  }

  function scores(labels: Int32Array, out: Float64Array): void {
    count(labels);
    foldConstants();
    for (let r = 0; r < x.rows; r++) {
      const k = folds[r]!;
      const len = start[r + 1]! - start[r]!;
      const o = r * C;
      for (let c = 0; c < C; c++) out[o + c] = prior[k * C + c]! - len * denom[k * C + c]!;
      const own = k * C;
      for (let t = start[r]!; t < start[r + 1]!; t++) {
        const b = ids[t]! * block;
        for (let c = 0; c < C; c++) out[o + c]! += logTable[table[b + totalRow + c]! - table[b + own + c]!]!;
      }
    }
  }
  return { classes: C, scores, counts };
}

/** One feature's association with one class, from all labelled rows. */
export interface ClassFeature {
  readonly cls: number;
  readonly feature: number;
  readonly count: number;
  readonly total: number;
  readonly z: number;
}

/**
 * The `top` features per class by the binomial excess z = (count − total·p) / √(total·p(1−p))
 * of the rows of that class among the rows containing the feature (p = `share[c]`, the class
 * share of the labelled rows), among features in at least `minRows` labelled rows with
 * z ≥ `minZ` (thousands of noise features reach z ≈ 3.5 by chance, so the default asks more).
 */
export function topClassFeatures(
  counts: Int32Array,
  share: Float64Array,
  vocabulary: number,
  top: number,
  minRows: number,
  minZ = 4,
): ClassFeature[] {
  const C = share.length;
  const out: ClassFeature[] = [];
  if (top === 0) return out;
  for (let c = 0; c < C; c++) {
    const p = share[c]!;
    if (p <= 0 || p >= 1) continue;
    const best: ClassFeature[] = [];
    for (let f = 0; f < vocabulary; f++) {
      let total = 0;
      for (let j = 0; j < C; j++) total += counts[f * C + j]!;
      if (total < minRows) continue;
      const count = counts[f * C + c]!;
      const z = (count - total * p) / Math.sqrt(total * p * (1 - p));
      if (z < minZ || (best.length === top && z <= best[top - 1]!.z)) continue;
      best.push({ cls: c, feature: f, count, total, z });
      best.sort((a, b) => b.z - a.z || a.feature - b.feature);
      if (best.length > top) best.pop();
    }
    out.push(...best);
  }
  return out;
}

import { hashString } from '@xai/core';

/**
 * Rows of binary features in compressed sparse row form: row r holds the feature ids
 * `ids[start[r]] … ids[start[r + 1] - 1]` (each at most once). `names[f]` is the first
 * string seen for feature f (features are hashed, so two strings may share an id).
 */
export interface SparseRows {
  readonly rows: number;
  readonly start: Int32Array;
  readonly ids: Int32Array;
  /** Features kept (document frequency ≥ minRows). */
  readonly vocabulary: number;
  /** Rows containing each feature. */
  readonly df: Int32Array;
  readonly names: readonly string[];
}

export interface SparseRowsOptions {
  /** log2 of the hash table size. @defaultValue 20 */
  readonly hashBits?: number;
  /** Features in fewer rows are dropped: a feature of one row teaches its held-out fold nothing. @defaultValue 2 */
  readonly minRows?: number;
}

/**
 * Hashes every row's feature strings (`features(r, emit)` calls `emit` per string, duplicates
 * allowed) into a fixed table, keeps features present in at least `minRows` rows and
 * renumbers them densely in order of first appearance.
 */
export function buildSparseRows(
  rows: number,
  features: (r: number, emit: (s: string) => void) => void,
  options: SparseRowsOptions = {},
): SparseRows {
  const bits = options.hashBits ?? 20;
  const minRows = options.minRows ?? 2;
  const mask = (1 << bits) - 1;
  const bucketDf = new Int32Array(1 << bits);
  const lastRow = new Int32Array(1 << bits).fill(-1);
  const bucketName = new Map<number, string>();
  const rowStart = new Int32Array(rows + 1);
  let buckets = new Int32Array(Math.max(16, rows * 8));
  let nnz = 0;
  for (let r = 0; r < rows; r++) {
    rowStart[r] = nnz;
    features(r, (s) => {
      const b = hashString(s) & mask;
      if (lastRow[b] === r) return; // presence, not counts
      lastRow[b] = r;
      bucketDf[b]!++;
      if (!bucketName.has(b)) bucketName.set(b, s);
      if (nnz === buckets.length) {
        const grown = new Int32Array(buckets.length * 2);
        grown.set(buckets);
        buckets = grown;
      }
      buckets[nnz++] = b;
    });
  }
  rowStart[rows] = nnz;
  // Kept buckets numbered by falling document frequency (ties: first appearance), so the
  // frequent features a fit touches most sit together in memory.
  const kept: number[] = [];
  const seen = new Uint8Array(1 << bits);
  for (let t = 0; t < nnz; t++) {
    const b = buckets[t]!;
    if (bucketDf[b]! >= minRows && seen[b] === 0) {
      seen[b] = 1;
      kept.push(b);
    }
  }
  const order = kept.map((b, i) => ({ b, i })).sort((p, q) => bucketDf[q.b]! - bucketDf[p.b]! || p.i - q.i);
  const dense = new Int32Array(1 << bits).fill(-1);
  const names: string[] = [];
  const df = new Int32Array(order.length);
  order.forEach(({ b }, f) => {
    dense[b] = f;
    names.push(bucketName.get(b)!);
    df[f] = bucketDf[b]!;
  });
  const start = new Int32Array(rows + 1);
  const ids = new Int32Array(nnz);
  let m = 0;
  for (let r = 0; r < rows; r++) {
    start[r] = m;
    for (let t = rowStart[r]!; t < rowStart[r + 1]!; t++) {
      const f = dense[buckets[t]!]!;
      if (f >= 0) ids[m++] = f;
    }
  }
  start[rows] = m;
  return { rows, start, ids: ids.slice(0, m), vocabulary: names.length, df, names };
}

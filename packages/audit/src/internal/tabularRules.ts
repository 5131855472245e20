// Label-fitted rules of the tabular audit beyond single-column stumps: label runs in file
// order, target-encoding inversion, missing-value patterns, near-duplicate rows. Each is
// built once from the features; `score(labels)` only recounts hits for (permuted) labels.
import { fmix32, mixNumber, mixWord } from '@xai/core';

/** Runs of equal labels in file order: row i is predicted to have row i − 1's label. */
export function labelRunHits(labels: Int32Array): number {
  let hits = 0;
  for (let i = 1; i < labels.length; i++) if (labels[i] === labels[i - 1]) hits++;
  return hits;
}

/** A column's level structure for the target-encoding inversion (binary labels). */
export interface TargetLevels {
  readonly column: number;
  /** Level per row (-1: a level of one row, not covered). */
  readonly level: Int32Array;
  readonly size: Int32Array;
  readonly value: Float64Array;
  readonly covered: number;
}

/**
 * Columns that may be a target encoding: every value in [0, 1], some strictly inside, three
 * or more levels (equal values), at most n / 2, and levels of two or more rows covering at
 * least `minCovered` rows. Returns the level structures.
 */
export function targetLevelColumns(columns: readonly Float64Array[], minCovered: number): TargetLevels[] {
  const out: TargetLevels[] = [];
  columns.forEach((col, j) => {
    const n = col.length;
    const ids = new Map<number, number>();
    const level = new Int32Array(n);
    const sizes: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (!(v >= 0 && v <= 1)) return; // NaN or outside [0, 1]: not a label rate
      let l = ids.get(v);
      if (l === undefined) {
        l = sizes.length;
        ids.set(v, l);
        sizes.push(0);
        values.push(v);
      }
      level[i] = l;
      sizes[l]!++;
    }
    // A rate, not an indicator or a code: 3+ levels, some value strictly between 0 and 1.
    if (sizes.length < 3 || sizes.length > n / 2 || !values.some((v) => v > 0 && v < 1)) return;
    let covered = 0;
    for (let i = 0; i < n; i++) {
      if (sizes[level[i]!]! >= 2) covered++;
      else level[i] = -1;
    }
    if (covered < minCovered) return;
    out.push({ column: j, level, size: Int32Array.from(sizes), value: Float64Array.from(values), covered });
  });
  return out;
}

/** Missing-value pattern per row as a group code, and whether any value is missing. */
export function missingPatterns(columns: readonly Float64Array[], n: number): { group: Int32Array; groups: number; any: boolean } {
  const ids = new Map<string, number>();
  const group = new Int32Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    let key = '';
    for (let j = 0; j < columns.length; j++)
      if (Number.isNaN(columns[j]![i]!)) {
        key += `${j},`;
        any = true;
      }
    let g = ids.get(key);
    if (g === undefined) {
      g = ids.size;
      ids.set(key, g);
    }
    group[i] = g;
  }
  return { group, groups: ids.size, any };
}

/** In-sample lookup group -> majority class: hits for these labels. */
export function groupLookupHits(group: Int32Array, groups: number, labels: Int32Array, C: number, counts: Int32Array): number {
  counts.fill(0, 0, groups * C);
  for (let i = 0; i < group.length; i++) counts[group[i]! * C + labels[i]!]!++;
  let hits = 0;
  for (let g = 0; g < groups; g++) {
    let m = 0;
    for (let c = 0; c < C; c++) if (counts[g * C + c]! > m) m = counts[g * C + c]!;
    hits += m;
  }
  return hits;
}

/**
 * Near-duplicates: test rows equal to some train row after rounding every column to a grid
 * of `tolerance` × the column's train sd, on either of two grids offset by half a cell (a
 * pair closer than half a cell on every column matches on at least one grid unless it
 * straddles boundaries on both: a floor), and not an exact copy. Returns each test row's
 * class counts over its matched train rows (summed over the two grids).
 */
export function nearDuplicateCounts(
  train: readonly Float64Array[],
  trainY: Int32Array,
  test: readonly Float64Array[],
  exact: Uint8Array,
  C: number,
  tolerance: number,
): { counts: Int32Array; matched: number } {
  const d = train.length;
  const n = trainY.length;
  const m = exact.length;
  const step = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const col = train[j]!;
    let s = 0;
    let ss = 0;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (!Number.isNaN(v)) {
        s += v;
        ss += v * v;
        k++;
      }
    }
    const mean = k > 0 ? s / k : 0;
    const sd = k > 1 ? Math.sqrt(Math.max(0, ss / k - mean * mean)) : 0;
    step[j] = sd > 0 ? tolerance * sd : 0;
  }
  const keyOf = (cols: readonly Float64Array[], i: number, shift: number): number => {
    let h1 = 0;
    let h2 = 0;
    for (let j = 0; j < d; j++) {
      const v = cols[j]![i]!;
      const code = Number.isNaN(v) ? 1e300 : step[j]! > 0 ? Math.round(v / step[j]! + shift) : v;
      h1 = (h1 + fmix32(mixNumber(mixWord(0x9e3779b9, j), code))) >>> 0;
      h2 = (h2 + fmix32(mixNumber(mixWord(0x85ebca6b, j), code))) >>> 0;
    }
    return h1 * 2097152 + (h2 & 0x1fffff); // 53 bits, exact in a double
  };
  const counts = new Int32Array(m * C);
  for (const shift of [0, 0.5]) {
    const groups = new Map<number, number>();
    const gc: number[] = [];
    for (let i = 0; i < n; i++) {
      const key = keyOf(train, i, shift);
      let g = groups.get(key);
      if (g === undefined) {
        g = groups.size;
        groups.set(key, g);
        for (let c = 0; c < C; c++) gc.push(0);
      }
      gc[g * C + trainY[i]!]!++;
    }
    for (let i = 0; i < m; i++) {
      if (exact[i]) continue;
      const g = groups.get(keyOf(test, i, shift));
      if (g === undefined) continue;
      for (let c = 0; c < C; c++) counts[i * C + c]! += gc[g * C + c]!;
    }
  }
  let matched = 0;
  for (let i = 0; i < m; i++) {
    let any = 0;
    for (let c = 0; c < C; c++) any += counts[i * C + c]!;
    if (any > 0) matched++;
  }
  return { counts, matched };
}

/** Unique majority class of a count vector, or -1 on a tie or no counts. */
export function majority(counts: Int32Array, off: number, C: number): number {
  let best = -1;
  let bestCount = 0;
  let tied = false;
  for (let c = 0; c < C; c++) {
    const v = counts[off + c]!;
    if (v > bestCount) {
      bestCount = v;
      best = c;
      tied = false;
    } else if (v === bestCount && v > 0) tied = true;
  }
  return tied ? -1 : best;
}

// Target encodings beyond the plain level mean: the m-estimate (smoothed toward the label
// mean, row included) and leave-one-out encodings, where the row's own label shows as the
// spread of the column within its category. Binary labels.
import type { TargetLevels } from './tabularRules.js';

/** Smoothing weights tried for the m-estimate (0 is the plain mean). */
export const M_ESTIMATES = [0, 1, 2, 5, 10, 20, 50, 100] as const;

/**
 * Hits of the inversion "value = (level's label sum + m·p) / (level size + m), this row
 * included" (p = the label mean): the row's label is the c ∈ {0, 1} that makes the formula,
 * with the others' labels, closest to the value. m = 0 is the plain mean.
 */
export function smoothedInversionHits(t: TargetLevels, labels: Int32Array, sums: Float64Array, m: number, correct?: Uint8Array): number {
  sums.fill(0, 0, t.size.length);
  let total = 0;
  for (let i = 0; i < labels.length; i++) {
    total += labels[i]!;
    if (t.level[i]! >= 0) sums[t.level[i]!]! += labels[i]!;
  }
  const prior = m * (total / labels.length);
  let hits = 0;
  for (let i = 0; i < labels.length; i++) {
    const l = t.level[i]!;
    if (l < 0) continue;
    const size = t.size[l]! + m;
    const rest = sums[l]! - labels[i]! + prior;
    const v = t.value[l]!;
    const pred = Math.abs(v - (rest + 1) / size) <= Math.abs(v - rest / size) ? 1 : 0;
    if (pred === labels[i]) {
      hits++;
      if (correct) correct[i] = 1;
    }
  }
  return hits;
}

/** A rate column read within the categories of another column: which rows hold the lower of two values. */
export interface GroupSpread {
  readonly column: number;
  readonly group: number;
  /** Per row: 1 = the lower of its category's two values, 0 = the higher, 2 = not covered. */
  readonly lower: Uint8Array;
  readonly covered: number;
}

/**
 * Candidate (rate column, category column) pairs for a leave-one-out encoding, smoothed or
 * not: (others' label sum + m·p) / (size − 1 + m) takes exactly two values in a category
 * holding both labels, the lower one on the rows labelled 1. Covered rows are those of
 * categories (2+ rows) where the rate column takes exactly two values; a pair is kept when
 * they number at least `minCovered`. Rate columns: values in [0, 1], some strictly inside;
 * category columns: 2 to n / 2 distinct values.
 */
export function groupSpreads(columns: readonly Float64Array[], minCovered: number): GroupSpread[] {
  const n = columns[0]?.length ?? 0;
  const rates = rateColumns(columns);
  const groups = categoryColumns(columns);
  const out: GroupSpread[] = [];
  for (const e of rates) {
    const col = columns[e]!;
    for (const g of groups) {
      if (g.j === e) continue;
      const lo = new Float64Array(g.count).fill(Number.NaN);
      const hi = new Float64Array(g.count).fill(Number.NaN);
      const many = new Uint8Array(g.count);
      for (let i = 0; i < n; i++) {
        const l = g.level[i]!;
        if (l < 0) continue;
        const v = col[i]!;
        if (Number.isNaN(lo[l]!)) lo[l] = v;
        else if (v !== lo[l] && Number.isNaN(hi[l]!)) hi[l] = v;
        else if (v !== lo[l] && v !== hi[l]) many[l] = 1;
      }
      const lower = new Uint8Array(n).fill(2);
      let covered = 0;
      for (let i = 0; i < n; i++) {
        const l = g.level[i]!;
        if (l < 0 || many[l] === 1 || Number.isNaN(hi[l]!)) continue;
        lower[i] = col[i]! === Math.min(lo[l]!, hi[l]!) ? 1 : 0;
        covered++;
      }
      if (covered >= minCovered) out.push({ column: e, group: g.j, lower, covered });
    }
  }
  return out;
}

/** Hits of "the lower value of the category is label 1" ('lower') or label 0 ('higher'). */
export function spreadHits(s: GroupSpread, labels: Int32Array, sign: 'lower' | 'higher', correct?: Uint8Array): number {
  const one = sign === 'lower' ? 1 : 0;
  let hits = 0;
  for (let i = 0; i < labels.length; i++) {
    const w = s.lower[i]!;
    if (w === 2) continue;
    const pred = w === one ? 1 : 0;
    if (pred === labels[i]) {
      hits++;
      if (correct) correct[i] = 1;
    }
  }
  return hits;
}

/** Columns whose values all lie in [0, 1], some strictly inside (label-rate-like). */
function rateColumns(columns: readonly Float64Array[]): number[] {
  const out: number[] = [];
  columns.forEach((col, j) => {
    let inside = false;
    for (let i = 0; i < col.length; i++) {
      const v = col[i]!;
      if (!(v >= 0 && v <= 1)) return;
      if (v > 0 && v < 1) inside = true;
    }
    if (inside) out.push(j);
  });
  return out;
}

/** Columns with 2 to n / 2 distinct values, as a level per row (-1: missing). */
function categoryColumns(columns: readonly Float64Array[]): { j: number; level: Int32Array; count: number }[] {
  const out: { j: number; level: Int32Array; count: number }[] = [];
  columns.forEach((col, j) => {
    const n = col.length;
    const ids = new Map<number, number>();
    const level = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      let l = ids.get(v);
      if (l === undefined) {
        l = ids.size;
        ids.set(v, l);
      }
      level[i] = Number.isNaN(v) ? -1 : l;
    }
    if (ids.size >= 2 && ids.size <= n / 2) out.push({ j, level, count: ids.size });
  });
  return out;
}

/**
 * Level structures of rate columns read per category of another column where the rate is
 * constant (an encoding of that category, row included): unlike levels by value, two
 * categories that happen to share a smoothed value stay apart, so the m-estimate inverts
 * exactly. Categories of one row, or where the rate varies, are not covered.
 */
export function categoryLevels(columns: readonly Float64Array[], minCovered: number): (TargetLevels & { readonly group: number })[] {
  const n = columns[0]?.length ?? 0;
  const out: (TargetLevels & { readonly group: number })[] = [];
  for (const e of rateColumns(columns)) {
    const col = columns[e]!;
    for (const g of categoryColumns(columns)) {
      if (g.j === e) continue;
      const value = new Float64Array(g.count).fill(Number.NaN);
      const size = new Int32Array(g.count);
      const varies = new Uint8Array(g.count);
      for (let i = 0; i < n; i++) {
        const l = g.level[i]!;
        if (l < 0) continue;
        if (Number.isNaN(value[l]!)) value[l] = col[i]!;
        else if (value[l] !== col[i]) varies[l] = 1;
        size[l]!++;
      }
      const level = new Int32Array(n);
      let covered = 0;
      for (let i = 0; i < n; i++) {
        const l = g.level[i]!;
        const ok = l >= 0 && varies[l] === 0 && size[l]! >= 2;
        level[i] = ok ? l : -1;
        if (ok) covered++;
      }
      if (covered >= minCovered) out.push({ column: e, group: g.j, level, size, value, covered });
    }
  }
  return out;
}

import type { Matrix } from '@xai/core';
import { row } from '@xai/core';

/** Exact-content key of a row (values joined), for duplicate detection. */
export function rowKey(m: Matrix, i: number): string {
  return Array.prototype.join.call(row(m, i), ',');
}

/** Group id per row (rows with identical features share it) and the group sizes. */
export function duplicateGroups(x: Matrix): { group: Int32Array; sizes: Int32Array } {
  const ids = new Map<string, number>();
  const group = new Int32Array(x.rows);
  const sizes: number[] = [];
  for (let i = 0; i < x.rows; i++) {
    const key = rowKey(x, i);
    let g = ids.get(key);
    if (g === undefined) {
      g = sizes.length;
      ids.set(key, g);
      sizes.push(0);
    }
    group[i] = g;
    sizes[g]!++;
  }
  return { group, sizes: Int32Array.from(sizes) };
}

/**
 * Leave-one-out majority among a row's exact duplicates: hits and covered rows for these
 * labels (a row is covered when its other copies have a unique majority class).
 */
export function duplicateVote(group: Int32Array, sizes: Int32Array, labels: Int32Array, C: number): { hits: number; covered: number } {
  const G = sizes.length;
  const counts = new Int32Array(G * C);
  for (let i = 0; i < group.length; i++) if (sizes[group[i]!]! > 1) counts[group[i]! * C + labels[i]!]!++;
  let hits = 0;
  let covered = 0;
  for (let i = 0; i < group.length; i++) {
    const g = group[i]!;
    if (sizes[g]! < 2) continue;
    const own = labels[i]!;
    let best = -1;
    let bestCount = 0;
    let tied = false;
    for (let c = 0; c < C; c++) {
      const v = counts[g * C + c]! - (c === own ? 1 : 0);
      if (v > bestCount) { bestCount = v; best = c; tied = false; }
      else if (v === bestCount && v > 0) tied = true;
    }
    if (best < 0 || tied) continue;
    covered++;
    if (best === own) hits++;
  }
  return { hits, covered };
}

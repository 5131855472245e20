import type { Matrix } from '@xai/core';

let keyBuf = new Float64Array(64);
let keyChars = new Uint16Array(keyBuf.buffer);

/**
 * Exact-content key of a row, for duplicate detection: the row's float64 bytes as a string
 * (4 UTF-16 units per value; -0 is 0 and every NaN is one NaN, as the values compare).
 * Exact like joining the numbers as text, without number -> text conversions.
 */
export function rowKey(m: Matrix, i: number): string {
  const d = m.cols;
  if (keyBuf.length < d) {
    keyBuf = new Float64Array(d);
    keyChars = new Uint16Array(keyBuf.buffer);
  }
  const base = (m.offset ?? 0) + i * (m.stride ?? m.cols);
  for (let j = 0; j < d; j++) {
    const v = m.data[base + j]!;
    keyBuf[j] = v === 0 ? 0 : Number.isNaN(v) ? Number.NaN : v;
  }
  let out = '';
  // Chunks keep fromCharCode's argument list short.
  for (let k = 0; k < 4 * d; k += 4096)
    out += String.fromCharCode.apply(null, keyChars.subarray(k, Math.min(4 * d, k + 4096)) as unknown as number[]);
  return out;
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
export function duplicateVote(
  group: Int32Array,
  sizes: Int32Array,
  labels: Int32Array,
  C: number,
  perRow = false,
): { hits: number; covered: number; right?: Uint8Array } {
  // perRow: right[i] = 1 correct, 0 wrong, 2 not covered.
  const right = perRow ? new Uint8Array(group.length).fill(2) : undefined;
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
      if (v > bestCount) {
        bestCount = v;
        best = c;
        tied = false;
      } else if (v === bestCount && v > 0) tied = true;
    }
    if (best < 0 || tied) continue;
    covered++;
    if (best === own) hits++;
    if (right) right[i] = best === own ? 1 : 0;
  }
  return right ? { hits, covered, right } : { hits, covered };
}

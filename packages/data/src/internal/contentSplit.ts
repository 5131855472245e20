import { fmix32, mixNumber, mixString, mixWord } from '@xai/core';

/** Row indices of the two parts, each in ascending (file) order. */
export interface ContentSplit {
  readonly kept: Int32Array;
  readonly heldOut: Int32Array;
}

/**
 * Row keys for {@link contentSplit}: each row's content (its raw cells, unambiguously joined)
 * and its occurrence index among rows of equal content, so exact duplicates are told apart
 * the same way whatever the file order (which copy of two equal rows is held out does not matter).
 */
export function rowContentKeys(
  records: readonly (readonly string[])[],
  rows: ArrayLike<number>,
): { readonly content: string[]; readonly occurrence: Int32Array } {
  const content: string[] = [];
  const occurrence = new Int32Array(rows.length);
  const seen = new Map<string, number>();
  for (let i = 0; i < rows.length; i++) {
    const c = JSON.stringify(records[rows[i]!]);
    const k = seen.get(c) ?? 0;
    seen.set(c, k + 1);
    content.push(c);
    occurrence[i] = k;
  }
  return { content, occurrence };
}

function compareRows(content: readonly string[], occurrence: Int32Array, a: number, b: number): number {
  const ca = content[a]!;
  const cb = content[b]!;
  return ca < cb ? -1 : ca > cb ? 1 : occurrence[a]! - occurrence[b]!;
}

/**
 * Strata of a regression label: `bins` equal-count bins by rank of the value, ties ordered by
 * row content (never by position), so the split keeps the label's spread.
 */
export function rankBins(values: Float64Array, bins: number, content: readonly string[], occurrence: Int32Array): Int32Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]! || compareRows(content, occurrence, a, b));
  const out = new Int32Array(n);
  order.forEach((i, r) => {
    out[i] = Math.floor((r * bins) / n);
  });
  return out;
}

/** Bins of a regression label's split: at most 10 (deciles), at most one per held-out row. */
export function regressionBins(n: number, fraction: number): number {
  return Math.max(1, Math.min(10, Math.floor(n * fraction)));
}

/**
 * Holds out exactly `round(fraction * n)` rows, spread over the strata by largest remainder
 * (each stratum gets floor(fraction * n_s) or one more; ties of remainder by a seeded hash of
 * the stratum), and within each stratum the rows ranked first by a seeded hash of their
 * content. Reordering the file holds out the same rows (as content); no draw depends on a
 * row's position.
 */
export function contentSplit(
  strata: Int32Array,
  fraction: number,
  seed: number,
  purpose: string,
  content: readonly string[],
  occurrence: Int32Array,
): ContentSplit {
  const n = strata.length;
  const base = mixNumber(mixString(0x5eed, purpose), seed);
  const members = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const s = strata[i]!;
    let list = members.get(s);
    if (!list) {
      list = [];
      members.set(s, list);
    }
    list.push(i);
  }
  const ids = [...members.keys()].sort((a, b) => a - b);
  const quota = new Map<number, number>();
  let assigned = 0;
  const remainders: { id: number; rem: number; tie: number }[] = [];
  for (const id of ids) {
    const q = fraction * members.get(id)!.length;
    const k = Math.floor(q);
    quota.set(id, k);
    assigned += k;
    remainders.push({ id, rem: q - k, tie: fmix32(mixWord(base, id)) });
  }
  remainders.sort((a, b) => b.rem - a.rem || a.tie - b.tie || a.id - b.id);
  for (let t = 0, extra = Math.round(fraction * n) - assigned; t < extra && t < remainders.length; t++)
    quota.set(remainders[t]!.id, quota.get(remainders[t]!.id)! + 1);

  const rank = new Uint32Array(n);
  for (let i = 0; i < n; i++) rank[i] = fmix32(mixWord(mixString(base, content[i]!), occurrence[i]!));
  const held = new Uint8Array(n);
  let heldCount = 0;
  for (const id of ids) {
    const rows = members.get(id)!.sort((a, b) => rank[a]! - rank[b]! || compareRows(content, occurrence, a, b));
    const k = quota.get(id)!;
    for (let t = 0; t < k; t++) held[rows[t]!] = 1;
    heldCount += k;
  }
  const kept = new Int32Array(n - heldCount);
  const heldOut = new Int32Array(heldCount);
  for (let i = 0, a = 0, b = 0; i < n; i++) {
    if (held[i]) heldOut[b++] = i;
    else kept[a++] = i;
  }
  return { kept, heldOut };
}

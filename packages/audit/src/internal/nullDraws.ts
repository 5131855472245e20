import { hashString, substream } from '@xai/core';
import type { ChoiceTable } from './choiceTable.js';
import { countHits } from './choiceTable.js';

/**
 * Within-item null, streamed item by item: draw r places item i's answer uniformly among its
 * own k_i candidates, from a stream keyed by the item's id (not its position). Returns hits
 * as an R x (total signs) matrix, signs laid out table after table.
 */
export function withinItemHits(tables: readonly ChoiceTable[], k: Int32Array, ids: readonly string[], seed: number, R: number): Int32Array {
  const offsets = signOffsets(tables);
  const V = offsets[tables.length]!;
  const hits = new Int32Array(R * V);
  const draws = new Int32Array(R);
  const n = k.length;
  for (let i = 0; i < n; i++) {
    const rng = substream(seed, 'within-item', ids[i]!);
    const ki = k[i]!;
    for (let r = 0; r < R; r++) draws[r] = Math.floor(rng.uniform() * ki);
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t]!;
      const S = table.signs.length;
      for (let s = 0; s < S; s++) {
        const c = table.choices[s * n + i]!;
        if (c < 0) continue;
        const col = offsets[t]! + s;
        for (let r = 0; r < R; r++) if (draws[r] === c) hits[r * V + col]!++;
      }
    }
  }
  return hits;
}

/** Where each table's signs start in a hits row; the last entry is the total. */
export function signOffsets(tables: readonly ChoiceTable[]): Int32Array {
  const offsets = new Int32Array(tables.length + 1);
  for (let t = 0; t < tables.length; t++) offsets[t + 1] = offsets[t]! + tables[t]!.signs.length;
  return offsets;
}

/**
 * Items in a canonical order that depends on their content only: by a hash of the key, then
 * by the key itself. Permutation nulls walk this order, so reordering the input file changes
 * nothing.
 */
export function canonicalOrder(keys: readonly string[]): Int32Array {
  const h = keys.map((key) => hashString(key));
  const order = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => h[a]! - h[b]! || (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  return order;
}

/**
 * Strata of a permutation null: the canonical order split by candidate count, so an answer
 * *position* only moves between items that have that position (never an id: see the trap
 * in docs/scoring.md).
 */
export function strataByK(order: Int32Array, k: Int32Array): Int32Array[] {
  const byK = new Map<number, number[]>();
  for (let t = 0; t < order.length; t++) {
    const i = order[t]!;
    const list = byK.get(k[i]!);
    if (list) list.push(i);
    else byK.set(k[i]!, [i]);
  }
  return [...byK.keys()].sort((a, b) => a - b).map((key) => Int32Array.from(byK.get(key)!));
}

/** One across-items draw: answers permuted within each stratum, written into `out`. */
export function permuteWithinStrata(
  answers: Int32Array,
  strata: readonly Int32Array[],
  seed: number,
  stream: string,
  r: number,
  out: Int32Array,
  scratch: Int32Array,
): Int32Array {
  const rng = substream(seed, stream, r);
  for (const stratum of strata) {
    const m = stratum.length;
    for (let t = 0; t < m; t++) scratch[t] = answers[stratum[t]!]!;
    const view = scratch.subarray(0, m);
    rng.shuffle(view);
    for (let t = 0; t < m; t++) out[stratum[t]!] = view[t]!;
  }
  return out;
}

/** Across-items null: R draws of permuted answers, hits counted per sign (R x total signs). */
export function acrossItemsHits(
  tables: readonly ChoiceTable[],
  answers: Int32Array,
  strata: readonly Int32Array[],
  seed: number,
  R: number,
): Int32Array {
  const offsets = signOffsets(tables);
  const V = offsets[tables.length]!;
  const hits = new Int32Array(R * V);
  const permuted = new Int32Array(answers.length);
  const scratch = new Int32Array(answers.length);
  for (let r = 0; r < R; r++) {
    permuteWithinStrata(answers, strata, seed, 'across-items', r, permuted, scratch);
    for (let t = 0; t < tables.length; t++) countHits(tables[t]!, permuted, hits, r * V + offsets[t]!);
  }
  return hits;
}

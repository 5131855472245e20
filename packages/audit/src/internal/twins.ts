import { hashString } from '@xai/core';
import type { BlindItem } from '../item.js';
import { canonicalOrder } from './nullDraws.js';
import { tokenize } from './text.js';

/** A key shared by more items than this is a category (a debate title, a class name), not a twin. */
export const TWIN_KEY_MAX = 8;
/** Twin groups never grow past this many items (links that would are dropped, in content order). */
export const TWIN_GROUP_MAX = 16;
/** Items whose whole text has this many distinct words (or fewer, or more than NEAR_MAX) get no near-duplicate key. */
const NEAR_MIN = 5;
const NEAR_MAX = 80;

/** Disjoint sets over 0 … n−1 with sizes. */
export class UnionFind {
  readonly parent: Int32Array;
  readonly size: Int32Array;
  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }
  find(a: number): number {
    let r = a;
    while (this.parent[r] !== r) r = this.parent[r]!;
    while (this.parent[a] !== r) {
      const next = this.parent[a]!;
      this.parent[a] = r;
      a = next;
    }
    return r;
  }
  /** Joins the sets of a and b unless the joined set would exceed `max` items. */
  union(a: number, b: number, max = Number.POSITIVE_INFINITY): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb || this.size[ra]! + this.size[rb]! > max) return;
    const [big, small] = this.size[ra]! >= this.size[rb]! ? [ra, rb] : [rb, ra];
    this.parent[small] = big;
    this.size[big]! += this.size[small]!;
  }
}

const cache = new WeakMap<readonly BlindItem[], Int32Array>();

/** A 53-bit key from two 32-bit hashes of a string (collisions among millions of keys: none to speak of). */
const key53 = (s: string): number => hashString(s, 3) + (hashString(s, 5) & 0x1fffff) * 4294967296;

/**
 * Twin groups of items: items that are the same item up to its answer, which cross-fitting
 * must keep in one fold (a twin with the opposite answer in another fold pushes a partial-input
 * baseline below chance; one with the same answer pushes it above). Two items are linked when
 * they share their set of candidate texts (in any order: Balanced COPA's mirrored items,
 * adversarial ARCT's negated claims), share the exact text of any item field (a premise shared
 * by its hypotheses, a FEVER-Symmetric claim or evidence), or when their whole text is one bag
 * of words up to one word (a negation added or one word swapped). A key shared by more than
 * `TWIN_KEY_MAX` items (or a quarter of a small corpus) is not a twin link, and no group grows
 * past `TWIN_GROUP_MAX`. Links are made in a content order, so the groups do not depend on the
 * order of the file. Returns a group index per item (cached per items array).
 */
export function twinGroups(items: readonly BlindItem[]): Int32Array {
  const hit = cache.get(items);
  if (hit) return hit;
  const n = items.length;
  // Every item's keys in content order; then only keys seen twice or more are grouped (most are seen once).
  let all = new Float64Array(Math.max(16, n * 24));
  let owner = new Int32Array(all.length);
  let used = 0;
  const push = (key: number, i: number): void => {
    if (used === all.length) {
      all = grow(all);
      owner = grow(owner);
    }
    all[used] = key;
    owner[used++] = i;
  };
  // In a small corpus a quarter of the items sharing a text is a category too (classes as candidates).
  const keyMax = Math.min(TWIN_KEY_MAX, Math.max(2, Math.floor(n / 4)));
  const categories = categoryFields(items, keyMax);
  const words = new WordBags();
  const byCandidates = new WeakMap<readonly unknown[], { key: number; words: readonly number[] }>();
  for (const i of canonicalOrder(items.map((it) => it.id))) {
    const item = items[i]!;
    // Classes as candidates are one array shared by every item: read it once.
    let cands = byCandidates.get(item.candidates);
    if (cands === undefined) {
      const texts = item.candidates.map((c) => c.text.trim().toLowerCase());
      cands = { key: key53(`c\u0000${[...texts].sort().join('\u0001')}`), words: texts.flatMap((t) => words.of(t)) };
      byCandidates.set(item.candidates, cands);
    }
    push(cands.key, i);
    const bag = words.startBag();
    words.add(bag, cands.words);
    for (const field in item) {
      const value = item[field];
      if (field === 'id' || field === 'candidates' || typeof value !== 'string') continue;
      const text = value.trim().toLowerCase();
      if (text === '') continue;
      const key = key53(`f\u0000${field}\u0000${text}`);
      push(key, i);
      // A category (a genre, a source, a field that recodes the label) is no word of the item's own text: in the
      // bag it would link items of one category more easily than items across categories.
      if (!categories.has(key)) words.add(bag, words.of(text));
    }
    words.nearKeys(bag, (k) => push(k, i));
  }
  const sorted = all.slice(0, used).sort();
  const repeated = new Set<number>();
  for (let t = 1; t < used; t++) if (sorted[t] === sorted[t - 1]) repeated.add(sorted[t]!);
  const keys = new Map<number, number[]>();
  for (let t = 0; t < used; t++) {
    if (!repeated.has(all[t]!)) continue;
    const list = keys.get(all[t]!);
    if (list === undefined) keys.set(all[t]!, [owner[t]!]);
    else if (list.length <= TWIN_KEY_MAX && list[list.length - 1] !== owner[t]) list.push(owner[t]!);
  }
  const uf = new UnionFind(n);
  for (const list of keys.values()) {
    if (list.length < 2 || list.length > keyMax) continue;
    for (let t = 1; t < list.length; t++) uf.union(list[0]!, list[t]!, TWIN_GROUP_MAX);
  }
  const groups = Int32Array.from({ length: n }, (_, i) => uf.find(i));
  cache.set(items, groups);
  return groups;
}

/** The keys of item field values shared by more than `keyMax` items: categories, not texts. */
function categoryFields(items: readonly BlindItem[], keyMax: number): Set<number> {
  const count = new Map<number, number>();
  for (const item of items)
    for (const field in item) {
      const value = item[field];
      if (field === 'id' || field === 'candidates' || typeof value !== 'string' || value.trim() === '') continue;
      const key = key53(`f\u0000${field}\u0000${value.trim().toLowerCase()}`);
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  return new Set([...count].filter(([, c]) => c > keyMax).map(([k]) => k));
}

function grow<A extends Float64Array | Int32Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

/** Bags of distinct words as word indices, each distinct word hashed once. */
class WordBags {
  private readonly index = new Map<string, number>();
  private readonly h1: number[] = [];
  private readonly h2: number[] = [];
  /** The bag a word was last added to (so a bag holds each word once without a Set). */
  private stamp = new Int32Array(1024).fill(-1);
  private bags = 0;

  /** The word indices of a (lower-cased) text. */
  of(text: string): number[] {
    return tokenize(text).map((w) => {
      let k = this.index.get(w);
      if (k === undefined) {
        k = this.index.size;
        this.index.set(w, k);
        this.h1.push(hashString(w, 17));
        this.h2.push(hashString(w, 29) & 0x1fffff);
      }
      return k;
    });
  }

  /** A new, empty bag. */
  startBag(): number[] {
    this.bags++;
    return [];
  }

  /** Adds words to the current bag, each once. */
  add(bag: number[], ws: readonly number[]): void {
    if (this.stamp.length < this.h1.length) {
      const s = new Int32Array(this.h1.length * 2).fill(-1);
      s.set(this.stamp);
      this.stamp = s;
    }
    for (const w of ws)
      if (this.stamp[w] !== this.bags) {
        this.stamp[w] = this.bags;
        bag.push(w);
      }
  }

  /**
   * Near-duplicate keys of a bag of distinct words: a hash of the bag and of the bag with each word
   * left out, so two items share a key when their bags differ by at most one word (one added,
   * dropped or replaced). Bags outside NEAR_MIN..NEAR_MAX words get none.
   */
  nearKeys(bag: readonly number[], emit: (key: number) => void): void {
    if (bag.length < NEAR_MIN || bag.length > NEAR_MAX) return;
    let s1 = 0x9e3779b9;
    let s2 = 0x1234;
    for (const k of bag) {
      s1 = (s1 + this.h1[k]!) >>> 0;
      s2 = (s2 + this.h2[k]!) & 0x1fffff;
    }
    emit(s1 + s2 * 4294967296);
    for (const k of bag) emit(((s1 - this.h1[k]! + 4294967296) % 4294967296) + ((s2 - this.h2[k]! + 0x200000) & 0x1fffff) * 4294967296);
  }
}

/**
 * Cross-fitting folds by content: items with the same `own` key (the text a probe reads) share a
 * fold while few items share it (a repeated text is a twin; a value shared by more than
 * n / (2K) items is a category and is spread by item id, so its copies teach the other folds),
 * and twin groups (`twinGroups`) share a fold. A fold is a hash of the smallest key of the
 * group and the seed: a group of one keeps the fold of its own text.
 */
export function contentFolds(items: readonly BlindItem[], own: readonly string[], K: number, seed: number): Int32Array {
  const n = items.length;
  const cap = Math.max(2, Math.floor(n / (2 * K)));
  const byKey = new Map<string, number[]>();
  own.forEach((key, i) => {
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  const uf = new UnionFind(n);
  const key = own.map((k, i) => (byKey.get(k)!.length <= cap ? k : `\u0000id\u0000${items[i]!.id}`));
  for (const list of byKey.values()) if (list.length <= cap) for (let t = 1; t < list.length; t++) uf.union(list[0]!, list[t]!);
  const twins = twinGroups(items);
  const firstOf = new Map<number, number>();
  twins.forEach((g, i) => {
    const f = firstOf.get(g);
    if (f === undefined) firstOf.set(g, i);
    else uf.union(f, i);
  });
  const rep = new Map<number, string>();
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    const k = rep.get(r);
    if (k === undefined || key[i]! < k) rep.set(r, key[i]!);
  }
  return Int32Array.from({ length: n }, (_, i) => hashString(rep.get(uf.find(i))!, seed) % K);
}

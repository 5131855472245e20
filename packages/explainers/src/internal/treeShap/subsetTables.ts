// Path-dependent TreeSHAP by per-leaf subset tables (the idea of Yang 2021's Fast TreeSHAP v2).
//
// A leaf's share of the path-dependent game is a product game over the unique features P of its path
// (p = |P|): g(S) = v · Π_{j∈P} (j ∈ S ? o_j : z_j), where z_j is the product of the cover shares of
// the splits on j along the path and o_j ∈ {0, 1} says whether the row satisfies all of them. With Q
// the features the row follows, its Shapley values are
//   i ∈ Q: v · (1 − z_i) · Z(P∖Q) · E(Q∖{i}),     i ∉ Q: −v · Z(P∖Q) · E(Q),
// where Z(T) = Π_{j∈T} z_j and E(T) = Σ_{S⊆T} |S|!(p−|S|−1)!/p! · Z(T∖S) depends on the row only
// through T. E is tabled once per leaf (2^p entries), so a row costs O(nodes + leaves · p) per tree
// where Algorithm 2 costs O(leaves · p²). All terms are sums of non-negative products: no division.
//
// Interaction values (Lundberg et al. 2018, §4, as XGBoost's pred_interactions): conditioning on j
// turns the leaf game into the same product game over P∖{j} scaled by o_j (on) or z_j (off), so
// Φ[j][i] = (φ_i^on − φ_i^off) / 2 = (o_j − z_j) / 2 · (that game's φ_i), read from a second table E'
// whose weights are those of p − 1 players.
import type { DecisionTree } from '@xai/core';
import { treeGoesYes } from '@xai/core';
import { coverShare } from './pathDependent.js';

/** Unique path features of any leaf beyond this, or tables larger than this, fall back to Algorithm 2. */
export const MAX_TABLE_FEATURES = 12;
export const MAX_TREE_TABLE = 1 << 16;

/** One tree's tables: internal nodes in preorder with their path bit, and per leaf its path features and E. */
export interface SubsetTables {
  /** Internal nodes, parents before children. */
  readonly order: Int32Array;
  /** 1 << (the bit of the node's feature on its path). */
  readonly bitMask: Int32Array;
  readonly leaves: Int32Array;
  /** Per leaf: p, and where its p features / z values and its 2^p table entries start. */
  readonly p: Uint8Array;
  readonly at: Int32Array;
  readonly tableAt: Int32Array;
  readonly feature: Int32Array;
  readonly z: Float64Array;
  /** E(T) per leaf and subset T (bit b = the leaf's b-th path feature). */
  readonly e: Float64Array;
  /** E'(T): the same sums with the weights of p − 1 players (interaction values), or null. */
  readonly e1: Float64Array | null;
}

/** w[k] = k!(m−k−1)!/m! for k < m (Shapley weights of m players). */
function shapleyWeights(m: number): Float64Array {
  const w = new Float64Array(Math.max(m, 1));
  for (let k = 0; k < m; k++) {
    // 1 / (m · C(m−1, k))
    let c = 1;
    for (let r = 1; r <= k; r++) c = (c * (m - k - 1 + r)) / r;
    w[k] = 1 / (m * c);
  }
  return w;
}

/**
 * Fills out[T] = Σ_{S⊆T} w[|S|] · Z(T∖S) for every subset T of the p values z (T with fewer than
 * `limit` members; others stay 0), via the elementary symmetric polynomials of z_T.
 */
function fillSubsetSums(z: Float64Array, zAt: number, p: number, w: Float64Array, limit: number, out: Float64Array, outAt: number): void {
  const size = 1 << p;
  // es[T * (p + 1) + m] = e_m(z_T), built from T without its highest bit.
  const es = new Float64Array(size * (p + 1));
  es[0] = 1;
  for (let t = 1; t < size; t++) {
    const top = 31 - Math.clz32(t);
    const prev = t ^ (1 << top);
    const zt = z[zAt + top]!;
    es[t * (p + 1)] = 1;
    for (let m = 1; m <= p; m++) es[t * (p + 1) + m] = es[prev * (p + 1) + m]! + zt * es[prev * (p + 1) + m - 1]!;
  }
  for (let t = 0; t < size; t++) {
    let n = 0;
    for (let u = t; u !== 0; u &= u - 1) n++;
    if (n >= limit) continue;
    let s = 0;
    for (let k = 0; k <= n; k++) s += w[k]! * es[t * (p + 1) + n - k]!;
    out[outAt + t] = s;
  }
}

interface LeafPath {
  readonly node: number;
  readonly features: number[];
  readonly z: number[];
}

/** Walks the tree in preorder: each node's path bit, each leaf's unique path features and z values. */
function leafPaths(tree: DecisionTree, cover: Float64Array): { order: number[]; bit: Int32Array; leaves: LeafPath[] } {
  const order: number[] = [];
  const bit = new Int32Array(tree.yes.length);
  const leaves: LeafPath[] = [];
  const walk = (node: number, features: number[], z: number[]): void => {
    const yes = tree.yes[node]!;
    if (yes < 0) {
      leaves.push({ node, features, z });
      return;
    }
    order.push(node);
    const f = tree.feature[node]!;
    let b = features.indexOf(f);
    const fs = b < 0 ? [...features, f] : features;
    if (b < 0) b = features.length;
    bit[node] = 1 << b;
    for (const child of [yes, tree.no[node]!]) {
      const zc = b < z.length ? [...z] : [...z, 1];
      zc[b] = zc[b]! * coverShare(cover, node, child);
      walk(child, fs, zc);
    }
  };
  walk(0, [], []);
  return { order, bit, leaves };
}

/**
 * The subset tables of one tree, or null when a leaf has more than {@link MAX_TABLE_FEATURES}
 * unique path features or the tables would exceed `budget` entries (Algorithm 2 then runs).
 */
export function subsetTables(tree: DecisionTree, cover: Float64Array, interactions: boolean, budget: number): SubsetTables | null {
  const { order, bit, leaves } = leafPaths(tree, cover);
  let entries = 0;
  let features = 0;
  for (const l of leaves) {
    if (l.features.length > MAX_TABLE_FEATURES) return null;
    entries += 1 << l.features.length;
    features += l.features.length;
  }
  if (entries * (interactions ? 2 : 1) > Math.min(budget, MAX_TREE_TABLE)) return null;
  const t = {
    order: Int32Array.from(order),
    bitMask: bit,
    leaves: Int32Array.from(leaves, (l) => l.node),
    p: Uint8Array.from(leaves, (l) => l.features.length),
    at: new Int32Array(leaves.length),
    tableAt: new Int32Array(leaves.length),
    feature: new Int32Array(features),
    z: new Float64Array(features),
    e: new Float64Array(entries),
    e1: interactions ? new Float64Array(entries) : null,
  };
  let at = 0;
  let tableAt = 0;
  leaves.forEach((l, k) => {
    const p = l.features.length;
    t.at[k] = at;
    t.tableAt[k] = tableAt;
    t.feature.set(l.features, at);
    t.z.set(l.z, at);
    fillSubsetSums(t.z, at, p, shapleyWeights(p), p, t.e, tableAt);
    if (t.e1 !== null && p > 1) fillSubsetSums(t.z, at, p, shapleyWeights(p - 1), p - 1, t.e1, tableAt);
    at += p;
    tableAt += 1 << p;
  });
  return t;
}

/** mask[node] = the path features (bits) whose splits row x satisfies from the root to node. */
function followedMasks(tree: DecisionTree, s: SubsetTables, x: Float64Array, xAt: number, mask: Int32Array): void {
  mask[0] = -1;
  const { order, bitMask } = s;
  const { yes, no, feature } = tree;
  for (let k = 0; k < order.length; k++) {
    const n = order[k]!;
    const m = mask[n]!;
    const off = m & ~bitMask[n]!;
    if (treeGoesYes(tree, n, x[xAt + feature[n]!]!)) {
      mask[yes[n]!] = m;
      mask[no[n]!] = off;
    } else {
      mask[yes[n]!] = off;
      mask[no[n]!] = m;
    }
  }
}

/**
 * Adds one tree's path-dependent SHAP values of raw-score `column` for the row at x[xAt…] to
 * phi[phiAt + feature]; with `inter` (d × d at interAt), also the off-diagonal interaction values.
 */
export function subsetTableShap(
  tree: DecisionTree,
  s: SubsetTables,
  column: number,
  columns: number,
  x: Float64Array,
  xAt: number,
  phi: Float64Array,
  phiAt: number,
  mask: Int32Array,
  inter: Float64Array | null,
  interAt: number,
  d: number,
): void {
  followedMasks(tree, s, x, xAt, mask);
  const { leaves, p: ps, at: ats, tableAt: tas, feature, z, e } = s;
  for (let l = 0; l < leaves.length; l++) {
    const node = leaves[l]!;
    const v = tree.value[node * columns + column]!;
    const p = ps[l]!;
    if (v === 0 || p === 0) continue;
    const at = ats[l]!;
    const ta = tas[l]!;
    const q = mask[node]! & ((1 << p) - 1);
    // v · Z(P∖Q)
    let vz = v;
    for (let b = 0; b < p; b++) if (((q >> b) & 1) === 0) vz *= z[at + b]!;
    if (vz === 0) continue;
    const out = vz * e[ta + q]!;
    for (let b = 0; b < p; b++) {
      const f = phiAt + feature[at + b]!;
      if ((q >> b) & 1) phi[f] = phi[f]! + vz * (1 - z[at + b]!) * e[ta + (q ^ (1 << b))]!;
      else phi[f] = phi[f]! - out;
    }
    if (inter !== null && p > 1) leafInteractions(s, l, v, q, inter, interAt, d);
  }
}

/** Φ[j][i] += (o_j − z_j)/2 · φ_i of the leaf game over P∖{j}, for the leaf's path features i ≠ j. */
function leafInteractions(s: SubsetTables, l: number, v: number, q: number, inter: Float64Array, interAt: number, d: number): void {
  const p = s.p[l]!;
  const at = s.at[l]!;
  const ta = s.tableAt[l]!;
  const { feature, z } = s;
  const e1 = s.e1!;
  for (let bj = 0; bj < p; bj++) {
    const zj = z[at + bj]!;
    const half = ((((q >> bj) & 1) === 1 ? 1 : 0) - zj) / 2;
    if (half === 0) continue;
    const qj = q & ~(1 << bj);
    // v · Z((P∖{j})∖Q)
    let vz = v * half;
    for (let b = 0; b < p; b++) if (b !== bj && ((q >> b) & 1) === 0) vz *= z[at + b]!;
    if (vz === 0) continue;
    const out = vz * e1[ta + qj]!;
    const row = interAt + feature[at + bj]! * d;
    for (let b = 0; b < p; b++) {
      if (b === bj) continue;
      const f = row + feature[at + b]!;
      if ((q >> b) & 1) inter[f] = inter[f]! + vz * (1 - z[at + b]!) * e1[ta + (qj ^ (1 << b))]!;
      else inter[f] = inter[f]! - out;
    }
  }
}

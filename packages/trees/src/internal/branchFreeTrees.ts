// Shallow trees padded to complete binary trees and walked without branches: every split is rewritten
// as `v >= t` (child 2h + 1 when false, 2h + 2 when true), so a row's path is index arithmetic, and
// eight rows walk side by side (independent chains the CPU overlaps; no mispredicted branches).
//
// The rewrite is exact. For a row value v and a finite threshold t: v < t ⟺ !(v >= t); v <= t ⟺
// !(v >= up(t)) and v > t ⟺ v >= up(t), where up(t) is the next float64 above t (no float64, and so
// no float32, lies strictly between). A missing value must take the split's missing branch: the rows
// are laid out twice, as given (NaN >= t is false) and with NaN as +Infinity (true), and each node
// reads the copy that sends a NaN its way. A leaf above the bottom level becomes a node whose two
// subtrees hold that leaf everywhere.
import type { DecisionTree } from '@xai/core';

/** Trees deeper than this keep their own shape (a complete tree doubles per level). */
const MAX_DEPTH = 10;
/** A tree is padded only when its complete form has at most this many leaves per real leaf (or 64). */
const MAX_PADDING = 8;

/** The padded trees; `depth[k]` is −1 for a tree evaluated another way. */
export interface BranchFreeTrees {
  readonly depth: Int32Array;
  /** Where tree k's padded nodes / leaf values start. */
  readonly nodeAt: Int32Array;
  readonly leafAt: Int32Array;
  /** The one raw-score column a tree adds to, or −1 when its leaves hold every column. */
  readonly column: Int32Array;
  /** Per padded node: the row offset it reads (feature, plus d for the NaN-as-+Infinity copy). */
  readonly offset: Int32Array;
  readonly threshold: Float64Array;
  /** Per padded leaf: one value (a one-column tree) or `columns` values. */
  readonly leafValue: Float64Array;
  /** Whether any tree is padded (the rows are then laid out twice). */
  readonly any: boolean;
}

function treeDepth(tree: DecisionTree, node = 0): number {
  const yes = tree.yes[node]!;
  return yes < 0 ? 0 : 1 + Math.max(treeDepth(tree, yes), treeDepth(tree, tree.no[node]!));
}

const bits = new DataView(new ArrayBuffer(8));

/** The next float64 above a finite t. */
export function nextUp(t: number): number {
  if (t === 0) return Number.MIN_VALUE;
  bits.setFloat64(0, t);
  const b = bits.getBigInt64(0);
  bits.setBigInt64(0, t > 0 ? b + 1n : b - 1n);
  return bits.getFloat64(0);
}

/** The `v >= t` threshold of split node i, and whether its true side is the yes child; null when not rewritable. */
function rewrite(tree: DecisionTree, i: number): { t: number; trueIsYes: boolean } | null {
  const s = tree.split[i]!;
  const t = tree.threshold[i]!;
  if (s > 3 || !Number.isFinite(t)) return null;
  const up = s === 1 || s === 3 ? nextUp(t) : t;
  return Number.isFinite(up) ? { t: up, trueIsYes: s >= 2 } : null;
}

/** The column a tree's leaves add to (−1: several), and whether every split can be rewritten. */
function treeShape(tree: DecisionTree, columns: number): { column: number; leaves: number; ok: boolean } {
  let only = -2;
  let leaves = 0;
  let ok = true;
  for (let i = 0; i < tree.yes.length; i++) {
    if (tree.yes[i]! >= 0) {
      ok &&= rewrite(tree, i) !== null;
      continue;
    }
    leaves++;
    for (let c = 0; c < columns; c++) if (tree.value[i * columns + c] !== 0) only = only === -2 || only === c ? c : -1;
  }
  return { column: only === -2 ? 0 : only, leaves, ok };
}

/** Pads the trees that qualify (depth ≤ 10, LT/LEQ/GTE/GT splits, finite thresholds, little padding). */
export function branchFreeTrees(trees: readonly DecisionTree[], columns: number, inputDim: number): BranchFreeTrees {
  const K = trees.length;
  const depth = new Int32Array(K).fill(-1);
  const column = new Int32Array(K);
  const nodeAt = new Int32Array(K);
  const leafAt = new Int32Array(K);
  let nodes = 0;
  let leafValues = 0;
  trees.forEach((tree, k) => {
    const D = treeDepth(tree);
    const s = treeShape(tree, columns);
    if (!s.ok || D > MAX_DEPTH || 1 << D > Math.max(64, MAX_PADDING * s.leaves)) return;
    depth[k] = D;
    column[k] = s.column;
    nodeAt[k] = nodes;
    leafAt[k] = leafValues;
    nodes += (1 << D) - 1;
    leafValues += (1 << D) * (s.column < 0 ? columns : 1);
  });
  const f = {
    depth,
    nodeAt,
    leafAt,
    column,
    offset: new Int32Array(nodes),
    threshold: new Float64Array(nodes),
    leafValue: new Float64Array(leafValues),
    any: depth.some((D) => D >= 0),
  };
  trees.forEach((tree, k) => {
    if (depth[k]! >= 0) padTree(f, k, tree, columns, inputDim);
  });
  return f;
}

/** Writes tree k's complete form (heap order: node h has children 2h + 1 and 2h + 2). */
function padTree(f: BranchFreeTrees, k: number, tree: DecisionTree, columns: number, inputDim: number): void {
  const D = f.depth[k]!;
  const width = f.column[k]! < 0 ? columns : 1;
  const fill = (node: number, h: number, level: number): void => {
    if (level === D) {
      const at = f.leafAt[k]! + (h - ((1 << D) - 1)) * width;
      if (width === 1) f.leafValue[at] = tree.value[node * columns + f.column[k]!]!;
      else f.leafValue.set(tree.value.subarray(node * columns, (node + 1) * columns), at);
      return;
    }
    const g = f.nodeAt[k]! + h;
    const yes = tree.yes[node]!;
    if (yes < 0) {
      // Both subtrees end in this leaf whatever the row.
      f.offset[g] = 0;
      f.threshold[g] = Number.NEGATIVE_INFINITY;
      fill(node, 2 * h + 1, level + 1);
      fill(node, 2 * h + 2, level + 1);
      return;
    }
    const r = rewrite(tree, node)!;
    const nanTrue = (tree.missingYes[node] === 1) === r.trueIsYes;
    f.offset[g] = tree.feature[node]! + (nanTrue ? inputDim : 0);
    f.threshold[g] = r.t;
    const no = tree.no[node]!;
    fill(r.trueIsYes ? no : yes, 2 * h + 1, level + 1);
    fill(r.trueIsYes ? yes : no, 2 * h + 2, level + 1);
  };
  fill(0, 0, 0);
}

/** Adds tree k's leaf values for rows [0, m) of a block into `acc` (row stride C); `leaf` is scratch for m rows. */
export type AddTree = (k: number, x: Float64Array, m: number, acc: Float64Array, C: number, leaf: Int32Array) => void;

/** The adder of padded trees over rows of stride s (the row, then the row with NaN as +Infinity). */
function makeAdder(
  depth: Int32Array,
  nodeAt: Int32Array,
  leafAt: Int32Array,
  column: Int32Array,
  of: Int32Array,
  th: Float64Array,
  lv: Float64Array,
  s: number,
): AddTree {
  /** The padded leaf (from 1: 2^D … 2^(D+1) − 1) of each row; eight rows walk side by side. */
  const walk = (k: number, x: Float64Array, m: number, leaf: Int32Array): void => {
    const D = depth[k]!;
    const na = nodeAt[k]! - 1; // node h (from 1) at na + h, children 2h and 2h + 1
    let i = 0;
    for (; i + 8 <= m; i += 8) {
      const o = i * s;
      let a = 1;
      let b = 1;
      let c = 1;
      let e = 1;
      let a2 = 1;
      let b2 = 1;
      let c2 = 1;
      let e2 = 1;
      for (let l = 0; l < D; l++) {
        a = 2 * a + +(x[o + of[na + a]!]! >= th[na + a]!);
        b = 2 * b + +(x[o + s + of[na + b]!]! >= th[na + b]!);
        c = 2 * c + +(x[o + 2 * s + of[na + c]!]! >= th[na + c]!);
        e = 2 * e + +(x[o + 3 * s + of[na + e]!]! >= th[na + e]!);
        a2 = 2 * a2 + +(x[o + 4 * s + of[na + a2]!]! >= th[na + a2]!);
        b2 = 2 * b2 + +(x[o + 5 * s + of[na + b2]!]! >= th[na + b2]!);
        c2 = 2 * c2 + +(x[o + 6 * s + of[na + c2]!]! >= th[na + c2]!);
        e2 = 2 * e2 + +(x[o + 7 * s + of[na + e2]!]! >= th[na + e2]!);
      }
      leaf[i] = a;
      leaf[i + 1] = b;
      leaf[i + 2] = c;
      leaf[i + 3] = e;
      leaf[i + 4] = a2;
      leaf[i + 5] = b2;
      leaf[i + 6] = c2;
      leaf[i + 7] = e2;
    }
    for (; i < m; i++) {
      let a = 1;
      for (let l = 0; l < D; l++) a = 2 * a + +(x[i * s + of[na + a]!]! >= th[na + a]!);
      leaf[i] = a;
    }
  };
  return (k, x, m, acc, C, leaf) => {
    walk(k, x, m, leaf);
    const first = 1 << depth[k]!;
    const col = column[k]!;
    if (col >= 0) {
      const at = leafAt[k]! - first;
      for (let i = 0, a = col; i < m; i++, a += C) acc[a] = acc[a]! + lv[at + leaf[i]!]!;
      return;
    }
    for (let i = 0; i < m; i++) {
      const l = leafAt[k]! + (leaf[i]! - first) * C;
      for (let c = 0; c < C; c++) acc[i * C + c] = acc[i * C + c]! + lv[l + c]!;
    }
  };
}

/** The adder of an ensemble's padded trees over rows of `inputDim` features. */
export function branchFreeAdder(f: BranchFreeTrees, inputDim: number): AddTree {
  return makeAdder(f.depth, f.nodeAt, f.leafAt, f.column, f.offset, f.threshold, f.leafValue, 2 * inputDim);
}

// Path-dependent TreeSHAP (Lundberg, Erion & Lee 2018, Algorithm 2): the exact Shapley values of
// v(S) = E[f(x) | x_S] where a split on a feature outside S sends the row down both children,
// weighted by the children's shares of the node's cover. Polynomial: O(leaves · depth²) per tree.
import type { DecisionTree } from '@xai/core';
import { treeGoesYes } from '@xai/core';

/** Share of a node's cover that goes to `child` (an empty node splits evenly). */
export function coverShare(cover: Float64Array, node: number, child: number): number {
  const c = cover[node]!;
  return c > 0 ? cover[child]! / c : 0.5;
}

/**
 * The path of unique features from the root to the current node: each recursion level copies
 * its parent's path just past it in one preallocated buffer, so nothing is allocated per node.
 */
export class PathBuffers {
  readonly feature: Int32Array;
  readonly zero: Float64Array;
  readonly one: Float64Array;
  readonly weight: Float64Array;
  constructor(maxDepth: number) {
    const size = ((maxDepth + 3) * (maxDepth + 4)) / 2;
    this.feature = new Int32Array(size);
    this.zero = new Float64Array(size);
    this.one = new Float64Array(size);
    this.weight = new Float64Array(size);
  }
}

/** Where the recursion adds: phi[feature] += …; `condition` fixes one feature on (1) or off (−1) for interaction values. */
export interface PathShapTarget {
  readonly tree: DecisionTree;
  readonly cover: Float64Array;
  /** The explained raw-score column of the leaf values. */
  readonly column: number;
  readonly columns: number;
  /** The row's feature values (float32-rounded when the ensemble compares in float32). */
  readonly x: Float64Array;
  readonly phi: Float64Array;
  readonly condition: number;
  readonly conditionFeature: number;
}

function extend(p: PathBuffers, at: number, depth: number, zero: number, one: number, feature: number): void {
  const w = p.weight;
  p.feature[at + depth] = feature;
  p.zero[at + depth] = zero;
  p.one[at + depth] = one;
  w[at + depth] = depth === 0 ? 1 : 0;
  const inv = 1 / (depth + 1);
  const oneInv = one * inv;
  const zeroInv = zero * inv;
  for (let i = depth - 1; i >= 0; i--) {
    const wi = w[at + i]!;
    w[at + i + 1] = w[at + i + 1]! + oneInv * wi * (i + 1);
    w[at + i] = zeroInv * wi * (depth - i);
  }
}

function unwind(p: PathBuffers, at: number, depth: number, index: number): void {
  const w = p.weight;
  const one = p.one[at + index]!;
  const zero = p.zero[at + index]!;
  let next = w[at + depth]!;
  for (let i = depth - 1; i >= 0; i--) {
    if (one !== 0) {
      const tmp = w[at + i]!;
      w[at + i] = (next * (depth + 1)) / ((i + 1) * one);
      next = tmp - (w[at + i]! * zero * (depth - i)) / (depth + 1);
    } else {
      w[at + i] = (w[at + i]! * (depth + 1)) / (zero * (depth - i));
    }
  }
  for (let i = index; i < depth; i++) {
    p.feature[at + i] = p.feature[at + i + 1]!;
    p.zero[at + i] = p.zero[at + i + 1]!;
    p.one[at + i] = p.one[at + i + 1]!;
  }
}

/** The sum of the path weights after unwinding element `index` (without changing the path). */
function unwoundSum(p: PathBuffers, at: number, depth: number, index: number): number {
  const w = p.weight;
  const one = p.one[at + index]!;
  const zero = p.zero[at + index]!;
  let next = w[at + depth]!;
  let total = 0;
  if (one !== 0) {
    const oneInv = 1 / one;
    for (let i = depth - 1; i >= 0; i--) {
      const tmp = (next * oneInv) / (i + 1);
      total += tmp;
      next = w[at + i]! - tmp * zero * (depth - i);
    }
  } else if (zero !== 0) {
    const zeroInv = 1 / zero;
    for (let i = depth - 1; i >= 0; i--) total += (w[at + i]! * zeroInv) / (depth - i);
  }
  return total * (depth + 1);
}

/**
 * Adds one tree's path-dependent SHAP values for one row to `t.phi` (start with node 0, depth 0,
 * parentAt 0, fractions 1, feature −1, conditionFraction 1).
 */
export function pathShapRecurse(
  t: PathShapTarget,
  p: PathBuffers,
  node: number,
  depth: number,
  parentAt: number,
  parentZero: number,
  parentOne: number,
  parentFeature: number,
  conditionFraction: number,
): void {
  // No weight comes down (a child no training row reached, on a split the row does not follow): nothing to add.
  if (conditionFraction === 0 || (parentZero === 0 && parentOne === 0)) return;
  const at = parentAt + depth + 1; // this call's copy of the path, past the parent's
  for (let i = 0; i <= depth; i++) {
    p.feature[at + i] = p.feature[parentAt + i]!;
    p.zero[at + i] = p.zero[parentAt + i]!;
    p.one[at + i] = p.one[parentAt + i]!;
    p.weight[at + i] = p.weight[parentAt + i]!;
  }
  if (t.condition === 0 || t.conditionFeature !== parentFeature) extend(p, at, depth, parentZero, parentOne, parentFeature);
  const tree = t.tree;
  const yes = tree.yes[node]!;
  if (yes < 0) {
    const v = tree.value[node * t.columns + t.column]!;
    if (v === 0) return;
    for (let i = 1; i <= depth; i++) {
      const w = unwoundSum(p, at, depth, i);
      const f = p.feature[at + i]!;
      t.phi[f] = t.phi[f]! + w * (p.one[at + i]! - p.zero[at + i]!) * v * conditionFraction;
    }
    return;
  }
  const feature = tree.feature[node]!;
  const no = tree.no[node]!;
  const hot = treeGoesYes(tree, node, t.x[feature]!) ? yes : no;
  const cold = hot === yes ? no : yes;
  const hotZero = coverShare(t.cover, node, hot);
  const coldZero = coverShare(t.cover, node, cold);
  let inZero = 1;
  let inOne = 1;
  // A feature already on the path: undo that split and redo it here.
  let k = 0;
  for (; k <= depth; k++) if (p.feature[at + k] === feature) break;
  if (k !== depth + 1) {
    inZero = p.zero[at + k]!;
    inOne = p.one[at + k]!;
    unwind(p, at, depth, k);
    depth -= 1;
  }
  let hotCondition = conditionFraction;
  let coldCondition = conditionFraction;
  if (t.condition > 0 && feature === t.conditionFeature) {
    coldCondition = 0;
    depth -= 1;
  } else if (t.condition < 0 && feature === t.conditionFeature) {
    hotCondition *= hotZero;
    coldCondition *= coldZero;
    depth -= 1;
  }
  pathShapRecurse(t, p, hot, depth + 1, at, hotZero * inZero, inOne, feature, hotCondition);
  pathShapRecurse(t, p, cold, depth + 1, at, coldZero * inZero, 0, feature, coldCondition);
}

/** E[tree] under the covers: Σ_leaves value · Π cover shares along its path. */
export function treeMeanValue(tree: DecisionTree, cover: Float64Array, column: number, columns: number, node = 0): number {
  const yes = tree.yes[node]!;
  if (yes < 0) return tree.value[node * columns + column]!;
  const no = tree.no[node]!;
  return (
    coverShare(cover, node, yes) * treeMeanValue(tree, cover, column, columns, yes) +
    coverShare(cover, node, no) * treeMeanValue(tree, cover, column, columns, no)
  );
}

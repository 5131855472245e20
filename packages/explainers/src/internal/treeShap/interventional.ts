// Interventional TreeSHAP (Lundberg et al. 2020, "From local explanations to global understanding
// with explainable AI for trees"): for one row x and one background row r, the exact Shapley values
// of v(S) = f(x_S, r_rest), in O(leaves · depth) per tree. Averaged over the background rows, they
// are the exact Shapley values of v(S) = mean_r f(x_S, r_rest).
//
// A leaf reached by taking x's branch at the splits on the features in X and r's branch at those in
// R (distinct features; where x and r agree the feature does not matter) is reached exactly when
// X ⊆ S and R ∩ S = ∅, so its value v adds v·(|X|−1)!|R|!/(|X|+|R|)! to each feature of X and
// −v·|X|!(|R|−1)!/(|X|+|R|)! to each feature of R.
import type { DecisionTree } from '@xai/core';
import { treeGoesYes } from '@xai/core';

/** Per-(x, r) scratch: which side each feature took on the current path, and the path's features. */
export class InterventionalScratch {
  /** 0: not on the path, 1: x's side, 2: r's side. */
  readonly side: Uint8Array;
  readonly xFeatures: Int32Array;
  readonly rFeatures: Int32Array;
  /** weight[a * (D + 1) + b] = a!·b!/(a+b+1)!. */
  readonly weight: Float64Array;
  readonly stride: number;
  constructor(features: number, maxDepth: number) {
    this.side = new Uint8Array(features);
    this.xFeatures = new Int32Array(maxDepth + 1);
    this.rFeatures = new Int32Array(maxDepth + 1);
    this.stride = maxDepth + 2;
    this.weight = new Float64Array(this.stride * this.stride);
    for (let a = 0; a < this.stride; a++) {
      for (let b = 0; a + b < this.stride; b++) {
        // a!b!/(a+b+1)! = 1 / ((a+b+1) · C(a+b, a))
        let c = 1;
        for (let k = 1; k <= a; k++) c = (c * (b + k)) / k;
        this.weight[a * this.stride + b] = 1 / ((a + b + 1) * c);
      }
    }
  }
}

export interface InterventionalTarget {
  readonly tree: DecisionTree;
  readonly column: number;
  readonly columns: number;
  readonly x: Float64Array;
  readonly r: Float64Array;
  readonly phi: Float64Array;
  /** Multiplies every contribution (1 / background rows). */
  readonly scale: number;
}

/** Adds one tree's interventional SHAP values of (x against r) to `t.phi`; start at node 0 with nx = nr = 0. */
export function interventionalRecurse(t: InterventionalTarget, s: InterventionalScratch, node: number, nx: number, nr: number): void {
  const tree = t.tree;
  const yes = tree.yes[node]!;
  if (yes < 0) {
    const v = tree.value[node * t.columns + t.column]! * t.scale;
    if (v === 0 || nx + nr === 0) return;
    if (nx > 0) {
      const w = v * s.weight[(nx - 1) * s.stride + nr]!;
      for (let i = 0; i < nx; i++) {
        const f = s.xFeatures[i]!;
        t.phi[f] = t.phi[f]! + w;
      }
    }
    if (nr > 0) {
      const w = v * s.weight[nx * s.stride + nr - 1]!;
      for (let i = 0; i < nr; i++) {
        const f = s.rFeatures[i]!;
        t.phi[f] = t.phi[f]! - w;
      }
    }
    return;
  }
  const f = tree.feature[node]!;
  const no = tree.no[node]!;
  const xChild = treeGoesYes(tree, node, t.x[f]!) ? yes : no;
  const side = s.side[f]!;
  if (side === 1) {
    interventionalRecurse(t, s, xChild, nx, nr);
    return;
  }
  const rChild = treeGoesYes(tree, node, t.r[f]!) ? yes : no;
  if (side === 2 || xChild === rChild) {
    interventionalRecurse(t, s, rChild, nx, nr);
    return;
  }
  s.side[f] = 1;
  s.xFeatures[nx] = f;
  interventionalRecurse(t, s, xChild, nx + 1, nr);
  s.side[f] = 2;
  s.rFeatures[nr] = f;
  interventionalRecurse(t, s, rChild, nx, nr + 1);
  s.side[f] = 0;
}

/** The tree's raw score column for one row (the leaf the row reaches). */
export function treeLeafValue(tree: DecisionTree, x: Float64Array, column: number, columns: number): number {
  let i = 0;
  for (let yes = tree.yes[0]!; yes >= 0; yes = tree.yes[i]!) i = treeGoesYes(tree, i, x[tree.feature[i]!]!) ? yes : tree.no[i]!;
  return tree.value[i * columns + column]!;
}

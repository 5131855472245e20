// Path-dependent TreeSHAP over many rows: tree by tree over blocks of rows (a tree's tables stay in
// cache across the block), by subset tables where they fit, else by Algorithm 2; optionally the
// interaction values. Each tree adds to a row's values in tree order, whatever the block size.
import type { DecisionTree, TreeEnsemble } from '@xai/core';
import { PathBuffers, pathShapRecurse } from './pathDependent.js';
import type { SubsetTables } from './subsetTables.js';
import { subsetTableShap, subsetTables } from './subsetTables.js';

/** Table entries the whole ensemble may hold (8 bytes each); trees past it run Algorithm 2. */
const ENSEMBLE_TABLE_BUDGET = 1 << 22;
const BLOCK = 64;

/** Per tree: its subset tables, or null (Algorithm 2). */
export function ensembleTables(
  e: TreeEnsemble,
  covers: readonly Float64Array[],
  interactions: boolean,
  budget: number,
): (SubsetTables | null)[] {
  let left = budget;
  return e.trees.map((tree, k) => {
    const t = subsetTables(tree, covers[k]!, interactions, left);
    if (t !== null) left -= t.e.length * (interactions ? 2 : 1);
    return t;
  });
}

/** The features a tree splits on (only they can interact within it). */
function treeFeatures(tree: DecisionTree): number[] {
  const seen = new Set<number>();
  for (let i = 0; i < tree.yes.length; i++) if (tree.yes[i]! >= 0) seen.add(tree.feature[i]!);
  return [...seen].sort((a, b) => a - b);
}

/** Algorithm 2 for one tree and one row, with its conditioned runs for the interaction values. */
class Algorithm2 {
  private readonly buffers: PathBuffers;
  private readonly on: Float64Array;
  private readonly off: Float64Array;
  constructor(depth: number, d: number) {
    this.buffers = new PathBuffers(depth);
    this.on = new Float64Array(d);
    this.off = new Float64Array(d);
  }

  run(
    tree: DecisionTree,
    cover: Float64Array,
    column: number,
    columns: number,
    x: Float64Array,
    phi: Float64Array,
    condition = 0,
    conditionFeature = -1,
  ): void {
    const target = { tree, cover, column, columns, x, phi, condition, conditionFeature };
    pathShapRecurse(target, this.buffers, 0, 0, 0, 1, 1, -1, 1);
  }

  /** Φ[j][i] += (φ_i with j on − φ_i with j off) / 2 for the features j the tree splits on. */
  interactions(
    tree: DecisionTree,
    features: readonly number[],
    cover: Float64Array,
    column: number,
    columns: number,
    x: Float64Array,
    inter: Float64Array,
    d: number,
  ): void {
    for (const j of features) {
      this.on.fill(0);
      this.off.fill(0);
      this.run(tree, cover, column, columns, x, this.on, 1, j);
      this.run(tree, cover, column, columns, x, this.off, -1, j);
      for (let i = 0; i < d; i++) if (i !== j) inter[j * d + i] = inter[j * d + i]! + (this.on[i]! - this.off[i]!) / 2;
    }
  }
}

/**
 * Adds every tree's path-dependent SHAP values to phi (n × d) for rows x (n × d, as the trees compare
 * them), row i explaining raw-score column columnOf[i]; with `inter` (n × d × d) also the interaction
 * values, the diagonal set so that each row of a row's matrix sums to that feature's value.
 * `tableBudget` caps the subset tables' entries (0: Algorithm 2 for every tree).
 */
export function pathDependentRows(
  e: TreeEnsemble,
  covers: readonly Float64Array[],
  depth: number,
  x: Float64Array,
  n: number,
  columnOf: Int32Array,
  phi: Float64Array,
  inter: Float64Array | null,
  tableBudget = ENSEMBLE_TABLE_BUDGET,
): void {
  const d = e.inputDim;
  const tables = ensembleTables(e, covers, inter !== null, tableBudget);
  const mask = new Int32Array(e.trees.reduce((m, t) => Math.max(m, t.yes.length), 1));
  const algorithm2 = new Algorithm2(depth, d);
  const features = inter !== null ? e.trees.map(treeFeatures) : [];
  for (let r0 = 0; r0 < n; r0 += BLOCK) {
    const r1 = Math.min(n, r0 + BLOCK);
    e.trees.forEach((tree, k) => {
      const t = tables[k]!;
      for (let i = r0; i < r1; i++) {
        const column = columnOf[i]!;
        if (t !== null) {
          subsetTableShap(tree, t, column, e.columns, x, i * d, phi, i * d, mask, inter, i * d * d, d);
          continue;
        }
        const row = x.subarray(i * d, (i + 1) * d);
        algorithm2.run(tree, covers[k]!, column, e.columns, row, phi.subarray(i * d, (i + 1) * d));
        if (inter !== null)
          algorithm2.interactions(tree, features[k]!, covers[k]!, column, e.columns, row, inter.subarray(i * d * d, (i + 1) * d * d), d);
      }
    });
  }
  if (inter !== null) fillDiagonals(phi, inter, n, d);
}

/** Φ[i][i] = φ_i − Σ_{j≠i} Φ[i][j]. */
function fillDiagonals(phi: Float64Array, inter: Float64Array, n: number, d: number): void {
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < d; i++) {
      const at = r * d * d + i * d;
      let s = 0;
      for (let j = 0; j < d; j++) if (j !== i) s += inter[at + j]!;
      inter[at + i] = phi[r * d + i]! - s;
    }
  }
}

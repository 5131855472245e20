// Batched evaluation of a tree ensemble's raw scores: the trees are packed once into flat arrays,
// then each block of rows runs tree by tree (the block and a tree's nodes stay in cache).
import type { Matrix, TreeEnsemble } from '@xai/core';
import { XaiError } from '@xai/core';
import type { AddTree, BranchFreeTrees } from './internal/branchFreeTrees.js';
import { branchFreeAdder, branchFreeTrees } from './internal/branchFreeTrees.js';
import type { CompiledTree } from './internal/compileTree.js';
import { compileTree } from './internal/compileTree.js';

/** An ensemble flattened for evaluation: node arrays of all trees end to end. */
export interface PackedTrees {
  readonly inputDim: number;
  readonly columns: number;
  readonly float32: boolean;
  /** First node of each tree. */
  readonly roots: Int32Array;
  /** Absolute index of the yes / no child; yes = −1 − (leaf number) at a leaf. */
  readonly yes: Int32Array;
  readonly no: Int32Array;
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  /** The split code with bit 3 set when a NaN goes to yes. */
  readonly code: Uint8Array;
  /** Leaf values, leaves × columns. */
  readonly leafValue: Float64Array;
  readonly base: Float64Array;
  /** Each tree as a compiled function, or null where it is walked (see `compiled` of packTrees). */
  readonly compiled: readonly (CompiledTree | null)[];
  /** The shallow trees padded to complete trees and walked without branches (see `branchFree` of packTrees). */
  readonly branchFree: BranchFreeTrees;
  /** Adds a padded tree's leaf values for a block of rows. */
  readonly addBranchFree: AddTree;
}

/** How {@link packTrees} lays the trees out; every choice gives the same bits. */
export interface PackOptions {
  /** Pad trees of depth ≤ 10 to complete trees walked eight rows at a time without branches (default true). */
  readonly branchFree?: boolean;
  /** Compile the other trees to functions of nested conditionals (default true). */
  readonly compile?: boolean;
}

/**
 * Packs an ensemble for {@link rawScores}. Shallow trees (depth ≤ 10 with little padding, the
 * usual boosted trees) are padded to complete trees and walked without branches, eight rows side by
 * side; `compile` (default true) compiles the others to functions of nested conditionals; trees
 * that cannot be compiled (a Content-Security-Policy without 'unsafe-eval', depth over 48) are
 * walked. All give the same bits.
 * @since 0.1.0
 */
export function packTrees(e: TreeEnsemble, options: PackOptions = {}): PackedTrees {
  const compile = options.compile ?? true;
  const branchFree = branchFreeTrees(options.branchFree === false ? [] : e.trees, e.columns, e.inputDim);
  let nodes = 0;
  let leaves = 0;
  for (const t of e.trees) {
    nodes += t.yes.length;
    for (let i = 0; i < t.yes.length; i++) if (t.yes[i]! < 0) leaves++;
  }
  const p = {
    inputDim: e.inputDim,
    columns: e.columns,
    float32: e.float32,
    roots: new Int32Array(e.trees.length),
    yes: new Int32Array(nodes),
    no: new Int32Array(nodes),
    feature: new Int32Array(nodes),
    threshold: new Float64Array(nodes),
    code: new Uint8Array(nodes),
    leafValue: new Float64Array(leaves * e.columns),
    base: Float64Array.from(e.base),
    compiled: [] as (CompiledTree | null)[],
    branchFree,
    addBranchFree: branchFreeAdder(branchFree, e.inputDim),
  };
  let at = 0;
  let leaf = 0;
  e.trees.forEach((t, k) => {
    p.roots[k] = at;
    p.compiled.push(compile && (branchFree.depth[k] ?? -1) < 0 ? compileTree(t, e.columns, leaf) : null);
    for (let i = 0; i < t.yes.length; i++) {
      const g = at + i;
      if (t.yes[i]! < 0) {
        p.yes[g] = -1 - leaf;
        p.leafValue.set(t.value.subarray(i * e.columns, (i + 1) * e.columns), leaf * e.columns);
        leaf++;
        continue;
      }
      p.yes[g] = at + t.yes[i]!;
      p.no[g] = at + t.no[i]!;
      p.feature[g] = t.feature[i]!;
      p.threshold[g] = t.threshold[i]!;
      p.code[g] = t.split[i]! | (t.missingYes[i]! << 3);
    }
    at += t.yes.length;
  });
  return p;
}

/** The leaf a row reaches from `root` (−1 − leaf number). */
function leafOf(p: PackedTrees, root: number, x: Float64Array, o: number): number {
  const { yes, no, feature, threshold, code } = p;
  let i = root;
  while (yes[i]! >= 0) {
    const v = x[o + feature[i]!]!;
    const t = threshold[i]!;
    const c = code[i]!;
    let goYes: boolean;
    if (Number.isNaN(v)) goYes = c >= 8;
    else {
      const s = c & 7;
      goYes = s === 0 ? v < t : s === 1 ? v <= t : s === 2 ? v >= t : s === 3 ? v > t : s === 4 ? v === t : v !== t;
    }
    i = goYes ? yes[i]! : no[i]!;
  }
  return yes[i]!;
}

// Rows per block: 64 rows of the doubled layout (2d values: 30 kB at d = 30) stay in the L1 cache
// while every tree walks them; 256 rows did not (docs/perf.md).
const BLOCK = 64;

/** Rows r0 … r0 + m − 1 of x as the trees compare them (row stride s; the NaN-as-+Infinity copy when s = 2d). */
function blockRows(p: PackedTrees, x: Matrix, r0: number, m: number, rows: Float64Array, s: number): void {
  const d = p.inputDim;
  const stride = x.stride ?? x.cols;
  const off = x.offset ?? 0;
  const src = x.data;
  for (let i = 0; i < m; i++) {
    const from = off + (r0 + i) * stride;
    const to = i * s;
    if (p.float32) for (let j = 0; j < d; j++) rows[to + j] = Math.fround(src[from + j]!);
    else for (let j = 0; j < d; j++) rows[to + j] = src[from + j]!;
    if (s === d) continue;
    for (let j = 0; j < d; j++) {
      const v = rows[to + j]!;
      rows[to + d + j] = Number.isNaN(v) ? Number.POSITIVE_INFINITY : v;
    }
  }
}

/**
 * Raw scores (n × columns): base plus every tree's leaf value, the margin before the post
 * transform. Rows may hold NaN (missing values). Written into `out` when given.
 * @example const margins = rawScores(packTrees(ensemble), x)
 * @since 0.1.0
 */
export function rawScores(p: PackedTrees, x: Matrix, out?: Matrix): Matrix {
  const fn = 'rawScores';
  if (x.cols !== p.inputDim)
    throw new XaiError('SHAPE_MISMATCH', `x has ${x.cols} columns, the trees read ${p.inputDim} features`, { fn, arg: 'x', value: x.cols });
  const n = x.rows;
  const C = p.columns;
  const res = out ?? { rows: n, cols: C, data: new Float64Array(n * C) };
  const d = p.inputDim;
  const bf = p.branchFree;
  // Row stride of the block: the row, then (for the branch-free trees) the row with NaN as +Infinity.
  const s = bf.any ? 2 * d : d;
  const rows = new Float64Array(Math.min(n, BLOCK) * s);
  const acc = new Float64Array(Math.min(n, BLOCK) * C);
  const leaf = new Int32Array(bf.any ? Math.min(n, BLOCK) : 0);
  for (let r0 = 0; r0 < n; r0 += BLOCK) {
    const m = Math.min(BLOCK, n - r0);
    blockRows(p, x, r0, m, rows, s);
    for (let i = 0; i < m; i++) for (let c = 0; c < C; c++) acc[i * C + c] = p.base[c]!;
    for (let k = 0; k < p.roots.length; k++) {
      if (bf.any && bf.depth[k]! >= 0) {
        p.addBranchFree(k, rows, m, acc, C, leaf);
        continue;
      }
      const f = p.compiled[k];
      if (f) {
        f(rows, m, s, acc, C, p.leafValue);
        continue;
      }
      const root = p.roots[k]!;
      for (let i = 0; i < m; i++) {
        const leaf = -1 - leafOf(p, root, rows, i * s);
        for (let c = 0; c < C; c++) acc[i * C + c] = acc[i * C + c]! + p.leafValue[leaf * C + c]!;
      }
    }
    const ostride = res.stride ?? C;
    const ooff = res.offset ?? 0;
    for (let i = 0; i < m; i++) for (let c = 0; c < C; c++) res.data[ooff + (r0 + i) * ostride + c] = acc[i * C + c]!;
  }
  return res;
}

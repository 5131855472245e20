// Facts of a tree ensemble that TreeSHAP needs once per ensemble: depths, the rows as the trees
// compare them, and covers counted from training rows when the file stores none.
import type { DecisionTree, Matrix, TreeEnsemble } from '@xai/core';
import { XaiError, treeGoesYes } from '@xai/core';

/** The depth of a tree (a lone leaf: 0). */
export function treeDepth(tree: DecisionTree, node = 0): number {
  const yes = tree.yes[node]!;
  if (yes < 0) return 0;
  return 1 + Math.max(treeDepth(tree, yes), treeDepth(tree, tree.no[node]!));
}

/** The deepest tree of the ensemble. */
export function ensembleDepth(e: TreeEnsemble): number {
  let d = 0;
  for (const t of e.trees) d = Math.max(d, treeDepth(t));
  return d;
}

/** Row i of x as the trees compare it (float32-rounded when the ensemble asks), into `out`. */
export function comparedRow(e: TreeEnsemble, x: Matrix, i: number, out: Float64Array): Float64Array {
  const stride = x.stride ?? x.cols;
  const o = (x.offset ?? 0) + i * stride;
  if (e.float32) for (let j = 0; j < x.cols; j++) out[j] = Math.fround(x.data[o + j]!);
  else for (let j = 0; j < x.cols; j++) out[j] = x.data[o + j]!;
  return out;
}

/** Training rows reaching each node of each tree (the covers an ONNX file does not store). */
export function countCovers(e: TreeEnsemble, rows: Matrix): Float64Array[] {
  const covers = e.trees.map((t) => new Float64Array(t.yes.length));
  const r = new Float64Array(rows.cols);
  for (let i = 0; i < rows.rows; i++) {
    comparedRow(e, rows, i, r);
    e.trees.forEach((tree, k) => {
      const c = covers[k]!;
      let node = 0;
      for (;;) {
        c[node] = c[node]! + 1;
        const yes = tree.yes[node]!;
        if (yes < 0) break;
        node = treeGoesYes(tree, node, r[tree.feature[node]!]!) ? yes : tree.no[node]!;
      }
    });
  }
  return covers;
}

/** The covers path-dependent TreeSHAP uses: the file's, else counted from `train`, else BAD_OPTION. */
export function ensembleCovers(
  e: TreeEnsemble,
  train: Matrix | undefined,
  fn: string,
): { covers: Float64Array[]; source: 'file' | 'counted'; rows: number | null } {
  if (e.trees.every((t) => t.cover !== null)) return { covers: e.trees.map((t) => t.cover!), source: 'file', rows: null };
  if (train === undefined)
    throw new XaiError(
      'BAD_OPTION',
      "path-dependent TreeSHAP weighs each split by its training cover, and this model's file stores none (an ONNX TreeEnsemble): give training rows (train, --train) to count them, or use algorithm 'interventional' with a background",
      { fn, arg: 'train', value: undefined },
    );
  if (train.cols !== e.inputDim)
    throw new XaiError('SHAPE_MISMATCH', `train has ${train.cols} columns, the trees read ${e.inputDim} features`, {
      fn,
      arg: 'train',
      value: train.cols,
    });
  return { covers: countCovers(e, train), source: 'counted', rows: train.rows };
}

// The structure of a tree ensemble, as plain typed arrays: what TreeSHAP and any other
// tree-aware method reads from a model's optional `trees()` capability. Any package (or a
// user's own code) can produce one; none has to depend on the package that reads files.

/** How a split node compares its feature value v with its threshold t; the test holding sends v to `yes`. */
export const TREE_SPLITS = ['<', '<=', '>=', '>', '==', '!='] as const;
/** A split code: an index into {@link TREE_SPLITS} (0 is `v < t`, XGBoost's; 1 is `v <= t`, scikit-learn's). */
export type TreeSplit = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * One decision tree, struct-of-arrays over its nodes; node 0 is the root. A leaf has
 * `yes[i] = no[i] = -1`; a split node sends feature value v to `yes[i]` when
 * `v TREE_SPLITS[split[i]] threshold[i]` holds, to `no[i]` otherwise, and a missing value
 * (NaN) to `yes[i]` when `missingYes[i]` is 1.
 */
export interface DecisionTree {
  readonly yes: Int32Array;
  readonly no: Int32Array;
  readonly feature: Int32Array;
  readonly threshold: Float64Array;
  readonly split: Uint8Array;
  readonly missingYes: Uint8Array;
  /**
   * The training weight that reached each node (XGBoost's hessian sums, sample counts), or
   * null when the file has none; path-dependent TreeSHAP needs it.
   */
  readonly cover: Float64Array | null;
  /** Leaf values, nodes × the ensemble's `columns`, row-major (0 on split nodes). */
  readonly value: Float64Array;
}

/** What turns the raw scores into the model's outputs. */
export type TreeTransform = 'identity' | 'logistic' | 'softmax' | 'softmax_zero' | 'probit';

/** Where class c's raw score comes from: `offset + sign · score[column]`. */
export interface TreeClassScore {
  readonly column: number;
  readonly sign: 1 | -1;
  readonly offset: number;
}

/**
 * An additive tree ensemble: raw score column k of a row is `base[k] + Σ_trees value[leaf, k]`
 * (the margin: log-odds for a logistic model, each class's margin before a softmax), and the
 * model's outputs are `transform` of those scores.
 */
export interface TreeEnsemble {
  readonly inputDim: number;
  /** Raw score columns. */
  readonly columns: number;
  readonly trees: readonly DecisionTree[];
  /** Added to each raw score column. */
  readonly base: Float64Array;
  readonly transform: TreeTransform;
  /** One entry per model output (class, or value column): the raw score it explains. */
  readonly classScores: readonly TreeClassScore[];
  /** Where the node covers come from: the model file, counted from training rows, or nowhere (null covers). */
  readonly covers: 'file' | 'counted' | 'none';
  /** Feature values are rounded to float32 before each comparison (XGBoost and float ONNX graphs do). */
  readonly float32: boolean;
}

/**
 * True when feature value `v` goes to the `yes` child of node `i` (float32 rounding, when the
 * ensemble asks for it, is the caller's: pass the rounded value).
 * @example treeGoesYes(tree, 0, 0.3) // root's test on 0.3
 * @since 0.3.0
 */
export function treeGoesYes(tree: DecisionTree, i: number, v: number): boolean {
  if (Number.isNaN(v)) return tree.missingYes[i] === 1;
  const t = tree.threshold[i]!;
  switch (tree.split[i]) {
    case 0:
      return v < t;
    case 1:
      return v <= t;
    case 2:
      return v >= t;
    case 3:
      return v > t;
    case 4:
      return v === t;
    default:
      return v !== t;
  }
}

/** A model that exposes its tree ensemble (see {@link TreeEnsemble}). */
export interface TreeModelCapability {
  trees(): TreeEnsemble;
}

/**
 * True when the model exposes its trees (`model.trees()`), e.g. an XGBoost or ONNX
 * TreeEnsemble model from `@xai/trees`, or a user's own.
 * @since 0.3.0
 */
export function hasTrees<M extends object>(model: M): model is M & TreeModelCapability {
  return typeof (model as { trees?: unknown }).trees === 'function';
}

import type { ExplainOptions, FeatureGroups, Matrix, Model, TreeEnsemble } from '@xai/core';
import {
  argmaxRows,
  assertMatrix,
  booleanOption,
  checkOptions,
  describeValue,
  enumOption,
  explainTargets,
  featureUnits,
  hasTrees,
  intOption,
  substream,
  XaiError,
} from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import { resolveCommon } from './internal/common.js';
import { comparedRow, ensembleCovers, ensembleDepth } from './internal/treeShap/ensembleFacts.js';
import { InterventionalScratch, interventionalRecurse, treeLeafValue } from './internal/treeShap/interventional.js';
import { treeMeanValue } from './internal/treeShap/pathDependent.js';
import { pathDependentRows } from './internal/treeShap/pathDependentRows.js';
import { EXPLAIN_OPTION_KEYS } from './internal/prepareBatch.js';
import { groupsOption } from './internal/validate.js';

/** The two TreeSHAP algorithms. @since 0.3.0 */
export const TREE_SHAP_ALGORITHMS = ['path-dependent', 'interventional'] as const;
export type TreeShapAlgorithm = (typeof TREE_SHAP_ALGORITHMS)[number];

export interface TreeShapOptions extends CommonExplainerOptions {
  /**
   * 'path-dependent': v(S) = E[f | x_S] along the trees' covers (XGBoost's pred_contribs, SHAP's
   * tree_path_dependent); 'interventional': v(S) = mean over background rows b of f(x_S, b_rest).
   * @defaultValue 'path-dependent'
   */
  readonly algorithm?: TreeShapAlgorithm;
  /** Interventional: the background rows. @defaultValue up to `backgroundSize` rows of `train` (all when fewer) */
  readonly background?: Matrix;
  /** Interventional: rows drawn from `train` when it has more (seeded). @defaultValue 100 */
  readonly backgroundSize?: number;
  /** Feature groups: each column of a group gets the sum of its members' values (SHAP's grouped features). */
  readonly groups?: FeatureGroups;
  /**
   * Path-dependent: also the SHAP interaction values (Lundberg et al. 2018; XGBoost's
   * pred_interactions), returned by `explainTrees` as `interactions`. Not with groups.
   * @defaultValue false
   */
  readonly interactions?: boolean;
}

export interface TreeShapConfig {
  readonly algorithm: TreeShapAlgorithm;
  readonly backgroundSize: number;
  readonly groups: readonly (readonly number[])[] | null;
  readonly interactions: boolean;
  /** Rows given as `train` (cover counting, or the background): their count. */
  readonly trainRows: number | null;
}

/** What one TreeSHAP call computed, beside the attributions. */
export interface TreeShapResult {
  /** n x d: the explained raw score's SHAP values. */
  readonly attributions: Matrix;
  /** Per row: the expected raw score, so that Σ attributions + expectedValue = the row's raw score. */
  readonly expectedValue: Float64Array;
  /** Per row: the class (output) whose raw score was explained. */
  readonly targets: Int32Array;
  /** Per row: the explained raw score (the margin), f(x). */
  readonly rawScore: Float64Array;
  /** Where the covers came from (path-dependent), or the background size (interventional). */
  readonly covers: 'file' | 'counted' | null;
  /** Rows covers were counted from, or background rows. */
  readonly rows: number | null;
  /**
   * With the `interactions` option: n × d × d, row i's matrix at [i·d·d, (i+1)·d·d), entry (j, k)
   * the interaction of features j and k (symmetric), each matrix row summing to that feature's
   * attribution; the diagonal holds each feature's main effect.
   */
  readonly interactions?: Float64Array;
}

/** A TreeSHAP explainer: `explain` returns the attributions, `explainTrees` also the expected values. */
export interface TreeShapExplainer extends ConfiguredExplainer<TreeShapConfig> {
  explainTrees(model: Model, x: Matrix, options?: ExplainOptions): TreeShapResult;
}

/** The option keys `treeShapExplainer` accepts. @since 0.3.0 */
export const TREE_SHAP_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'algorithm',
  'background',
  'backgroundSize',
  'groups',
  'interactions',
] as const satisfies readonly (keyof TreeShapOptions & string)[];

/**
 * Exact TreeSHAP on a model that exposes its trees (`model.trees()`, core's `TreeEnsemble`: an
 * XGBoost or ONNX TreeEnsemble model from `@xai/trees`, or any user's). It explains the raw score
 * (the margin before the post transform: log-odds of a logistic model, each class's margin under
 * a softmax, the value of a regressor): per row, Σ attributions + expectedValue = raw score.
 * Default class: a binary model's class 1, a multi-class model's predicted class, a regressor's
 * output 0. Missing values (NaN) follow each split's missing-value branch. Path-dependent needs
 * the trees' covers: from the file (XGBoost's `sum_hessian`), else counted from `train` rows.
 * @example treeShapExplainer({ algorithm: 'interventional', train }).explainTrees(model, x).expectedValue
 * @since 0.3.0
 */
export function treeShapExplainer(options: TreeShapOptions = {}): TreeShapExplainer {
  const fn = 'treeShapExplainer';
  // Training rows of a tree model may hold missing values: checked here, not by resolveCommon.
  const { train, background, ...rest } = options;
  const common = resolveCommon(fn, rest);
  checkOptions(options, TREE_SHAP_OPTION_KEYS, fn);
  if (train !== undefined) rowsOption(fn, 'train', train);
  if (background !== undefined) rowsOption(fn, 'background', background);
  const algorithm =
    options.algorithm === undefined ? 'path-dependent' : enumOption(options.algorithm, fn, 'algorithm', { values: TREE_SHAP_ALGORITHMS });
  const config: TreeShapConfig = {
    algorithm,
    backgroundSize: options.backgroundSize === undefined ? 100 : intOption(options.backgroundSize, fn, 'backgroundSize', { min: 1 }),
    groups: options.groups === undefined ? null : groupsOption(fn, options.groups),
    interactions: options.interactions === undefined ? false : booleanOption(options.interactions, fn, 'interactions'),
    trainRows: train?.rows ?? null,
  };
  checkInteractions(fn, config);
  const explainTrees = (model: Model, x: Matrix, explainOptions?: ExplainOptions): TreeShapResult => {
    const efn = 'treeShapExplainer.explain';
    const opts = checkOptions(explainOptions, EXPLAIN_OPTION_KEYS, efn);
    const e = modelTrees(model, efn);
    assertMatrix(x, efn, 'x', { cols: e.inputDim });
    const targets = treeTargets(model, e, x, explainTargets(opts, x.rows, model.classes, efn), efn);
    const r =
      algorithm === 'path-dependent'
        ? pathDependent(e, x, targets, train, config.interactions, efn)
        : interventional(e, x, targets, backgroundRows(e, background, train, config.backgroundSize, common.seed, efn));
    if (config.groups !== null) sumGroups(r.attributions, featureUnits(e.inputDim, config.groups, efn, 'groups'));
    return { ...r, targets };
  };
  return {
    id: 'treeshap',
    preset: common.preset,
    seed: common.seed,
    config,
    explain: (model, x, explainOptions) => explainTrees(model, x, explainOptions).attributions,
    explainTrees,
  };
}

/** Interaction values are path-dependent and per feature. */
function checkInteractions(fn: string, config: TreeShapConfig): void {
  if (!config.interactions) return;
  if (config.algorithm !== 'path-dependent')
    throw new XaiError('BAD_OPTION', "interaction values are computed by path-dependent TreeSHAP only; drop algorithm 'interventional'", {
      fn,
      arg: 'interactions',
      value: true,
    });
  if (config.groups !== null)
    throw new XaiError('BAD_OPTION', 'interaction values are per feature: give interactions or groups, not both', {
      fn,
      arg: 'interactions',
      value: true,
    });
}

function rowsOption(fn: string, arg: string, m: Matrix): void {
  try {
    assertMatrix(m, fn, arg);
  } catch (e) {
    if (e instanceof XaiError) throw new XaiError('BAD_OPTION', e.message, { ...e.details, fn, arg });
    throw e;
  }
  if (m.rows === 0) throw new XaiError('BAD_OPTION', `${arg} has no rows`, { fn, arg, value: 0 });
  for (let i = 0; i < m.rows * (m.stride ?? m.cols); i++) {
    const v = m.data[(m.offset ?? 0) + i]!;
    if (v === Infinity || v === -Infinity)
      throw new XaiError('BAD_OPTION', `${arg} holds ${v} (a missing value is NaN)`, { fn, arg, value: v });
  }
}

/** The model's trees, or NOT_SUPPORTED saying which methods to use instead. */
function modelTrees(model: Model, fn: string): TreeEnsemble {
  if (model === null || typeof model !== 'object' || !hasTrees(model))
    throw new XaiError(
      'NOT_SUPPORTED',
      `TreeSHAP reads a tree ensemble (model.trees()), and this model has none (${describeValue(model)}); for other models use 'shap', 'shapley' or 'permshap'`,
      { fn, arg: 'model', value: undefined },
    );
  const e = model.trees();
  if (e.classScores.length !== model.classes)
    throw new XaiError('BAD_INPUT', `model.trees() maps ${e.classScores.length} outputs to raw scores, the model has ${model.classes}`, {
      fn,
      arg: 'model.trees',
      value: e.classScores.length,
    });
  return e;
}

/** The explained output per row: given, else regressor 0, binary (one raw score) class 1, else the predicted class. */
function treeTargets(model: Model, e: TreeEnsemble, x: Matrix, given: unknown, fn: string): Int32Array {
  if (given !== undefined) {
    if (!(given instanceof Int32Array) || given.length !== x.rows)
      throw new XaiError('BAD_INPUT', `targets must be an Int32Array of ${x.rows} classes, got ${describeValue(given)}`, {
        fn,
        arg: 'targets',
        value: given,
      });
    for (let i = 0; i < given.length; i++)
      if (given[i]! < 0 || given[i]! >= model.classes)
        throw new XaiError('BAD_INPUT', `targets[${i}] = ${given[i]} is outside [0, ${model.classes})`, {
          fn,
          arg: 'targets',
          value: given[i],
          row: i,
        });
    return given;
  }
  if (model.output === 'value') return new Int32Array(x.rows);
  if (e.columns === 1 && model.classes === 2) return new Int32Array(x.rows).fill(1);
  return argmaxRows(model.predictProba(x));
}

interface RawResult {
  readonly attributions: Matrix;
  readonly expectedValue: Float64Array;
  readonly rawScore: Float64Array;
  readonly covers: 'file' | 'counted' | null;
  readonly rows: number | null;
  readonly interactions?: Float64Array;
}

/**
 * What both algorithms share: the rows as the trees compare them, each row's explained raw-score
 * column, `addValues` filling the SHAP values (n × d) of those columns, then each row's raw score and
 * expected value; class scores with sign −1 (a binary model's class 0) negate the values.
 */
function explainRows(
  e: TreeEnsemble,
  x: Matrix,
  targets: Int32Array,
  addValues: (rows: Float64Array, columnOf: Int32Array, phi: Float64Array, inter: Float64Array | null) => void,
  meanOf: (column: number) => number,
  interactions: boolean,
): Omit<RawResult, 'covers' | 'rows'> {
  const d = e.inputDim;
  const n = x.rows;
  const rows = new Float64Array(n * d);
  const columnOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    comparedRow(e, x, i, rows.subarray(i * d, (i + 1) * d));
    columnOf[i] = e.classScores[targets[i]!]!.column;
  }
  const out = new Float64Array(n * d);
  const inter = interactions ? new Float64Array(n * d * d) : null;
  addValues(rows, columnOf, out, inter);
  const expected = new Float64Array(n);
  const raw = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = e.classScores[targets[i]!]!;
    const row = rows.subarray(i * d, (i + 1) * d);
    let f = e.base[s.column]!;
    for (const tree of e.trees) f += treeLeafValue(tree, row, s.column, e.columns);
    if (s.sign === -1) {
      for (let j = 0; j < d; j++) out[i * d + j] = -out[i * d + j]!;
      if (inter !== null) for (let j = i * d * d; j < (i + 1) * d * d; j++) inter[j] = -inter[j]!;
    }
    expected[i] = s.offset + s.sign * meanOf(s.column);
    raw[i] = s.offset + s.sign * f;
  }
  return {
    attributions: { rows: n, cols: d, data: out },
    expectedValue: expected,
    rawScore: raw,
    ...(inter !== null ? { interactions: inter } : {}),
  };
}

/** A per-column value computed on first use. */
function perColumn(compute: (column: number) => number): (column: number) => number {
  const cache = new Map<number, number>();
  return (column) => {
    let v = cache.get(column);
    if (v === undefined) {
      v = compute(column);
      cache.set(column, v);
    }
    return v;
  };
}

function pathDependent(
  e: TreeEnsemble,
  x: Matrix,
  targets: Int32Array,
  train: Matrix | undefined,
  interactions: boolean,
  fn: string,
): RawResult {
  const { covers, source, rows } = ensembleCovers(e, train, fn);
  // E[f] under the covers: the base plus every tree's cover-weighted mean leaf value.
  const meanOf = perColumn((column) => e.trees.reduce((m, t, k) => m + treeMeanValue(t, covers[k]!, column, e.columns), e.base[column]!));
  const depth = ensembleDepth(e);
  const r = explainRows(
    e,
    x,
    targets,
    (xs, columnOf, phi, inter) => pathDependentRows(e, covers, depth, xs, x.rows, columnOf, phi, inter),
    meanOf,
    interactions,
  );
  return { ...r, covers: source, rows };
}

function interventional(e: TreeEnsemble, x: Matrix, targets: Int32Array, bg: Matrix): RawResult {
  const d = e.inputDim;
  const B = bg.rows;
  const scratch = new InterventionalScratch(d, ensembleDepth(e));
  const bgRows = Array.from({ length: B }, (_, b) => comparedRow(e, bg, b, new Float64Array(d)));
  // E[f] over the background: the base plus the mean raw score of the background rows.
  const meanOf = perColumn((column) => {
    let m = e.base[column]!;
    for (const r of bgRows) for (const tree of e.trees) m += treeLeafValue(tree, r, column, e.columns) / B;
    return m;
  });
  const addValues = (xs: Float64Array, columnOf: Int32Array, phi: Float64Array): void => {
    for (let i = 0; i < x.rows; i++) {
      const row = xs.subarray(i * d, (i + 1) * d);
      const p = phi.subarray(i * d, (i + 1) * d);
      for (const tree of e.trees)
        for (const b of bgRows)
          interventionalRecurse({ tree, column: columnOf[i]!, columns: e.columns, x: row, r: b, phi: p, scale: 1 / B }, scratch, 0, 0, 0);
    }
  };
  const r = explainRows(e, x, targets, addValues, meanOf, false);
  return { ...r, covers: null, rows: B };
}

/** The interventional background: given rows, else `train` (a seeded sample of `size` when it has more). */
function backgroundRows(
  e: TreeEnsemble,
  given: Matrix | undefined,
  train: Matrix | undefined,
  size: number,
  seed: number,
  fn: string,
): Matrix {
  const rows = given ?? train;
  if (rows === undefined)
    throw new XaiError('BAD_OPTION', 'interventional TreeSHAP needs background rows: pass background or train (--train)', {
      fn,
      arg: 'background',
      value: undefined,
    });
  if (rows.cols !== e.inputDim)
    throw new XaiError('SHAPE_MISMATCH', `the background has ${rows.cols} columns, the trees read ${e.inputDim} features`, {
      fn,
      arg: given ? 'background' : 'train',
      value: rows.cols,
    });
  if (given !== undefined || rows.rows <= size) return rows;
  const pick = substream(seed, 'treeshap-background').choice(rows.rows, size);
  const stride = rows.stride ?? rows.cols;
  const off = rows.offset ?? 0;
  const data = new Float64Array(size * rows.cols);
  for (let k = 0; k < size; k++) data.set(rows.data.subarray(off + pick[k]! * stride, off + pick[k]! * stride + rows.cols), k * rows.cols);
  return { rows: size, cols: rows.cols, data };
}

/** Each column of a multi-column unit gets the unit's sum. */
function sumGroups(a: Matrix, units: readonly (readonly number[])[]): void {
  const d = a.cols;
  for (let i = 0; i < a.rows; i++) {
    for (const u of units) {
      if (u.length < 2) continue;
      let s = 0;
      for (const j of u) s += a.data[i * d + j]!;
      for (const j of u) a.data[i * d + j] = s;
    }
  }
}

import type { Matrix, Model, TreeEnsemble } from '@xai/core';
import { XaiError } from '@xai/core';
import type { PackedTrees } from './rawScores.js';
import { packTrees, rawScores } from './rawScores.js';
import { applyTransform } from './transform.js';
import type { TreeModelInfo } from './treeModelInfo.js';

/** A tree ensemble as a core Model: predictions in pure TypeScript, the trees for TreeSHAP. */
export interface TreeModel extends Model {
  readonly inputDim: number;
  readonly classes: number;
  readonly output: 'probabilities' | 'value';
  readonly info: TreeModelInfo;
  /** The ensemble (also `trees()`). */
  readonly ensemble: TreeEnsemble;
  trees(): TreeEnsemble;
  /** Raw scores (the margins before the post transform), n × the ensemble's columns. */
  rawScores(x: Matrix, out?: Matrix): Matrix;
  /** One line: format, objective, trees, features, outputs, where covers come from. */
  describe(): string;
  logits?(x: Matrix, out?: Matrix): Matrix;
  /** The class labels of the outputs, in order, when the file stores them (ONNX `classlabels_*`; also `info.classLabels`). @since 0.4.0 */
  readonly classLabels?: readonly string[];
}

/**
 * A core Model over a tree ensemble: `predictProba` (probabilities, or the values of a regressor)
 * and `rawScores` batched over blocks of rows, `logits` for a softmax or logistic classifier, and
 * `trees()` for TreeSHAP. No input gradients: a tree ensemble is piecewise constant. Rows may hold
 * NaN (missing values), which follow each split's missing-value branch.
 * @example const m = treeModel(readXgboostJson(text, { file: 'm.json' })); m.predictProba(x)
 * @since 0.1.0
 */
export function treeModel(read: { readonly ensemble: TreeEnsemble; readonly info: TreeModelInfo }): TreeModel {
  const { ensemble: e, info } = read;
  const packed: PackedTrees = packTrees(e);
  const classes = e.classScores.length;
  const scores = (x: Matrix, out?: Matrix): Matrix => {
    if (info.missingValue !== undefined) refuseMissingValue(x, info.missingValue, info.file);
    return rawScores(packed, x, out);
  };
  const outputs = (x: Matrix, out?: Matrix): Matrix => {
    const z = scores(x);
    const res = out ?? { rows: x.rows, cols: classes, data: new Float64Array(x.rows * classes) };
    const stride = res.stride ?? classes;
    const off = res.offset ?? 0;
    for (let i = 0; i < x.rows; i++) applyTransform(e, z.data as Float64Array, i * e.columns, res.data as Float64Array, off + i * stride);
    return res;
  };
  const model: TreeModel = {
    inputDim: e.inputDim,
    classes,
    output: info.output,
    // ONNX Runtime and XGBoost compute in float32: rows may stray from summing to 1 by its rounding
    probabilityTolerance: 1e-5,
    info,
    ...(info.classLabels !== undefined && info.output === 'probabilities' ? { classLabels: info.classLabels } : {}),
    ensemble: e,
    trees: () => e,
    rawScores: scores,
    predictProba: outputs,
    describe: () =>
      `${info.file}: ${info.format === 'xgboost-json' ? 'XGBoost JSON' : 'ONNX'} ${info.objective}, ${e.trees.length} trees over ${e.inputDim} features, ${classes} ${info.output === 'value' ? 'value column(s)' : 'classes'}; covers ${e.covers === 'file' ? 'from the file' : 'not stored (counted from training rows for path-dependent TreeSHAP)'}${(info.notes ?? []).map((n) => `; ${n}`).join('')}`,
  };
  if (info.output === 'probabilities' && (e.transform === 'softmax' || e.transform === 'logistic')) {
    // Pre-softmax scores: a logistic model's [0, s] gives softmax [σ(−s), σ(s)].
    return {
      ...model,
      logits(x: Matrix, out?: Matrix): Matrix {
        if (e.columns === classes) return scores(x, out);
        if (e.columns !== 1 || classes !== 2) throw new XaiError('NOT_SUPPORTED', 'no logits for this layout', { fn: 'treeModel.logits' });
        const z = scores(x);
        const res = out ?? { rows: x.rows, cols: 2, data: new Float64Array(x.rows * 2) };
        const stride = res.stride ?? 2;
        const off = res.offset ?? 0;
        for (let i = 0; i < x.rows; i++) {
          res.data[off + i * stride] = 0;
          res.data[off + i * stride + 1] = z.data[i]!;
        }
        return res;
      },
    };
  }
  return model;
}

/** Where the rows came from, for messages: the data file and its column names. */
export interface RowsSource {
  readonly data: string;
  readonly names?: readonly string[];
  /** The first row's number in the data (e.g. its CSV line). @defaultValue 0 */
  readonly firstRow?: number;
  readonly fn?: string;
}

/**
 * BAD_INPUT for a cell equal to the model's sentinel missing value (an XGBoost estimator saved
 * with missing=-999): XGBoost reads it as missing, this package only NaN, so the cell must be
 * written as missing (empty or NaN in a CSV) rather than guessed at. Names the row and column
 * (and the data file, given `source`).
 * @example refuseMissingValue(x, -999, 'm.json', { data: 'x.csv', names: ['a', 'b'] })
 * @since 0.4.0
 */
export function refuseMissingValue(x: Matrix, missingValue: number, file: string, source?: RowsSource): void {
  const stride = x.stride ?? x.cols;
  const off = x.offset ?? 0;
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < x.cols; j++)
      if (x.data[off + i * stride + j] === missingValue) {
        const column = source?.names?.[j] === undefined ? `column ${j}` : `column ${JSON.stringify(source.names[j])}`;
        const row = `row ${i + (source?.firstRow ?? 0)}`;
        throw new XaiError(
          'BAD_INPUT',
          `${source === undefined ? '' : `${source.data}: `}${row} ${column} holds ${missingValue}, which ${file} reads as a missing value (the XGBoost estimator that saved it has missing=${missingValue}); write missing cells as NaN (empty in a CSV): they follow each split's missing-value branch, as in XGBoost`,
          { fn: source?.fn ?? 'treeModel', file, row: i, column: j, value: missingValue, ...(source ? { data: source.data } : {}) },
        );
      }
}

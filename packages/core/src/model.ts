import { XaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { assertMatrix, row } from './matrix.js';
import type { TreeEnsemble } from './treeEnsemble.js';

/** What a model's `predictProba` returns. */
export type ModelOutput = 'probabilities' | 'value';

/** Which output an input gradient or a stability ratio is taken of. */
export type OutputSpace = 'probability' | 'logit';

export interface InputGradientOptions {
  /** Differentiate the class probability (OpenXAI) or the logit. @defaultValue 'probability' */
  readonly output?: OutputSpace;
  /** Buffer of shape n x inputDim to write into. */
  readonly out?: Matrix;
}

export interface HiddenOptions {
  /** Before or after the first layer's activation. @defaultValue 'post' */
  readonly activation?: 'pre' | 'post';
  readonly out?: Matrix;
}

/**
 * A classifier, batch-first. Plain data + functions, so a user's object literal can be one:
 * `{ inputDim: 3, classes: 2, predictProba: (x) => ... }`. Only `predictProba` is required;
 * explainers that need gradients fall back to finite differences through an adapter
 * (`@xai/models/adapters`) when `inputGradient` is missing.
 */
export interface Model {
  readonly inputDim: number;
  /** Number of classes, or of outputs for an `output: 'value'` (regression) model. */
  readonly classes: number;
  /**
   * What `predictProba` returns: class probabilities (default) or raw values (regression,
   * scores); value models are explained per output column (target 0 by default) and scored
   * where a metric is defined on |Δf|.
   */
  readonly output?: ModelOutput;
  /** How far probability rows may stray from [0, 1] and from summing to 1 (checked at every boundary). @defaultValue 1e-5 */
  readonly probabilityTolerance?: number;
  /** Class probabilities, n x classes, rows summing to 1 (raw outputs for `output: 'value'`). */
  predictProba(x: Matrix, out?: Matrix): Matrix;
  /** Pre-softmax scores, n x classes. */
  logits?(x: Matrix, out?: Matrix): Matrix;
  /** Row i: d output[targets[i]] / d x_i, n x inputDim. */
  inputGradient?(x: Matrix, targets: Int32Array, options?: InputGradientOptions): Matrix;
  /** The first hidden layer's representation, n x width (used by RRS). */
  hidden?(x: Matrix, options?: HiddenOptions): Matrix;
  /** The model's tree ensemble (nodes, thresholds, covers, leaf values), for tree-aware explainers such as TreeSHAP. */
  trees?(): TreeEnsemble;
}

/** A model whose input gradients are available. */
export type DifferentiableModel = Model & Required<Pick<Model, 'inputGradient'>>;

/** True when the model provides input gradients. */
export function isDifferentiable(model: Model): model is DifferentiableModel {
  return typeof model.inputGradient === 'function';
}

/**
 * Argmax of each row of a probability (or logit) matrix; ties go to the lowest index,
 * as torch.argmax and numpy.argmax do.
 * @since 0.1.0
 */
export function argmaxRows(p: Matrix, out: Int32Array = new Int32Array(p.rows)): Int32Array {
  for (let i = 0; i < p.rows; i++) {
    const r = row(p, i);
    let best = 0;
    for (let j = 1; j < r.length; j++) if (r[j]! > r[best]!) best = j;
    out[i] = best;
  }
  return out;
}

/** The model's predicted class for every row. @since 0.1.0 */
export function predictLabels(model: Model, x: Matrix): Int32Array {
  return argmaxRows(model.predictProba(x));
}

/**
 * Throws NOT_PROBABILITIES (or SHAPE_MISMATCH / NON_FINITE) unless `p` is n x classes with
 * finite entries in [0, 1] whose rows sum to 1 within `tolerance`.
 * @since 0.1.0
 */
export function assertProbabilities(p: unknown, rows: number, classes: number, fn: string, tolerance = 1e-6): asserts p is Matrix {
  assertMatrix(p, fn, 'probabilities', { rows, cols: classes });
  // Indexes data directly (no row views): this runs on every checked model call.
  const data = p.data;
  const stride = p.stride ?? p.cols;
  const offset = p.offset ?? 0;
  for (let i = 0; i < rows; i++) {
    const start = offset + i * stride;
    let s = 0;
    for (let j = 0; j < classes; j++) {
      const v = data[start + j]!;
      if (!Number.isFinite(v))
        throw new XaiError('NON_FINITE', `row ${i} class ${j} is ${v}`, { fn, arg: 'probabilities', value: v, row: i });
      if (v < -tolerance || v > 1 + tolerance)
        throw new XaiError('NOT_PROBABILITIES', `row ${i} class ${j} is ${v}, outside [0, 1]`, {
          fn,
          arg: 'probabilities',
          value: v,
          row: i,
        });
      s += v;
    }
    if (Math.abs(s - 1) > tolerance * Math.max(1, classes))
      throw new XaiError('NOT_PROBABILITIES', `row ${i} sums to ${s}, not 1`, { fn, arg: 'probabilities', value: s, row: i });
  }
}

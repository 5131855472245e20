import type { ModelPerformance } from './modelPerformance.js';
import type { HiddenOptions, InputGradientOptions, Matrix, Model, ModelOutput, Preprocessing } from '@xai/core';
import type { DenseLayer } from './denseLayer.js';

/** 'lr': one linear layer; 'ann': OpenXAI's network (hidden ReLU layers); 'mlp': any other stack. */
export type ModelKind = 'lr' | 'ann' | 'mlp';

/**
 * Arithmetic of a built-in model: 'float64' (default) or 'float32', which rounds every
 * + − × ÷ (accumulations included) to float32 with `Math.fround`, as float32 torch
 * computes (OpenXAI's released models); exp/tanh are rounded double results (may differ
 * from torch's float32 kernels by 1 ulp).
 */
export type Precision = 'float64' | 'float32';

/** The model kinds a model file may name. */
export const MODEL_KINDS: readonly ModelKind[] = ['lr', 'ann', 'mlp'];

/**
 * A stack of dense layers with a softmax (or, for `output: 'value'`, identity) output, batch-first over core `Matrix`, with a
 * hand-written backward pass. Implements core `Model` fully.
 *
 * Results are written into `out` when given, else into a new matrix; intermediate
 * activations live in buffers owned by the model and reused across calls (so a model is
 * not re-entrant, which JavaScript's single thread guarantees). Inputs are not checked for
 * NaN on these hot paths: NaN in, NaN out.
 */
export interface NeuralModel extends Model {
  readonly kind: ModelKind;
  readonly layers: readonly DenseLayer[];
  /**
   * 'probabilities' (softmax head, a classifier) or 'value' (identity head: raw outputs,
   * regression; `classes` is then the number of outputs, ≥ 1).
   */
  readonly output: ModelOutput;
  /** 'float32' emulates float32 torch (see `withPrecision`). @since 0.2.0 */
  readonly precision: Precision;
  /** Free-form metadata carried through JSON save/load (e.g. dataset, accuracy). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /**
   * How raw rows become this model's inputs (feature names and order, scaler, label
   * classes), carried through JSON save/load as the file's `preprocessing` block.
   * @since 0.2.0
   */
  readonly preprocessing?: Preprocessing;
  /** Accuracy and majority-class rate on held-out rows, recorded when it was trained (`performance` in the file). @since 0.3.0 */
  readonly performance?: ModelPerformance;
  /** All parameters in one buffer (layer by layer: weight row-major, then bias). */
  readonly parameters: Float64Array;
  predictProba(x: Matrix, out?: Matrix): Matrix;
  logits(x: Matrix, out?: Matrix): Matrix;
  /**
   * Row i: d output[targets[i]] / d x_i, where output is the class probability (default)
   * or the logit.
   */
  inputGradient(x: Matrix, targets: ArrayLike<number>, options?: InputGradientOptions): Matrix;
  /**
   * The first hidden layer before or after its activation (n x width). Absent on a
   * single-layer model (logistic regression), which has no hidden layer.
   */
  hidden?(x: Matrix, options?: HiddenOptions): Matrix;
  /** Frees the reusable work buffers (they grow to the largest batch seen). */
  release(): void;
}

import type { InputGradientOptions, Matrix, Model, OutputSpace } from '@xai/core';
import type { FiniteDifferenceCheck, NeuralModel } from '@xai/models';

/**
 * What the chosen graph output holds: class probabilities (a softmax/sigmoid head, an
 * ai.onnx.ml classifier), raw logits (softmax — or sigmoid for one column — applied by
 * us), or values (regression: returned as is, core `output: 'value'`).
 * @since 0.2.0
 */
export type OnnxOutputKind = 'probabilities' | 'logits' | 'value';

/**
 * Where an ONNX model's input gradients come from: reverse-mode differentiation of the graph
 * by the interpreter (exact), or central finite differences (approximate; see
 * `finiteDifferences`). @since 0.2.0
 */
export type OnnxGradientSource = 'autodiff' | 'finite-differences';

/** Who computes the forward pass: the pure-TS interpreter, or an ONNX Runtime session. @since 0.3.0 */
export type OnnxEvaluate = 'pure' | 'session';

/** An input column whose derivative is lost on the way to the output, and where. @since 0.3.0 */
export interface OnnxNonDifferentiableInput {
  /** 0-based column of the graph input. */
  readonly column: number;
  /** The first node that loses it, e.g. "node 2 '/Cast' (Cast) casts it to an integer or bool". */
  readonly reason: string;
}

/** What the interpreter made of the graph (on the way to the chosen output). @since 0.3.0 */
export interface OnnxInterpreterReport {
  /** Every op runs in the interpreter: no ONNX Runtime is needed. */
  readonly runnable: boolean;
  /** Runnable, and every differentiable path has its ops' derivatives. */
  readonly exact: boolean;
  /** Ops it does not run, each naming the node. */
  readonly unsupported: readonly string[];
  /** Differentiable paths through an input no op differentiates, each naming the node. */
  readonly noDerivative: readonly string[];
  /** The arithmetic: the graph's own float types ('float32', as ONNX Runtime computes) or float64 throughout. */
  readonly precision: 'float32' | 'float64';
  /** 'simd' (WebAssembly SIMD matrix kernels) or 'js'. */
  readonly kernels: string;
}

/** What the loader found in the graph, and why it chose what it chose. @since 0.2.0 */
export interface OnnxDiscovery {
  readonly file: string;
  readonly input: string;
  readonly inputDim: number;
  readonly inputType: 'float32' | 'float64';
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The output used as predictProba's source. */
  readonly outputName: string;
  readonly outputRule: string;
  readonly output: OnnxOutputKind;
  readonly outputKindRule: string;
  /** The head producing the output: 'classifier-op' for ai.onnx.ml classifiers. */
  readonly head: 'softmax' | 'sigmoid' | 'classifier-op' | 'none';
  /** Columns of the chosen output (1 for a sigmoid head or a scalar regression). */
  readonly width: number;
  /** The class labels the graph stores for the output's columns (ZipMap keys, classlabels_*), in column order. */
  readonly classLabels: readonly string[] | null;
  /** The interpreter's view of the graph. */
  readonly interpreter: OnnxInterpreterReport;
  /** Input columns that reach a Cast to an integer, a Gather index, a comparison or a tree. */
  readonly nonDifferentiable: readonly OnnxNonDifferentiableInput[];
  /** The dense chain recognised (an @xai/models MLP, for `hidden` and linear ground truth), or null. */
  readonly mlp: string | null;
  /**
   * The op that scales the raw inputs first in that chain, or in any other graph first on a path
   * from the input past ops that only move values (Scaler, BatchNormalization, or Sub, Div or Mul by
   * a constant), or null: such a graph is meant to get raw values, not min-max-scaled ones.
   */
  readonly inputScaling: string | null;
  /** Why the graph is not a dense chain (the node to blame is named in it). */
  readonly notMlpBecause?: string;
  readonly gradientSource: OnnxGradientSource;
  /** Relative finite-difference step, when gradients are finite differences. */
  readonly fdStep?: number;
  /** Why gradients are finite differences. */
  readonly finiteDifferencesBecause?: string;
  /** Who computes predictProba. */
  readonly evaluate: OnnxEvaluate;
  readonly producer: string;
}

/**
 * Finite-difference gradients of a graph the interpreter cannot differentiate: their steps,
 * and a check of how reliable they are on given rows. @since 0.3.0
 */
export interface OnnxFiniteDifferences {
  /** The relative step: h = step · scale_j (or · max(1, |x|) before `fitSteps`). */
  readonly step: number;
  /** Per-column scales in use (training-row spread), or null: max(1, |x|). */
  readonly columnScale: Float64Array | null;
  /**
   * Sets the per-column scales from training rows: each column's standard deviation, else its
   * range, else |x|; returns them.
   */
  fitSteps(train: Matrix): Float64Array;
  /** Gradients at steps h and 2h on these rows, and how far they disagree (the error estimate). */
  check(x: Matrix, targets: ArrayLike<number>, options?: { readonly output?: OutputSpace }): FiniteDifferenceCheck;
}

/**
 * A core Model over an ONNX graph. `gradientSource: 'finite-differences'` marks its
 * gradients approximate (reports should say so); `backend` names who runs predictProba.
 * @since 0.2.0
 */
export interface OnnxModel extends Model {
  readonly discovered: OnnxDiscovery;
  readonly gradientSource: OnnxGradientSource;
  /** 'xai-interpreter' (pure TS), 'onnxruntime-node' or 'onnxruntime-web'. */
  readonly backend: string;
  /** The dense chain as an @xai/models NeuralModel, when the graph is one (hidden layer, linear ground truth). */
  readonly mlp?: NeuralModel;
  /**
   * Input columns whose derivative is lost (an embedding index, a threshold, a tree): gradient
   * methods are meaningless for them, and perturbation metrics should treat them as discrete.
   * @since 0.3.0
   */
  readonly nonDifferentiableInputs: readonly OnnxNonDifferentiableInput[];
  /** The class labels of predictProba's columns (in the `classes` order when that option was given), or undefined. @since 0.3.0 */
  readonly classLabels?: readonly string[];
  /** Present when gradients are finite differences. @since 0.3.0 */
  readonly finiteDifferences?: OnnxFiniteDifferences;
  inputGradient(x: Matrix, targets: ArrayLike<number>, options?: InputGradientOptions): Matrix;
  /** predictProba through the runtime's asynchronous API (works in browsers for any graph). */
  predictProbaAsync(x: Matrix): Promise<Matrix>;
  /** ONNX Runtime session calls so far (one per batch: predictProba, logits, a finite-difference chunk). */
  readonly sessionRuns: number;
  /** Releases the session and buffers. */
  dispose(): void;
}

/** Options of loadOnnxModel / loadOnnxModelAsync. @since 0.2.0 */
export interface OnnxLoadOptions {
  /** The graph input to feed (the graph must have exactly one). */
  readonly inputName?: string;
  /** The output to read (default: discovered, see README "How a graph is read"). */
  readonly outputName?: string;
  /** What that output holds (default: discovered). */
  readonly output?: OnnxOutputKind;
  /** Feature count, needed when the graph's feature dimension is dynamic and not an MLP. */
  readonly inputDim?: number;
  /**
   * The data's class names in the order it indexes classes: a graph that stores class labels
   * has its output columns reordered to match them by name (a different set is an error). @since 0.3.0
   */
  readonly classes?: readonly string[];
  /** 'auto' (exact when the interpreter can, else finite differences), 'exact' (error unless exact), 'finite-differences'. @defaultValue 'auto' */
  readonly gradients?: 'auto' | 'exact' | 'finite-differences';
  /** Who computes predictProba: 'pure' (the interpreter; the default when it runs every op) or 'session' (ONNX Runtime). */
  readonly evaluate?: OnnxEvaluate;
  /**
   * The interpreter's arithmetic: 'float64' throughout, or 'float32' (each op rounded to the
   * graph's own float types, as ONNX Runtime computes). @defaultValue 'float64' @since 0.3.0
   */
  readonly precision?: 'float32' | 'float64';
  /** Relative finite-difference step. @defaultValue cbrt(ε) of the arithmetic (6.1e-6 float64, 4.9e-3 float32) */
  readonly fdStep?: number;
  /** Rows per call during finite differences. @defaultValue 65536 */
  readonly maxBatchRows?: number;
  /** ONNX Runtime intra-op threads (pinned; inter-op is 1). @defaultValue 1 */
  readonly threads?: number;
  /** A name for the model in messages when bytes are given. @defaultValue '<bytes>' */
  readonly name?: string;
}

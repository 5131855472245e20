import type { Matrix, Model } from '@xai/core';
import type { NeuralModel } from '@xai/models';

/**
 * What the chosen graph output holds: class probabilities (a softmax/sigmoid head, an
 * ai.onnx.ml classifier), raw logits (softmax — or sigmoid for one column — applied by
 * us), or values (regression: returned as is, core `output: 'value'`).
 * @since 0.2.0
 */
export type OnnxOutputKind = 'probabilities' | 'logits' | 'value';

/** Where an ONNX model's input gradients come from. @since 0.2.0 */
export type OnnxGradientSource = 'mlp-import' | 'finite-differences';

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
  /** The head producing the output: 'classifier-op' for ai.onnx.ml classifiers/ZipMap. */
  readonly head: 'softmax' | 'sigmoid' | 'classifier-op' | 'none';
  /** Columns of the chosen output (1 for a sigmoid head or a scalar regression). */
  readonly width: number;
  /** The MLP ops recognised, input to output (null when the graph is not an MLP chain). */
  readonly mlp: string | null;
  /**
   * The op that scales the raw inputs first in that chain (Scaler, Sub, Div, Mul or
   * BatchNormalization), or null: such a graph is meant to get raw values, not min-max-scaled ones.
   */
  readonly inputScaling: string | null;
  readonly mlpImported: boolean;
  /** Why the graph was not imported: the node to blame is named in it (index, name, op type). */
  readonly notImportedBecause?: string;
  /** The node the importer stopped at, when one is to blame. */
  readonly notImportedAt?: { readonly index: number; readonly name: string; readonly opType: string };
  readonly gradientSource: OnnxGradientSource;
  /** Relative finite-difference step, when gradients are finite differences. */
  readonly fdStep?: number;
  /** Who computes predictProba: the ONNX Runtime session, or the imported MLP. */
  readonly evaluate: 'session' | 'imported';
  readonly producer: string;
}

/**
 * A core Model over an ONNX graph. `gradientSource: 'finite-differences'` marks its
 * gradients approximate (reports should say so); `backend` names who ran predictProba.
 * @since 0.2.0
 */
export interface OnnxModel extends Model {
  readonly discovered: OnnxDiscovery;
  readonly gradientSource: OnnxGradientSource;
  /** 'onnxruntime-node', 'onnxruntime-web' or 'imported-mlp'. */
  readonly backend: string;
  /** The imported @xai/models MLP (exact backprop), when the graph is one. */
  readonly mlp?: NeuralModel;
  inputGradient(x: Matrix, targets: ArrayLike<number>, options?: import('@xai/core').InputGradientOptions): Matrix;
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
  /** The output to read (default: discovered, see README "Discovery rules"). */
  readonly outputName?: string;
  /** What that output holds (default: discovered). */
  readonly output?: OnnxOutputKind;
  /** Feature count, needed when the graph's feature dimension is dynamic and not an MLP. */
  readonly inputDim?: number;
  /** 'auto' (import an MLP, else finite differences), 'import' (error unless MLP), 'finite-differences'. @defaultValue 'auto' */
  readonly gradients?: 'auto' | 'import' | 'finite-differences';
  /** Who computes predictProba: the session (Node default) or the imported MLP (browser default). */
  readonly evaluate?: 'session' | 'imported';
  /** Relative finite-difference step. @defaultValue cbrt(ε) of the input type (4.9e-3 float32, 6.1e-6 float64) */
  readonly fdStep?: number;
  /** Rows per session call during finite differences. @defaultValue 65536 */
  readonly maxBatchRows?: number;
  /** ONNX Runtime intra-op threads (pinned; inter-op is 1). @defaultValue 1 */
  readonly threads?: number;
  /** A name for the model in messages when bytes are given. @defaultValue '<bytes>' */
  readonly name?: string;
}

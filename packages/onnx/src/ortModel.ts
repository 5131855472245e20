// Node entry (re-exported by @xai/onnx/node): the built-in models' fast backend.
import type { HiddenOptions, InputGradientOptions, Matrix, Model, ModelOutput } from '@xai/core';
import { XaiError, checkOptions, describeValue, intOption } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import { fromModelJson, toModelJson, withPrecision } from '@xai/models';
import { checkNeuralModel } from './internal/forwardGraph.js';
import { checkFeatures, outBuffer } from './internal/matrixChecks.js';
import { nodeRunner } from './internal/nodeRunner.js';
import { ortGradient } from './internal/ortGradient.js';
import { neuralModelToOnnx } from './neuralModelToOnnx.js';

/** Options of ortModel. @since 0.2.0 */
export interface OrtModelOptions {
  /** ONNX Runtime intra-op threads (inter-op is 1): pin it so parallel workers do not oversubscribe cores. @defaultValue 1 */
  readonly threads?: number;
  /** Tensor type of the forward graph (probabilities, logits, hidden). @defaultValue 'float32' */
  readonly dtype?: 'float32' | 'float64';
  /**
   * Who computes `inputGradient`: 'ort' — an ONNX graph of the hand-written backward pass, in
   * float64 for a float64 model (≤ 1e-12 of the TS backprop) and in float32 for a float32 one
   * (`withPrecision(m, 'float32')`: torch's rounding points, like the released OpenXAI code);
   * 'ts' — the pure-TS backprop of `reference`. @defaultValue 'ort' @since 0.2.0
   */
  readonly gradients?: 'ort' | 'ts';
}

/** A NeuralModel evaluated by ONNX Runtime: forward passes and (by default) input gradients. @since 0.2.0 */
export interface OrtModel extends Model {
  readonly backend: 'ort';
  readonly dtype: 'float32' | 'float64';
  readonly threads: number;
  /** The arithmetic the model stands for: the reference's (metrics record it beside e and e′). */
  readonly precision: 'float32' | 'float64';
  /** Who computes inputGradient, and in which precision. */
  readonly gradients: { readonly backend: 'ort' | 'ts'; readonly dtype: 'float32' | 'float64' };
  /** The model's head: class probabilities, or raw values (regression) returned as is. */
  readonly output: ModelOutput;
  /**
   * The pure-TS copy of the model's weights taken at creation, which computes inputGradient:
   * the same weights the ONNX graph holds (retraining the original afterwards changes neither).
   */
  readonly reference: NeuralModel;
  predictProba(x: Matrix, out?: Matrix): Matrix;
  logits(x: Matrix, out?: Matrix): Matrix;
  inputGradient(x: Matrix, targets: ArrayLike<number>, options?: InputGradientOptions): Matrix;
  dispose(): void;
}

/** A copy of the model's weights (and head, precision, metadata) that later training cannot touch. */
function snapshot(model: NeuralModel, fn: string): NeuralModel {
  checkNeuralModel(model, fn);
  const copy = fromModelJson(toModelJson(model));
  return model.precision === 'float32' ? withPrecision(copy, 'float32') : copy;
}

/**
 * The fast backend for @xai/models' LR/MLP: the model is written as an ONNX
 * graph (neuralModelToOnnx) and `predictProba`, `logits` and `hidden` (post- or
 * pre-activation; post is what RRS reads) run through onnxruntime-node's synchronous
 * session, one call per batch, with `threads` pinned; `inputGradient` runs the model's
 * backward pass as a second ONNX graph (see `gradients`), or the exact TS backprop of
 * `reference`, a pure-TS copy of the same weights. Both are snapshots taken
 * at creation: retraining the original (or randomising its parameters) changes neither, so
 * gradients always belong to the probabilities; retrain → call ortModel again. A value
 * (regression) model stays one: `output: 'value'`, predictProba and logits return its raw
 * outputs. Results carry `backend: 'ort'`.
 * @example
 *   const fast = ortModel(createMlp(20, { hidden: [100, 100] }), { threads: 1 });
 *   fast.predictProba(x); // ≈ the TS model's to 1e-7 in float32
 * @since 0.2.0
 */
export function ortModel(model: NeuralModel, options?: OrtModelOptions): OrtModel {
  const fn = 'ortModel';
  const { threads = 1, dtype = 'float32', gradients = 'ort' } = checkOptions(options, ['threads', 'dtype', 'gradients'], fn);
  if (gradients !== 'ort' && gradients !== 'ts')
    throw new XaiError('BAD_OPTION', `gradients must be 'ort' or 'ts', got ${describeValue(gradients)}`, {
      fn,
      arg: 'gradients',
      value: gradients,
    });
  intOption(threads, fn, 'threads', { min: 1 });
  const reference = snapshot(model, fn);
  const bytes = neuralModelToOnnx(reference, { dtype });
  const file = `ortModel(${reference.kind})`;
  const runner = nodeRunner(bytes, { threads, float64: dtype === 'float64', file, fn, inputName: 'x' });
  const d = reference.inputDim;
  const c = reference.classes;
  const value = reference.output === 'value';
  const hasHidden = reference.layers.length > 1;
  const width = reference.layers[0]!.outputDim;
  const run = runner.runSync!;
  const one = (name: string, output: string, x: Matrix, cols: number, out: Matrix | undefined): Matrix => {
    checkFeatures(name, x, d, file);
    const dst = outBuffer(name, x.rows, cols, out);
    if (x.rows === 0) return dst;
    const src = run(x, [output])[0]!.data;
    const os = dst.stride ?? dst.cols;
    const oo = dst.offset ?? 0;
    for (let i = 0; i < x.rows; i++) for (let j = 0; j < cols; j++) dst.data[oo + i * os + j] = src[i * cols + j]!;
    return dst;
  };
  const gradientDtype = gradients === 'ts' ? 'float64' : reference.precision === 'float32' ? 'float32' : 'float64';
  const ort = ortGradient(reference, { threads, float64: gradientDtype === 'float64', file, fn });
  // A value model's graph has one raw output: it is both its values and its logits.
  const probaName = value ? 'value' : 'probabilities';
  const logitName = value ? 'value' : 'logits';
  const fast: OrtModel = {
    inputDim: d,
    classes: c,
    output: value ? 'value' : 'probabilities',
    backend: 'ort',
    dtype,
    threads,
    reference,
    predictProba: (x, out) => one('ortModel.predictProba', probaName, x, c, out),
    logits: (x, out) => one('ortModel.logits', logitName, x, c, out),
    precision: reference.precision === 'float32' ? 'float32' : 'float64',
    gradients: { backend: gradients, dtype: gradientDtype },
    inputGradient: gradients === 'ts' ? (x, targets, gOptions) => reference.inputGradient(x, targets, gOptions) : ort.inputGradient,
    dispose: () => {
      runner.dispose();
      ort.dispose();
      reference.release();
    },
  };
  if (hasHidden) {
    (fast as { hidden?: Model['hidden'] }).hidden = (x: Matrix, h: HiddenOptions = {}): Matrix => {
      const activation = h.activation ?? 'post';
      return one('ortModel.hidden', activation === 'pre' ? 'hidden_pre' : 'hidden', x, width, h.out);
    };
  }
  return fast;
}

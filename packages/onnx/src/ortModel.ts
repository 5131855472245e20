// Node entry (re-exported by @xai/onnx/node): the built-in models' fast backend.
import type { HiddenOptions, InputGradientOptions, Matrix, Model } from '@xai/core';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import { nodeRunner } from './internal/nodeRunner.js';
import type { RunOutput } from './internal/runner.js';
import { neuralModelToOnnx } from './neuralModelToOnnx.js';

/** Options of ortModel. @since 0.2.0 */
export interface OrtModelOptions {
  /** ONNX Runtime intra-op threads (inter-op is 1): pin it so parallel workers do not oversubscribe cores. @defaultValue 1 */
  readonly threads?: number;
  /** Tensor type of the ONNX graph. @defaultValue 'float32' */
  readonly dtype?: 'float32' | 'float64';
}

/** A NeuralModel evaluated by ONNX Runtime; gradients stay the pure-TS model's exact backprop. @since 0.2.0 */
export interface OrtModel extends Model {
  readonly backend: 'ort';
  readonly dtype: 'float32' | 'float64';
  readonly threads: number;
  /** The pure-TS model (same weights) that computes inputGradient. */
  readonly reference: NeuralModel;
  predictProba(x: Matrix, out?: Matrix): Matrix;
  logits(x: Matrix, out?: Matrix): Matrix;
  inputGradient(x: Matrix, targets: ArrayLike<number>, options?: InputGradientOptions): Matrix;
  dispose(): void;
}

/**
 * The fast backend for @xai/models' LR/MLP (issue 16): the model is written as an ONNX
 * graph (neuralModelToOnnx) and `predictProba`, `logits` and `hidden` (post-activation,
 * what RRS reads) run through onnxruntime-node's synchronous session, one call per batch,
 * with `threads` pinned; `inputGradient` (and `hidden` pre-activation) stay the pure-TS
 * model's exact computation on the same weights. Weights are copied at creation: retrain →
 * call ortModel again. Results carry `backend: 'ort'`.
 * @example
 *   const fast = ortModel(createMlp(20, { hidden: [100, 100] }), { threads: 1 });
 *   fast.predictProba(x); // ≈ the TS model's to 1e-7 in float32
 * @since 0.2.0
 */
export function ortModel(model: NeuralModel, options?: OrtModelOptions): OrtModel {
  const fn = 'ortModel';
  const { threads = 1, dtype = 'float32' } = checkOptions(options, ['threads', 'dtype'], fn);
  if (!Number.isInteger(threads) || threads < 1)
    throw new XaiError('BAD_OPTION', `threads must be a positive integer, got ${describeValue(threads)}`, {
      fn,
      arg: 'threads',
      value: threads,
    });
  const bytes = neuralModelToOnnx(model, { dtype });
  const runner = nodeRunner(bytes, { threads, float64: dtype === 'float64', file: `ortModel(${model.kind})`, fn, inputName: 'x' });
  const d = model.inputDim;
  const c = model.classes;
  const hasHidden = model.layers.length > 1;
  const width = model.layers[0]!.outputDim;
  const run = runner.runSync!;
  const checkX = (name: string, x: Matrix): void => {
    if (x === null || typeof x !== 'object' || !(x.data instanceof Float64Array))
      throw new XaiError('BAD_INPUT', `expected a Matrix over a Float64Array, got ${describeValue(x)}`, { fn: name, arg: 'x', value: x });
    if (x.cols !== d) throw new XaiError('SHAPE_MISMATCH', `expected ${d} columns, got ${x.cols}`, { fn: name, arg: 'x', value: x.cols });
  };
  const copy = (name: string, r: RunOutput, rows: number, cols: number, out: Matrix | undefined): Matrix => {
    if (out === undefined) return { rows, cols, data: Float64Array.from(r.data) };
    if (out.rows !== rows || out.cols !== cols)
      throw new XaiError('SHAPE_MISMATCH', `out is ${out.rows}x${out.cols}, expected ${rows}x${cols}`, {
        fn: name,
        arg: 'out',
        value: [out.rows, out.cols],
      });
    const os = out.stride ?? out.cols;
    const oo = out.offset ?? 0;
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out.data[oo + i * os + j] = r.data[i * cols + j]!;
    return out;
  };
  const one = (name: string, output: string, x: Matrix, cols: number, out: Matrix | undefined): Matrix => {
    checkX(name, x);
    if (x.rows === 0) return out ?? { rows: 0, cols, data: new Float64Array(0) };
    return copy(name, run(x, [output])[0]!, x.rows, cols, out);
  };
  const fast: OrtModel = {
    inputDim: d,
    classes: c,
    backend: 'ort',
    dtype,
    threads,
    reference: model,
    predictProba: (x, out) => one('ortModel.predictProba', 'probabilities', x, c, out),
    logits: (x, out) => one('ortModel.logits', 'logits', x, c, out),
    inputGradient: (x, targets, gOptions) => model.inputGradient(x, targets, gOptions),
    dispose: () => runner.dispose(),
  };
  if (hasHidden) {
    (fast as { hidden?: Model['hidden'] }).hidden = (x: Matrix, h: HiddenOptions = {}): Matrix => {
      const activation = h.activation ?? 'post';
      return one('ortModel.hidden', activation === 'pre' ? 'hidden_pre' : 'hidden', x, width, h.out);
    };
  }
  return fast;
}

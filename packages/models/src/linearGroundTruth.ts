import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, checkOptions, describeValue } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';

export interface LinearGroundTruthOptions {
  /**
   * Multiply a row by −1 when the model predicts class 0 for it, as OpenXAI's released
   * code does (the `openxai` preset). @defaultValue false
   */
  readonly flipForClass0?: boolean;
  readonly out?: Matrix;
}

/**
 * The "ground truth" attribution of a logistic regression for the agreement metrics:
 * w₁ − w₀ (difference of the class weight vectors) repeated for every row of x, sign-
 * flipped on rows predicted class 0 when `flipForClass0` is set.
 * NOT_SUPPORTED unless the model is a single linear layer with two classes.
 * @example linearGroundTruth(lr, x, { flipForClass0: true })
 * @since 0.1.0
 */
export function linearGroundTruth(model: NeuralModel, x: Matrix, options: LinearGroundTruthOptions = {}): Matrix {
  const fn = 'linearGroundTruth';
  if (model === null || typeof model !== 'object' || !Array.isArray(model.layers)) {
    throw new XaiError('BAD_INPUT', `expected a NeuralModel, got ${describeValue(model)}`, { fn, arg: 'model', value: model });
  }
  checkOptions(options, ['flipForClass0', 'out'], fn);
  if (model.output === 'value')
    throw new XaiError('NOT_SUPPORTED', 'needs a classifier (softmax head); this is a value (regression) model', {
      fn,
      arg: 'model',
      value: 'value',
    });
  const layer = model.layers[0];
  if (model.layers.length !== 1 || layer === undefined || layer.activation !== 'none' || model.classes !== 2) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `needs a single linear layer with 2 classes (logistic regression), got kind '${model.kind}' with ${model.layers.length} layer(s) and ${model.classes} classes`,
      { fn, arg: 'model', value: model.kind },
    );
  }
  assertMatrix(x, fn, 'x', { cols: model.inputDim });
  const d = model.inputDim;
  const n = x.rows;
  const out = options.out ?? { rows: n, cols: d, data: new Float64Array(n * d) };
  assertMatrix(out, fn, 'out', { rows: n, cols: d });
  const W = layer.weight;
  const ws = W.stride ?? W.cols;
  const wo = W.offset ?? 0;
  const truth = new Float64Array(d);
  for (let j = 0; j < d; j++) truth[j] = W.data[wo + ws + j]! - W.data[wo + j]!;
  let flip: Matrix | null = null;
  if (options.flipForClass0 === true) flip = model.logits(x);
  const os = out.stride ?? out.cols;
  const oo = out.offset ?? 0;
  for (let i = 0; i < n; i++) {
    // predicted class 0 ⇔ z0 > z1 (argmax ties go to class 0, as core's argmaxRows)
    const sign = flip !== null && flip.data[2 * i]! >= flip.data[2 * i + 1]! ? -1 : 1;
    const base = oo + i * os;
    for (let j = 0; j < d; j++) out.data[base + j] = sign * truth[j]!;
  }
  return out;
}

import { XaiError, describeValue } from '@xai/core';
import type { NeuralModel, Precision } from './neuralModel.js';
import { asMlp } from './internal/asMlp.js';
import { MlpModel } from './internal/mlpModel.js';

/**
 * A copy of the model computing in `precision`. 'float32' emulates float32 torch (what
 * OpenXAI's released code runs): the weights are rounded to float32 (as a float32
 * `state_dict` holds them), inputs are read as float32, and every + − × ÷ of the forward
 * pass, the softmax and the input-gradient backward pass is rounded with `Math.fround`
 * right after it — dot-product accumulations included, left to right, then + bias — which
 * is exact IEEE float32 arithmetic for those operations. `exp` and `tanh` are the double
 * functions rounded to float32, so they can differ from torch's float32 kernels by 1 ulp,
 * and torch's sgemm may sum in a blocked order with fused multiply-adds. The softmax
 * follows ATen's float32 kernel: e_j = exp(z_j − max), p_j = e_j · (1 / Σ e). Outputs are Float64Arrays holding
 * float32 values. 'float64' gives back a plain copy. A float32 model cannot be trained
 * (`trainModel`/`lossGradients` → NOT_SUPPORTED): train in float64, then convert.
 * @example const torchLike = withPrecision(trained, 'float32'); torchLike.inputGradient(x, labels)
 * @since 0.2.0
 */
export function withPrecision(model: NeuralModel, precision: Precision): NeuralModel {
  const fn = 'withPrecision';
  const m = asMlp(model, fn);
  if (precision !== 'float64' && precision !== 'float32')
    throw new XaiError('BAD_INPUT', `precision must be 'float64' or 'float32', got ${describeValue(precision)}`, {
      fn,
      arg: 'precision',
      value: precision,
    });
  const params = Float64Array.from(m.parameters);
  if (precision === 'float32') for (let k = 0; k < params.length; k++) params[k] = Math.fround(params[k]!);
  return new MlpModel(m.kind, m.core.shapes, params, { ...m.extras(), precision });
}

import { XaiError, describeValue } from '@xai/core';
import type { MlpModel } from './mlpModel.js';
import { isMlpModel } from './mlpModel.js';

/** The engine-backed model, or a typed error for foreign objects (and, with `float64`, float32 models). */
export function asMlp(model: unknown, fn: string, need: { readonly float64?: boolean } = {}): MlpModel {
  if (!isMlpModel(model)) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `expected a model made by createMlp/createAnn/createLogisticRegression/fromModelJson, got ${describeValue(model)}`,
      { fn, arg: 'model', value: model },
    );
  }
  if (need.float64 === true && model.precision !== 'float64') {
    throw new XaiError(
      'NOT_SUPPORTED',
      "a float32 model (precision 'float32') cannot be trained or give parameter gradients here: train in float64, then withPrecision(model, 'float32')",
      { fn, arg: 'model', value: model.precision },
    );
  }
  return model;
}

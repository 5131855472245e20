import { XaiError, describeValue } from '@xai/core';
import { MlpModel } from './mlpModel.js';

/** The engine-backed model, or a typed error for foreign objects. */
export function asMlp(model: unknown, fn: string): MlpModel {
  if (!(model instanceof MlpModel)) {
    throw new XaiError('NOT_SUPPORTED', `expected a model made by createMlp/createAnn/createLogisticRegression/fromModelJson, got ${describeValue(model)}`, { fn, arg: 'model', value: model });
  }
  return model;
}

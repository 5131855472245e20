import { XaiError, describeValue, row } from '@xai/core';
import type { DenseLayer } from './denseLayer.js';
import type { ModelJson } from './modelJson.js';
import { MODEL_FORMAT } from './modelJson.js';
import type { NeuralModel } from './neuralModel.js';

/**
 * The model as a plain JSON object (format 'xai-model@1'), weights copied into number
 * arrays; `metadata` is carried over.
 * @example JSON.stringify(toModelJson(createLogisticRegression(3)))
 * @since 0.1.0
 */
export function toModelJson(model: NeuralModel): ModelJson {
  if (model === null || typeof model !== 'object' || !Array.isArray(model.layers)) {
    throw new XaiError('BAD_INPUT', `expected a NeuralModel with layers, got ${describeValue(model)}`, { fn: 'toModelJson', arg: 'model', value: model });
  }
  const src: readonly DenseLayer[] = model.layers;
  const layers = src.map((l) => ({
    weight: Array.from({ length: l.weight.rows }, (_, i) => Array.from(row(l.weight, i))),
    bias: Array.from(l.bias),
    activation: l.activation,
  }));
  const json: ModelJson = { format: MODEL_FORMAT, kind: model.kind, inputDim: model.inputDim, classes: model.classes, layers, output: 'softmax' };
  return model.metadata === undefined ? json : { ...json, metadata: structuredClone(model.metadata) };
}

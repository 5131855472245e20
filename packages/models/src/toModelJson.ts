import { XaiError, describeValue, row } from '@xai/core';
import type { DenseLayer } from './denseLayer.js';
import type { ModelJson } from './modelJson.js';
import { MODEL_FORMAT } from './modelJson.js';
import type { NeuralModel } from './neuralModel.js';

/**
 * The model as a plain JSON object (format 'xai-model@1'), weights copied into number
 * arrays; `preprocessing` and `metadata` are carried over (deep copies), and a value
 * model's head is written as `"output": "identity"`.
 * @example JSON.stringify(toModelJson(createLogisticRegression(3)))
 * @since 0.1.0
 */
export function toModelJson(model: NeuralModel): ModelJson {
  if (
    model === null ||
    typeof model !== 'object' ||
    !Array.isArray(model.layers) ||
    !model.layers.every(
      (l) =>
        l !== null &&
        typeof l === 'object' &&
        l.weight !== null &&
        typeof l.weight === 'object' &&
        ArrayBuffer.isView(l.weight.data) &&
        ArrayBuffer.isView(l.bias),
    )
  ) {
    throw new XaiError(
      'BAD_INPUT',
      `expected a NeuralModel (createMlp, createAnn, createLogisticRegression, fromModelJson), got ${describeValue(model)}`,
      { fn: 'toModelJson', arg: 'model', value: model },
    );
  }
  const src: readonly DenseLayer[] = model.layers;
  const layers = src.map((l) => ({
    weight: Array.from({ length: l.weight.rows }, (_, i) => Array.from(row(l.weight, i))),
    bias: Array.from(l.bias),
    activation: l.activation,
  }));
  return {
    format: MODEL_FORMAT,
    kind: model.kind,
    inputDim: model.inputDim,
    classes: model.classes,
    layers,
    output: model.output === 'value' ? 'identity' : 'softmax',
    ...(model.preprocessing !== undefined ? { preprocessing: structuredClone(model.preprocessing) } : {}),
    ...(model.performance !== undefined ? { performance: { ...model.performance } } : {}),
    ...(model.metadata !== undefined ? { metadata: structuredClone(model.metadata) } : {}),
  };
}

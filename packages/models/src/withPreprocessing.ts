import type { Preprocessing } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { checkPreprocessing } from './checkPreprocessing.js';
import { asMlp } from './internal/asMlp.js';
import { MlpModel } from './internal/mlpModel.js';

/**
 * A copy of the model (same weights, copied; same kind, output, precision and metadata)
 * that carries `preprocessing`, validated against it by `checkPreprocessing` (errors name
 * `withPreprocessing` and the field). `null` removes the block. Saved with the model
 * (`formatModelJson`, `saveModel`), so a file states how raw rows become its inputs.
 * @example const m = withPreprocessing(trained, dataset.preprocessing); saveModelSync('m.json', m)
 * @since 0.2.0
 */
export function withPreprocessing(model: NeuralModel, preprocessing: Preprocessing | null): NeuralModel {
  const fn = 'withPreprocessing';
  const m = asMlp(model, fn);
  const checked =
    preprocessing === null
      ? undefined
      : checkPreprocessing(preprocessing, { inputDim: m.inputDim, classes: m.classes, output: m.output }, fn, 'preprocessing');
  return new MlpModel(m.kind, m.core.shapes, Float64Array.from(m.parameters), { ...m.extras(), preprocessing: checked });
}

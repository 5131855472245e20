import type { NeuralModel } from './neuralModel.js';
import { readModelJson } from './internal/readModelJson.js';
import { MlpModel } from './internal/mlpModel.js';

/**
 * A model from its JSON form (format 'xai-model@1'), validated: missing or unknown
 * fields and wrong types → BAD_INPUT; weight/bias shapes that do not chain from
 * `inputDim` to `classes` → SHAPE_MISMATCH; NaN/Infinity → NON_FINITE; another format,
 * kind, activation or output, or an output layer whose activation is not 'none' →
 * NOT_SUPPORTED. An optional `preprocessing` block is checked by `checkPreprocessing`
 * against the model (lengths match `inputDim`, finite scaler, …) and carried as
 * `model.preprocessing`. Errors name the offending path (e.g. `layers[1].weight[3][2]`,
 * `preprocessing.scaler.min[4]`); `parseModelJson(text, file)` and `loadModel` put the file
 * in front of that (`m.json: layers[1].bias: ...`) and in `details.file`.
 * @example fromModelJson(JSON.parse(readFileSync('ann_adult.json', 'utf8')))
 * @since 0.1.0
 */
export function fromModelJson(json: unknown): NeuralModel {
  const r = readModelJson(json, 'fromModelJson');
  return new MlpModel(r.kind, r.shapes, r.params, r);
}

import type { Activation } from './denseLayer.js';
import type { ModelKind } from './neuralModel.js';

/** The format tag of model files written and read by this package. */
export const MODEL_FORMAT = 'xai-model@1';

/** One dense layer in a model file; `weight` is out x in (PyTorch `state_dict` layout). */
export interface ModelJsonLayer {
  readonly weight: readonly (readonly number[])[];
  readonly bias: readonly number[];
  readonly activation: Activation;
}

/**
 * A model file: `{"format":"xai-model@1","kind":…,"inputDim":d,"classes":c,"layers":[…],
 * "output":"softmax"}` plus an optional free-form `metadata` object. A PyTorch
 * `nn.Linear` stack converts field for field: `weight.tolist()`, `bias.tolist()`.
 */
export interface ModelJson {
  readonly format: typeof MODEL_FORMAT;
  readonly kind: ModelKind;
  readonly inputDim: number;
  readonly classes: number;
  readonly layers: readonly ModelJsonLayer[];
  readonly output: 'softmax';
  readonly metadata?: Readonly<Record<string, unknown>>;
}

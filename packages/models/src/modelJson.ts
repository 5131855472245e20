import type { Preprocessing } from '@xai/core';
import type { ModelPerformance } from './modelPerformance.js';
import type { Activation } from './denseLayer.js';
import type { ModelKind } from './neuralModel.js';

/** The format tag of model files written and read by this package. */
export const MODEL_FORMAT = 'xai-model@1';

/**
 * The output head of a model file: 'softmax' (class probabilities) or 'identity' (raw
 * values: a regression / single-output model, core `output: 'value'`; since 0.2.0).
 */
export type ModelJsonOutput = 'softmax' | 'identity';

/** The output heads a model file may name. */
export const MODEL_OUTPUTS: readonly ModelJsonOutput[] = ['softmax', 'identity'];

/** One dense layer in a model file; `weight` is out x in (PyTorch `state_dict` layout). */
export interface ModelJsonLayer {
  readonly weight: readonly (readonly number[])[];
  readonly bias: readonly number[];
  readonly activation: Activation;
}

/**
 * A model file: `{"format":"xai-model@1","kind":…,"inputDim":d,"classes":c,"layers":[…],
 * "output":"softmax"}` plus an optional `preprocessing` block (core's `Preprocessing`:
 * feature names and order, kinds, one-hot groups and encodings, the fitted scaler, label
 * classes, task; since 0.2.0) and an optional free-form `metadata` object. Files without
 * the newer fields read as before. A PyTorch `nn.Linear` stack converts field for field:
 * `weight.tolist()`, `bias.tolist()`. `classes` is the number of outputs (≥ 1 for
 * 'identity', ≥ 2 for 'softmax').
 */
export interface ModelJson {
  readonly format: typeof MODEL_FORMAT;
  readonly kind: ModelKind;
  readonly inputDim: number;
  readonly classes: number;
  readonly layers: readonly ModelJsonLayer[];
  readonly output: ModelJsonOutput;
  readonly preprocessing?: Preprocessing;
  /** Accuracy and majority-class rate on held-out rows when it was saved (since 0.3.0). */
  readonly performance?: ModelPerformance;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

import type { NeuralModel } from './neuralModel.js';
import { createMlp } from './createMlp.js';

export interface LogisticRegressionOptions {
  /** @defaultValue 0 */
  readonly seed?: number;
  /** @defaultValue 2 */
  readonly classes?: number;
}

/**
 * OpenXAI's logistic regression: one linear layer inputDim → 2 with softmax. Its
 * agreement-metric ground truth is w₁ − w₀ (see `linearGroundTruth`).
 * @example const lr = createLogisticRegression(13, { seed: 0 }); lr.predictProba(x)
 * @since 0.1.0
 */
export function createLogisticRegression(inputDim: number, options: LogisticRegressionOptions = {}): NeuralModel {
  return createMlp(inputDim, { hidden: [], classes: options.classes ?? 2, seed: options.seed ?? 0, kind: 'lr' });
}

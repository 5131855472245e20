import { checkOptions } from '@xai/core';
import type { NeuralModel, Precision } from './neuralModel.js';
import { createMlp } from './createMlp.js';

export interface LogisticRegressionOptions {
  /** @defaultValue 0 */
  readonly seed?: number;
  /** @defaultValue 2 */
  readonly classes?: number;
  /** 'float32' emulates float32 torch (see `withPrecision`). @defaultValue 'float64' @since 0.2.0 */
  readonly precision?: Precision;
}

/**
 * OpenXAI's logistic regression: one linear layer inputDim → 2 with softmax. Its
 * agreement-metric ground truth is w₁ − w₀ (see `linearGroundTruth`).
 * Unknown option keys → BAD_OPTION.
 * @example const lr = createLogisticRegression(13, { seed: 0 }); lr.predictProba(x)
 * @since 0.1.0
 */
export function createLogisticRegression(inputDim: number, options: LogisticRegressionOptions = {}): NeuralModel {
  checkOptions(options, ['seed', 'classes', 'precision'], 'createLogisticRegression');
  return createMlp(inputDim, {
    hidden: [],
    classes: options.classes ?? 2,
    seed: options.seed ?? 0,
    kind: 'lr',
    precision: options.precision ?? 'float64',
  });
}

import { checkOptions } from '@xai/core';
import type { NeuralModel, Precision } from './neuralModel.js';
import { createMlp } from './createMlp.js';

export interface AnnOptions {
  /** @defaultValue 0 */
  readonly seed?: number;
  /** Hidden widths. @defaultValue [100, 100] (OpenXAI's ANN) */
  readonly hidden?: readonly number[];
  /** @defaultValue 2 */
  readonly classes?: number;
  /** 'float32' emulates float32 torch (see `withPrecision`). @defaultValue 'float64' @since 0.2.0 */
  readonly precision?: Precision;
}

/**
 * OpenXAI's ANN: inputDim → 100 → 100 → 2 with ReLU and softmax, PyTorch-like seeded init.
 * Unknown option keys → BAD_OPTION.
 * @example const ann = createAnn(13, { seed: 0 }); ann.hidden?.(x, { activation: 'post' })
 * @since 0.1.0
 */
export function createAnn(inputDim: number, options: AnnOptions = {}): NeuralModel {
  checkOptions(options, ['seed', 'hidden', 'classes', 'precision'], 'createAnn');
  return createMlp(inputDim, {
    hidden: options.hidden ?? [100, 100],
    classes: options.classes ?? 2,
    seed: options.seed ?? 0,
    activation: 'relu',
    kind: 'ann',
    precision: options.precision ?? 'float64',
  });
}

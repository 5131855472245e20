import type { Matrix } from '@xai/core';

/**
 * Activation applied after a dense layer's affine map: `relu` max(0, z), `tanh`,
 * `sigmoid` 1 / (1 + e^−z) (`tanh` and `sigmoid` since 0.2.0), `none` identity (the
 * output layer).
 */
export type Activation = 'relu' | 'tanh' | 'sigmoid' | 'none';

/** The activations a model file may name. */
export const ACTIVATIONS: readonly Activation[] = ['relu', 'tanh', 'sigmoid', 'none'];

/**
 * One dense layer `a = act(x · Wᵀ + b)`. `weight` is out x in (PyTorch `nn.Linear` layout);
 * `weight.data` and `bias` are views into the model's parameter buffer, so writing them
 * changes the model.
 */
export interface DenseLayer {
  readonly inputDim: number;
  readonly outputDim: number;
  /** out x in, row-major (PyTorch layout). */
  readonly weight: Matrix;
  /** Length `outputDim`. */
  readonly bias: Float64Array;
  readonly activation: Activation;
}

import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, checkOptions, describeValue } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { asMlp } from './internal/asMlp.js';
import { lossSpec } from './internal/lossSpec.js';
import { checkTargets } from './internal/checks.js';

export interface LossOptions {
  /**
   * One weight per class; the loss is the weighted mean Σ w_{y_i} ℓ_i / Σ w_{y_i}
   * (PyTorch `CrossEntropyLoss(weight=…)`). @defaultValue all 1
   */
  readonly classWeights?: ArrayLike<number> | null;
  /**
   * Apply the cross-entropy to the softmax outputs instead of the logits, as OpenXAI's
   * released training code does (its model returns probabilities and `CrossEntropyLoss`
   * applies a second softmax). @defaultValue false
   */
  readonly openxaiDoubleSoftmax?: boolean;
}

export interface LossGradients {
  /** Mean cross-entropy of the batch. */
  readonly loss: number;
  /** d loss / d parameters, laid out like `model.parameters`. */
  readonly gradient: Float64Array;
  /** The same numbers per layer: weight (out x in) and bias views into `gradient`. */
  readonly layers: readonly { readonly weight: Matrix; readonly bias: Float64Array }[];
}

/**
 * The cross-entropy loss of a batch (for a value model: the mean squared error against
 * `y`, n x k row-major targets) and its gradient with respect to every parameter, by the
 * hand-written backward pass (what training uses). Unknown option keys → BAD_OPTION.
 * @example const { loss, layers } = lossGradients(model, x, y)
 * @since 0.1.0
 */
export function lossGradients(model: NeuralModel, x: Matrix, y: ArrayLike<number>, options: LossOptions = {}): LossGradients {
  const fn = 'lossGradients';
  const m = asMlp(model, fn, { float64: true });
  checkOptions(options, ['classWeights', 'openxaiDoubleSoftmax'], fn);
  assertMatrix(x, fn, 'x', { cols: m.inputDim });
  const gradient = new Float64Array(m.parameters.length);
  let loss: number;
  if (m.output === 'value') {
    const len = x.rows * m.classes;
    if (y === null || typeof y !== 'object' || y.length !== len)
      throw new XaiError(
        'SHAPE_MISMATCH',
        `expected ${len} regression targets (${x.rows} rows x ${m.classes} outputs, row-major), got ${describeValue(y)}`,
        { fn, arg: 'y', value: y === null || typeof y !== 'object' ? y : y.length },
      );
    for (let i = 0; i < len; i++)
      if (!Number.isFinite(y[i])) throw new XaiError('NON_FINITE', `target ${i} is ${describeValue(y[i])}`, { fn, arg: 'y', value: y[i] });
    if ((options.classWeights ?? null) !== null || options.openxaiDoubleSoftmax === true)
      throw new XaiError(
        'BAD_OPTION',
        'classWeights and openxaiDoubleSoftmax apply to classifiers only (a value model uses the mean squared error)',
        { fn, arg: 'options', value: options },
      );
    m.core.forward(x);
    loss = m.core.seedSquaredErrorGradient(x.rows, y, 0);
  } else {
    checkTargets(fn, y, x.rows, m.classes, 'y');
    const spec = lossSpec(fn, m.classes, options.classWeights, options.openxaiDoubleSoftmax);
    m.core.forward(x);
    loss = m.core.seedLossGradient(x.rows, y, spec);
  }
  m.core.backward(x, gradient, null);
  const layers = m.core.shapes.map((s) => ({
    weight: { rows: s.outDim, cols: s.inDim, data: gradient.subarray(s.wOffset, s.wOffset + s.outDim * s.inDim) },
    bias: gradient.subarray(s.bOffset, s.bOffset + s.outDim),
  }));
  return { loss, gradient, layers };
}

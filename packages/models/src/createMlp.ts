import { ACTIVATIONS } from './denseLayer.js';
import type { ModelOutput, OptionKeys } from '@xai/core';
import { XaiError, checkOptions, describeValue, substream } from '@xai/core';
import type { Activation } from './denseLayer.js';
import type { ModelKind, NeuralModel, Precision } from './neuralModel.js';
import { MODEL_KINDS } from './neuralModel.js';
import { checkIntOption, checkSeed } from './internal/checks.js';
import { layoutLayers } from './internal/mlpCore.js';
import { MlpModel } from './internal/mlpModel.js';
import { definedOptions } from './internal/definedOptions.js';

export interface MlpOptions {
  /** Widths of the hidden layers. @defaultValue [] (logistic regression) */
  readonly hidden?: readonly number[];
  /** Number of classes (softmax outputs). @defaultValue 2 */
  readonly classes?: number;
  /** Seed of the initial weights. @defaultValue 0 */
  readonly seed?: number;
  /** Activation of the hidden layers ('relu', 'tanh', 'sigmoid' or 'none'). @defaultValue 'relu' */
  readonly activation?: Activation;
  /** Kind recorded on the model. @defaultValue 'lr' without hidden layers, else 'mlp' */
  readonly kind?: ModelKind;
  /**
   * 'probabilities' (softmax head, a classifier) or 'value' (identity head: a regression
   * model with `classes` outputs, ≥ 1, trained on the mean squared error).
   * @defaultValue 'probabilities' @since 0.2.0
   */
  readonly output?: ModelOutput;
  /**
   * 'float32' rounds the initial weights and every operation of forward and input-gradient
   * passes to float32 (torch parity, see `withPrecision`); such a model cannot be trained
   * here (train in float64, then `withPrecision`). @defaultValue 'float64' @since 0.2.0
   */
  readonly precision?: Precision;
}

const MLP_KEYS: OptionKeys<MlpOptions> = ['hidden', 'classes', 'seed', 'activation', 'kind', 'output', 'precision'];

export const MLP_DEFAULTS: Required<Omit<MlpOptions, 'kind'>> = {
  hidden: [],
  classes: 2,
  seed: 0,
  activation: 'relu',
  output: 'probabilities',
  precision: 'float64',
};

/** The inputDim argument (BAD_INPUT: an argument; option values are BAD_OPTION). */
function checkInputDim(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new XaiError('BAD_INPUT', `expected a positive integer, got ${describeValue(value)}`, {
      fn: 'createMlp',
      arg: 'inputDim',
      value,
    });
  }
}

/**
 * A dense network inputDim → hidden… → classes with softmax output (identity with
 * `output: 'value'`: regression), initialised as
 * PyTorch's `nn.Linear` does: weights and biases uniform in (−1/√in, 1/√in), drawn from
 * `substream(seed, 'init', layer)` (weights row by row, then the bias).
 * Unknown option keys → BAD_OPTION (with a did-you-mean).
 * @example const m = createMlp(20, { hidden: [100, 100], seed: 0 }); m.predictProba(x)
 * @example const reg = createMlp(8, { hidden: [16], classes: 1, output: 'value', activation: 'tanh' })
 * @since 0.1.0
 */
export function createMlp(inputDim: number, options: MlpOptions = {}): NeuralModel {
  checkOptions(options, MLP_KEYS, 'createMlp');
  const o = { ...MLP_DEFAULTS, ...definedOptions(options) };
  checkInputDim(inputDim);
  if (o.output !== 'probabilities' && o.output !== 'value')
    throw new XaiError('BAD_OPTION', `output must be 'probabilities' or 'value', got ${describeValue(o.output)}`, {
      fn: 'createMlp',
      arg: 'output',
      value: o.output,
    });
  if (!Array.isArray(o.hidden))
    throw new XaiError('BAD_OPTION', `hidden must be an array of widths, got ${describeValue(o.hidden)}`, {
      fn: 'createMlp',
      arg: 'hidden',
      value: o.hidden,
    });
  o.hidden.forEach((w, i) => {
    checkIntOption('createMlp', `hidden[${i}]`, w);
  });
  checkIntOption('createMlp', 'classes', o.classes);
  if (o.classes < 2 && o.output !== 'value')
    throw new XaiError('BAD_OPTION', `classes must be at least 2, got ${o.classes} (a single-output regression model is output: 'value')`, {
      fn: 'createMlp',
      arg: 'classes',
      value: o.classes,
    });
  if (!ACTIVATIONS.includes(o.activation))
    throw new XaiError('BAD_OPTION', `unknown activation ${describeValue(o.activation)} (expected ${ACTIVATIONS.join(', ')})`, {
      fn: 'createMlp',
      arg: 'activation',
      value: o.activation,
    });
  if (o.precision !== 'float64' && o.precision !== 'float32')
    throw new XaiError('BAD_OPTION', `precision must be 'float64' or 'float32', got ${describeValue(o.precision)}`, {
      fn: 'createMlp',
      arg: 'precision',
      value: o.precision,
    });
  checkSeed('createMlp', o.seed);
  // the kind is written to the model file, whose reader holds it to its shape: check it now,
  // not when the model is saved
  if (options.kind !== undefined) {
    if (!(MODEL_KINDS as readonly unknown[]).includes(options.kind))
      throw new XaiError('BAD_OPTION', `unknown kind ${describeValue(options.kind)} (expected ${MODEL_KINDS.join(', ')})`, {
        fn: 'createMlp',
        arg: 'kind',
        value: options.kind,
      });
    if (options.kind === 'lr' && o.hidden.length > 0)
      throw new XaiError('BAD_OPTION', `kind 'lr' has no hidden layer, got hidden ${describeValue(o.hidden)}`, {
        fn: 'createMlp',
        arg: 'kind',
        value: options.kind,
      });
    if (options.kind === 'ann' && o.hidden.length === 0)
      throw new XaiError('BAD_OPTION', "kind 'ann' needs at least one hidden layer (hidden: [])", {
        fn: 'createMlp',
        arg: 'kind',
        value: options.kind,
      });
  }
  const dims = [inputDim, ...o.hidden, o.classes];
  const activations = dims.slice(1).map((_, l): Activation => (l < o.hidden.length ? o.activation : 'none'));
  const { shapes, size } = layoutLayers(dims, activations);
  const params = new Float64Array(size);
  shapes.forEach((s, l) => {
    const rng = substream(o.seed, 'init', l);
    const bound = 1 / Math.sqrt(s.inDim);
    const end = s.bOffset + s.outDim;
    for (let k = s.wOffset; k < end; k++) params[k] = (2 * rng.uniform() - 1) * bound;
  });
  const kind = options.kind ?? (o.hidden.length === 0 ? 'lr' : 'mlp');
  if (o.precision === 'float32') for (let k = 0; k < size; k++) params[k] = Math.fround(params[k]!);
  return new MlpModel(kind, shapes, params, { output: o.output, precision: o.precision });
}

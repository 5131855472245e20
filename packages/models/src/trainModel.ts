import type { Matrix, Split, OptionKeys } from '@xai/core';
import { XaiError, checkOptions, describeValue, rowBlock, substream } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { asMlp } from './internal/asMlp.js';
import { lossSpec } from './internal/lossSpec.js';
import type { LossSpec, MlpCore } from './internal/mlpCore.js';
import { checkSeed } from './internal/checks.js';
import type { Optimizer } from './internal/optimizer.js';
import { adam, sgd } from './internal/optimizer.js';
import { definedOptions } from './internal/definedOptions.js';
import type { AnySplit } from './internal/trainData.js';
import { chooseValidation, readTrainData } from './internal/trainData.js';

export interface TrainOptions {
  /** Maximum number of passes over the training rows. @defaultValue 100 */
  readonly epochs?: number;
  /** @defaultValue 32 */
  readonly batchSize?: number;
  /** @defaultValue 0.001 */
  readonly learningRate?: number;
  /** @defaultValue 'adam' (β = 0.9, 0.999, ε = 1e-8, as torch.optim.Adam) */
  readonly optimizer?: 'adam' | 'sgd';
  /** L2 penalty added to the gradient (torch.optim `weight_decay`, biases included). @defaultValue 0 */
  readonly weightDecay?: number;
  /** Heavy-ball momentum of SGD. @defaultValue 0 */
  readonly momentum?: number;
  /** Seeds the shuffling (`substream(seed, 'shuffle', epoch)`) and the validation carve. @defaultValue 0 */
  readonly seed?: number;
  /**
   * One weight per class for the cross-entropy (weighted mean, PyTorch semantics), or
   * 'balanced' (n / (classes · count_c)). @defaultValue null (all 1)
   */
  readonly classWeights?: readonly number[] | 'balanced' | null;
  /** Cross-entropy on the softmax outputs (OpenXAI's released code) instead of the logits. @defaultValue false */
  readonly openxaiDoubleSoftmax?: boolean;
  /**
   * Fraction of train carved (stratified, seeded) into a validation split when `data`
   * has none; 0 = no validation (the last epoch is kept). The test split is never used
   * for selection. @defaultValue 0.2
   */
  readonly validationFraction?: number;
  /** Model selection criterion on the validation split. @defaultValue 'loss' */
  readonly selectBy?: 'loss' | 'accuracy';
  /** Stop after this many epochs without a better validation score; Infinity = never. @defaultValue 10 */
  readonly patience?: number;
  /** Epochs 1..warmup are never selected (OpenXAI: 5). @defaultValue 0 */
  readonly warmup?: number;
  /**
   * OpenXAI's guard against degenerate models: an epoch is eligible only when the rate of
   * class-1 predictions on the validation split is below the bound (bound > 0.5) or above
   * it (bound ≤ 0.5). null = no guard. @defaultValue null
   */
  readonly meanPredictionBound?: number | null;
  /**
   * What is learnt: 'classification' (cross-entropy, Int32Array labels) or 'regression'
   * (mean squared error, Float64Array targets, n·k row-major for k outputs). Must agree with
   * the model's output (a regression model is `output: 'value'`). @defaultValue from the model
   * @since 0.2.0
   */
  readonly task?: 'classification' | 'regression';
  /** Called after every epoch (progress). */
  readonly onEpoch?: (stats: EpochStats) => void;
}

const TRAIN_KEYS: OptionKeys<TrainOptions> = [
  'epochs',
  'batchSize',
  'learningRate',
  'optimizer',
  'weightDecay',
  'momentum',
  'seed',
  'classWeights',
  'openxaiDoubleSoftmax',
  'validationFraction',
  'selectBy',
  'patience',
  'warmup',
  'meanPredictionBound',
  'task',
  'onEpoch',
];

export const TRAIN_DEFAULTS: Required<Omit<TrainOptions, 'onEpoch' | 'task'>> = {
  epochs: 100,
  batchSize: 32,
  learningRate: 0.001,
  optimizer: 'adam',
  weightDecay: 0,
  momentum: 0,
  seed: 0,
  classWeights: null,
  openxaiDoubleSoftmax: false,
  validationFraction: 0.2,
  selectBy: 'loss',
  patience: 10,
  warmup: 0,
  meanPredictionBound: null,
};

export interface EpochStats {
  /** 1-based. */
  readonly epoch: number;
  /** Mean training loss over the epoch's batches (as the weights moved). */
  readonly trainLoss: number;
  readonly validationLoss: number | null;
  /** Classification accuracy; for regression the R² (pooled over outputs). */
  readonly validationAccuracy: number | null;
  /** Rate of class-1 predictions on the validation split. */
  readonly meanPrediction: number | null;
  /** Whether this epoch became the selected one. */
  readonly selected: boolean;
}

export interface TrainReport {
  /** 'regression': loss is the mean squared error and `accuracy` holds R² (pooled over outputs). */
  readonly task: 'classification' | 'regression';
  readonly accuracy: { readonly train: number; readonly validation: number | null; readonly test: number | null };
  readonly loss: { readonly train: number; readonly validation: number | null; readonly test: number | null };
  /** The epoch whose weights the model now holds (1-based). */
  readonly bestEpoch: number;
  readonly epochsRun: number;
  readonly stoppedEarly: boolean;
  /** How the kept epoch was chosen. */
  readonly selection: 'validation' | 'last-epoch' | 'last-epoch (no epoch within the mean-prediction bound)';
  /** Where the validation rows came from. */
  readonly validation: 'given' | 'carved' | 'none';
  readonly rows: { readonly train: number; readonly validation: number; readonly test: number };
  /** The resolved options (class weights as numbers). */
  readonly settings: Required<Omit<TrainOptions, 'onEpoch' | 'classWeights' | 'task'>> & {
    readonly classWeights: readonly number[] | null;
  };
  readonly history: readonly EpochStats[];
  readonly seconds: number;
}

/** Rows and real-valued targets (n x k row-major, k = the model's outputs) for regression. @since 0.2.0 */
export interface RegressionSplit {
  readonly x: Matrix;
  readonly y: Float64Array;
}

/**
 * Labelled (Int32Array y) splits for a classifier; for a value model, Float64Array targets,
 * either as `y` or — core's `Split` of a regression dataset, as @xai/data builds it — as
 * `targets` beside the all-zero Int32Array `y`. Unknown keys (data or split) → BAD_OPTION.
 */
export interface TrainData {
  readonly train: Split | RegressionSplit;
  readonly validation?: Split | RegressionSplit | undefined;
  readonly test?: Split | RegressionSplit | undefined;
}

const EVAL_CHUNK = 4096;

interface Scores {
  loss: number;
  accuracy: number;
  meanPrediction: number;
}

/**
 * Loss / accuracy / class-1 rate of a split (regression: MSE / R² / mean prediction 0), in
 * chunks so the work buffers stay small.
 */
function evaluate(core: MlpCore, split: AnySplit, spec: LossSpec, acc: Float64Array, regression: boolean): Scores {
  acc.fill(0);
  const n = split.x.rows;
  const k = core.classes;
  // targets are summed around their first value: E[(y−K)²] − E[y−K]² keeps its digits for
  // targets far from 0 (around 1e8, E[y²] − E[y]² cancels to noise, even below 0)
  const shift = regression && n > 0 ? (split.y[0] ?? 0) : 0;
  for (let start = 0; start < n; start += EVAL_CHUNK) {
    const end = Math.min(n, start + EVAL_CHUNK);
    core.forward(rowBlock(split.x, start, end));
    if (regression) core.scoreSquaredError(end - start, split.y, start * k, acc, shift);
    else core.score(end - start, (split.y as Int32Array).subarray(start, end), spec, acc);
  }
  if (regression) {
    const count = acc[1]!;
    const mse = count > 0 ? acc[0]! / count : 0;
    const mean = count > 0 ? acc[2]! / count : 0;
    const variance = count > 0 ? acc[3]! / count - mean * mean : 0;
    return { loss: mse, accuracy: variance > 0 ? 1 - mse / variance : NaN, meanPrediction: 0 };
  }
  return { loss: acc[1]! > 0 ? acc[0]! / acc[1]! : 0, accuracy: n > 0 ? acc[2]! / n : 0, meanPrediction: n > 0 ? acc[3]! / n : 0 };
}

function positiveInt(fn: string, arg: string, v: number): void {
  if (!Number.isInteger(v) || v < 1)
    throw new XaiError('BAD_OPTION', `${arg} must be a positive integer, got ${describeValue(v)}`, { fn, arg, value: v });
}

function resolveClassWeights(fn: string, cw: TrainOptions['classWeights'], y: Int32Array, classes: number): number[] | null {
  if (cw === null || cw === undefined) return null;
  if (cw === 'balanced') {
    const count = new Float64Array(classes);
    for (let i = 0; i < y.length; i++) count[y[i]!] = count[y[i]!]! + 1;
    return Array.from(count, (c) => (c > 0 ? y.length / (classes * c) : 0));
  }
  if (!Array.isArray(cw))
    throw new XaiError('BAD_OPTION', `classWeights must be an array, 'balanced' or null, got ${describeValue(cw)}`, {
      fn,
      arg: 'classWeights',
      value: cw,
    });
  return [...cw];
}

/**
 * Trains the model in place with mini-batch Adam (or SGD) on the cross-entropy — or, for a
 * value model (`output: 'value'`), the mean squared error against Float64Array targets —
 * keeps the weights of the best validation epoch (never selected on the test set), and
 * reports train / validation / test accuracy (R² for regression). Deterministic for a
 * given model and `seed`. Unknown option keys → BAD_OPTION (e.g. `{ epocs: 5 }`: "did you
 * mean 'epochs'?").
 * @example const report = trainModel(createAnn(d), { train, test }, trainingPreset('adult', 'ann', 'default'))
 * @since 0.1.0
 */
export function trainModel(model: NeuralModel, data: TrainData, options: TrainOptions = {}): TrainReport {
  const fn = 'trainModel';
  const t0 = performance.now();
  const m = asMlp(model, fn, { float64: true });
  checkOptions(options, TRAIN_KEYS, fn);
  const { task: taskOption, ...rest } = options;
  const o = { ...TRAIN_DEFAULTS, ...definedOptions(rest) };
  const regression = m.output === 'value';
  const task = regression ? 'regression' : 'classification';
  if (taskOption !== undefined && taskOption !== 'classification' && taskOption !== 'regression')
    throw new XaiError('BAD_OPTION', `task must be 'classification' or 'regression', got ${describeValue(taskOption)}`, {
      fn,
      arg: 'task',
      value: taskOption,
    });
  if (taskOption !== undefined && taskOption !== task) {
    throw new XaiError(
      'BAD_OPTION',
      `task '${taskOption}' does not match the model (${regression ? "output: 'value', a regression model" : 'a classifier with a softmax head'}); create it with ${taskOption === 'regression' ? "createMlp(d, { output: 'value', classes: k })" : 'createMlp/createAnn without output: value'}`,
      { fn, arg: 'task', value: taskOption },
    );
  }
  if (regression) {
    // classification-only settings would silently do nothing: refuse them
    if (o.classWeights !== null)
      throw new XaiError('BAD_OPTION', 'classWeights apply to classification only', { fn, arg: 'classWeights', value: o.classWeights });
    if (o.openxaiDoubleSoftmax)
      throw new XaiError('BAD_OPTION', 'openxaiDoubleSoftmax applies to classification only', {
        fn,
        arg: 'openxaiDoubleSoftmax',
        value: true,
      });
    if (o.selectBy === 'accuracy')
      throw new XaiError('BAD_OPTION', "selectBy 'accuracy' applies to classification only (regression selects by validation loss)", {
        fn,
        arg: 'selectBy',
        value: o.selectBy,
      });
    if (o.meanPredictionBound !== null)
      throw new XaiError('BAD_OPTION', 'meanPredictionBound applies to classification only', {
        fn,
        arg: 'meanPredictionBound',
        value: o.meanPredictionBound,
      });
  }
  positiveInt(fn, 'epochs', o.epochs);
  positiveInt(fn, 'batchSize', o.batchSize);
  if (!(o.learningRate > 0) || !Number.isFinite(o.learningRate))
    throw new XaiError('BAD_OPTION', `learningRate must be a positive number, got ${describeValue(o.learningRate)}`, {
      fn,
      arg: 'learningRate',
      value: o.learningRate,
    });
  if (o.optimizer !== 'adam' && o.optimizer !== 'sgd')
    throw new XaiError('BAD_OPTION', `optimizer must be 'adam' or 'sgd', got ${describeValue(o.optimizer)}`, {
      fn,
      arg: 'optimizer',
      value: o.optimizer,
    });
  if (!(o.weightDecay >= 0) || !Number.isFinite(o.weightDecay))
    throw new XaiError('BAD_OPTION', `weightDecay must be a finite number >= 0, got ${describeValue(o.weightDecay)}`, {
      fn,
      arg: 'weightDecay',
      value: o.weightDecay,
    });
  if (!(o.momentum >= 0 && o.momentum < 1))
    throw new XaiError('BAD_OPTION', `momentum must be in [0, 1), got ${describeValue(o.momentum)}`, {
      fn,
      arg: 'momentum',
      value: o.momentum,
    });
  if (!(o.validationFraction >= 0 && o.validationFraction < 1))
    throw new XaiError('BAD_OPTION', `validationFraction must be in [0, 1), got ${describeValue(o.validationFraction)}`, {
      fn,
      arg: 'validationFraction',
      value: o.validationFraction,
    });
  if (o.selectBy !== 'loss' && o.selectBy !== 'accuracy')
    throw new XaiError('BAD_OPTION', `selectBy must be 'loss' or 'accuracy', got ${describeValue(o.selectBy)}`, {
      fn,
      arg: 'selectBy',
      value: o.selectBy,
    });
  if (!(o.patience >= 1))
    throw new XaiError('BAD_OPTION', `patience must be >= 1 (Infinity disables early stopping), got ${describeValue(o.patience)}`, {
      fn,
      arg: 'patience',
      value: o.patience,
    });
  if (!Number.isInteger(o.warmup) || o.warmup < 0)
    throw new XaiError('BAD_OPTION', `warmup must be a non-negative integer, got ${describeValue(o.warmup)}`, {
      fn,
      arg: 'warmup',
      value: o.warmup,
    });
  const bound = o.meanPredictionBound;
  if (bound !== null && !(bound >= 0 && bound <= 1))
    throw new XaiError('BAD_OPTION', `meanPredictionBound must be in [0, 1] or null, got ${describeValue(bound)}`, {
      fn,
      arg: 'meanPredictionBound',
      value: bound,
    });
  checkSeed(fn, o.seed);
  const given = readTrainData(fn, data, m, regression);
  const {
    train,
    validation,
    test,
    source: validationSource,
  } = chooseValidation(given, o.validationFraction, o.seed, m.classes, regression);
  const classWeights = regression ? null : resolveClassWeights(fn, o.classWeights, train.y as Int32Array, m.classes);
  const spec = lossSpec(fn, m.classes, classWeights, o.openxaiDoubleSoftmax);

  const core = m.core;
  const params = m.parameters;
  const size = params.length;
  const grads = new Float64Array(size);
  const best = Float64Array.from(params);
  const optimizer: Optimizer =
    o.optimizer === 'adam'
      ? adam(size, o.learningRate, 0.9, 0.999, 1e-8, o.weightDecay)
      : sgd(size, o.learningRate, o.momentum, o.weightDecay);

  const n = train.x.rows;
  const d = m.inputDim;
  const bs = Math.min(o.batchSize, n);
  const xb = new Float64Array(bs * d);
  const k = m.classes;
  const yb = new Int32Array(bs);
  const tb = new Float64Array(regression ? bs * k : 0);
  const X = train.x.data;
  const xs = train.x.stride ?? train.x.cols;
  const xo = train.x.offset ?? 0;
  const acc = new Float64Array(4);

  const history: EpochStats[] = [];
  let bestEpoch = 0;
  let bestScore = Infinity; // lower is better (loss, or −accuracy)
  let sinceBest = 0;
  let epoch = 0;
  let stoppedEarly = false;
  for (epoch = 1; epoch <= o.epochs; epoch++) {
    const order = substream(o.seed, 'shuffle', epoch).permutation(n);
    let lossSum = 0;
    for (let start = 0; start < n; start += bs) {
      const rows = Math.min(bs, n - start);
      for (let r = 0; r < rows; r++) {
        const i = order[start + r]!;
        xb.set(X.subarray(xo + i * xs, xo + i * xs + d), r * d);
        if (regression) tb.set(train.y.subarray(i * k, i * k + k), r * k);
        else yb[r] = train.y[i]!;
      }
      const batch: Matrix = { rows, cols: d, data: xb };
      core.forward(batch);
      lossSum += (regression ? core.seedSquaredErrorGradient(rows, tb, 0) : core.seedLossGradient(rows, yb, spec)) * rows;
      core.backward(batch, grads, null);
      optimizer.step(params, grads);
    }
    const trainLoss = lossSum / n;
    let selected = false;
    let v: Scores | null = null;
    if (validation !== null) {
      v = evaluate(core, validation, spec, acc, regression);
      const eligible = epoch > o.warmup && (bound === null || (bound > 0.5 ? v.meanPrediction < bound : v.meanPrediction > bound));
      const score = o.selectBy === 'loss' ? v.loss : -v.accuracy;
      if (eligible && score < bestScore) {
        bestScore = score;
        bestEpoch = epoch;
        best.set(params);
        selected = true;
        sinceBest = 0;
      } else if (epoch > o.warmup) {
        sinceBest++;
      }
    }
    const stats: EpochStats = {
      epoch,
      trainLoss,
      validationLoss: v?.loss ?? null,
      validationAccuracy: v?.accuracy ?? null,
      meanPrediction: v?.meanPrediction ?? null,
      selected,
    };
    history.push(stats);
    o.onEpoch?.(stats);
    if (validation !== null && bestEpoch > 0 && sinceBest >= o.patience) {
      stoppedEarly = epoch < o.epochs;
      break;
    }
  }
  const epochsRun = Math.min(epoch, o.epochs);
  let selection: TrainReport['selection'];
  if (validation === null) {
    selection = 'last-epoch';
    bestEpoch = epochsRun;
  } else if (bestEpoch === 0) {
    selection = 'last-epoch (no epoch within the mean-prediction bound)';
    bestEpoch = epochsRun;
  } else {
    selection = 'validation';
    params.set(best);
  }

  const tr = evaluate(core, train, spec, acc, regression);
  const va = validation === null ? null : evaluate(core, validation, spec, acc, regression);
  const te = test === null ? null : evaluate(core, test, spec, acc, regression);
  const { onEpoch: _onEpoch, ...settings } = o;
  return {
    task,
    accuracy: { train: tr.accuracy, validation: va?.accuracy ?? null, test: te?.accuracy ?? null },
    loss: { train: tr.loss, validation: va?.loss ?? null, test: te?.loss ?? null },
    bestEpoch,
    epochsRun,
    stoppedEarly,
    selection,
    validation: validationSource,
    rows: { train: train.x.rows, validation: validation?.x.rows ?? 0, test: test?.x.rows ?? 0 },
    settings: { ...settings, classWeights },
    history,
    seconds: (performance.now() - t0) / 1000,
  };
}

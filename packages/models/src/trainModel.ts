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
import type { MlpModel } from './internal/mlpModel.js';
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

/** The options with every default filled in. */
type TrainSettings = Required<Omit<TrainOptions, 'onEpoch' | 'task'>> & Pick<TrainOptions, 'onEpoch'>;

function badOption(fn: string, arg: string, message: string, value: unknown): never {
  throw new XaiError('BAD_OPTION', message, { fn, arg, value });
}

function positiveInt(fn: string, arg: string, v: number): void {
  if (!Number.isInteger(v) || v < 1) badOption(fn, arg, `${arg} must be a positive integer, got ${describeValue(v)}`, v);
}

/** `task`, when given, names what the model learns (it cannot switch a classifier to regression). */
function checkTask(fn: string, taskOption: unknown, regression: boolean): void {
  if (taskOption === undefined) return;
  if (taskOption !== 'classification' && taskOption !== 'regression')
    badOption(fn, 'task', `task must be 'classification' or 'regression', got ${describeValue(taskOption)}`, taskOption);
  if (taskOption !== (regression ? 'regression' : 'classification'))
    badOption(
      fn,
      'task',
      `task '${taskOption}' does not match the model (${regression ? "output: 'value', a regression model" : 'a classifier with a softmax head'}); create it with ${taskOption === 'regression' ? "createMlp(d, { output: 'value', classes: k })" : 'createMlp/createAnn without output: value'}`,
      taskOption,
    );
}

/** For regression, classification-only settings would silently do nothing: refuse them. */
function refuseClassificationSettings(fn: string, o: TrainSettings): void {
  if (o.classWeights !== null) badOption(fn, 'classWeights', 'classWeights apply to classification only', o.classWeights);
  if (o.openxaiDoubleSoftmax) badOption(fn, 'openxaiDoubleSoftmax', 'openxaiDoubleSoftmax applies to classification only', true);
  if (o.selectBy === 'accuracy')
    badOption(fn, 'selectBy', "selectBy 'accuracy' applies to classification only (regression selects by validation loss)", o.selectBy);
  if (o.meanPredictionBound !== null)
    badOption(fn, 'meanPredictionBound', 'meanPredictionBound applies to classification only', o.meanPredictionBound);
}

/** Epochs, batches and the optimizer's settings. */
function checkStepSettings(fn: string, o: TrainSettings): void {
  positiveInt(fn, 'epochs', o.epochs);
  positiveInt(fn, 'batchSize', o.batchSize);
  if (!(o.learningRate > 0) || !Number.isFinite(o.learningRate))
    badOption(fn, 'learningRate', `learningRate must be a positive number, got ${describeValue(o.learningRate)}`, o.learningRate);
  if (o.optimizer !== 'adam' && o.optimizer !== 'sgd')
    badOption(fn, 'optimizer', `optimizer must be 'adam' or 'sgd', got ${describeValue(o.optimizer)}`, o.optimizer);
  if (!(o.weightDecay >= 0) || !Number.isFinite(o.weightDecay))
    badOption(fn, 'weightDecay', `weightDecay must be a finite number >= 0, got ${describeValue(o.weightDecay)}`, o.weightDecay);
  if (!(o.momentum >= 0 && o.momentum < 1))
    badOption(fn, 'momentum', `momentum must be in [0, 1), got ${describeValue(o.momentum)}`, o.momentum);
}

/** The validation carve, how an epoch is selected and when training stops, and the seed. */
function checkSelectionSettings(fn: string, o: TrainSettings): void {
  if (!(o.validationFraction >= 0 && o.validationFraction < 1))
    badOption(
      fn,
      'validationFraction',
      `validationFraction must be in [0, 1), got ${describeValue(o.validationFraction)}`,
      o.validationFraction,
    );
  if (o.selectBy !== 'loss' && o.selectBy !== 'accuracy')
    badOption(fn, 'selectBy', `selectBy must be 'loss' or 'accuracy', got ${describeValue(o.selectBy)}`, o.selectBy);
  if (!(o.patience >= 1))
    badOption(fn, 'patience', `patience must be >= 1 (Infinity disables early stopping), got ${describeValue(o.patience)}`, o.patience);
  if (!Number.isInteger(o.warmup) || o.warmup < 0)
    badOption(fn, 'warmup', `warmup must be a non-negative integer, got ${describeValue(o.warmup)}`, o.warmup);
  const bound = o.meanPredictionBound;
  if (bound !== null && !(bound >= 0 && bound <= 1))
    badOption(fn, 'meanPredictionBound', `meanPredictionBound must be in [0, 1] or null, got ${describeValue(bound)}`, bound);
  checkSeed(fn, o.seed);
}

/** Unknown keys refused, defaults filled in, every setting checked against the model's task. */
function resolveTrainOptions(fn: string, options: TrainOptions, regression: boolean): TrainSettings {
  checkOptions(options, TRAIN_KEYS, fn);
  const { task: taskOption, ...rest } = options;
  const o: TrainSettings = { ...TRAIN_DEFAULTS, ...definedOptions(rest) };
  checkTask(fn, taskOption, regression);
  if (regression) refuseClassificationSettings(fn, o);
  checkStepSettings(fn, o);
  checkSelectionSettings(fn, o);
  return o;
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

/** The engine of one run: the model's core and loss, the optimizer, and buffers reused by every batch. */
interface Trainer {
  readonly core: MlpCore;
  readonly spec: LossSpec;
  readonly regression: boolean;
  readonly train: AnySplit;
  readonly params: Float64Array;
  readonly grads: Float64Array;
  readonly optimizer: Optimizer;
  /** Inputs and outputs per row. */
  readonly d: number;
  readonly k: number;
  /** Rows per batch (at most the training rows) and the batch's inputs, labels or targets. */
  readonly bs: number;
  readonly xb: Float64Array;
  readonly yb: Int32Array;
  readonly tb: Float64Array;
  /** Scratch sums of `evaluate`. */
  readonly acc: Float64Array;
}

function createTrainer(m: MlpModel, train: AnySplit, spec: LossSpec, o: TrainSettings, regression: boolean): Trainer {
  const params = m.parameters;
  const size = params.length;
  const optimizer: Optimizer =
    o.optimizer === 'adam'
      ? adam(size, o.learningRate, 0.9, 0.999, 1e-8, o.weightDecay)
      : sgd(size, o.learningRate, o.momentum, o.weightDecay);
  const d = m.inputDim;
  const k = m.classes;
  const bs = Math.min(o.batchSize, train.x.rows);
  return {
    core: m.core,
    spec,
    regression,
    train,
    params,
    grads: new Float64Array(size),
    optimizer,
    d,
    k,
    bs,
    xb: new Float64Array(bs * d),
    yb: new Int32Array(bs),
    tb: new Float64Array(regression ? bs * k : 0),
    acc: new Float64Array(4),
  };
}

/** One pass over the training rows in the epoch's seeded order, a step per mini-batch; the mean loss as the weights moved. */
function trainEpoch(t: Trainer, seed: number, epoch: number): number {
  const { core, spec, regression, train, d, k, bs, xb, yb, tb } = t;
  const n = train.x.rows;
  const X = train.x.data;
  const xs = train.x.stride ?? train.x.cols;
  const xo = train.x.offset ?? 0;
  const order = substream(seed, 'shuffle', epoch).permutation(n);
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
    core.backward(batch, t.grads, null);
    t.optimizer.step(t.params, t.grads);
  }
  return lossSum / n;
}

/** The best validation epoch so far (0: none yet), its score (lower is better: loss, or −accuracy) and weights. */
interface Selector {
  bestEpoch: number;
  bestScore: number;
  sinceBest: number;
  readonly best: Float64Array;
}

/**
 * Scores the epoch on the validation split and keeps its weights when it is eligible (past
 * the warmup, within the mean-prediction bound) and better than the best so far.
 */
function selectEpoch(t: Trainer, validation: AnySplit, o: TrainSettings, epoch: number, sel: Selector): { v: Scores; selected: boolean } {
  const bound = o.meanPredictionBound;
  const v = evaluate(t.core, validation, t.spec, t.acc, t.regression);
  const eligible = epoch > o.warmup && (bound === null || (bound > 0.5 ? v.meanPrediction < bound : v.meanPrediction > bound));
  const score = o.selectBy === 'loss' ? v.loss : -v.accuracy;
  if (eligible && score < sel.bestScore) {
    sel.bestScore = score;
    sel.bestEpoch = epoch;
    sel.best.set(t.params);
    sel.sinceBest = 0;
    return { v, selected: true };
  }
  if (epoch > o.warmup) sel.sinceBest++;
  return { v, selected: false };
}

interface EpochRun {
  readonly history: EpochStats[];
  readonly sel: Selector;
  readonly epochsRun: number;
  readonly stoppedEarly: boolean;
}

/** Up to `epochs` epochs, stopping once `patience` epochs pass without a better validation score. */
function runEpochs(t: Trainer, validation: AnySplit | null, o: TrainSettings): EpochRun {
  const sel: Selector = { bestEpoch: 0, bestScore: Infinity, sinceBest: 0, best: Float64Array.from(t.params) };
  const history: EpochStats[] = [];
  let epoch = 0;
  let stoppedEarly = false;
  for (epoch = 1; epoch <= o.epochs; epoch++) {
    const trainLoss = trainEpoch(t, o.seed, epoch);
    let selected = false;
    let v: Scores | null = null;
    if (validation !== null) ({ v, selected } = selectEpoch(t, validation, o, epoch, sel));
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
    if (validation !== null && sel.bestEpoch > 0 && sel.sinceBest >= o.patience) {
      stoppedEarly = epoch < o.epochs;
      break;
    }
  }
  return { history, sel, epochsRun: Math.min(epoch, o.epochs), stoppedEarly };
}

/** Restores the selected epoch's weights; without validation (or no eligible epoch) the last epoch stays. */
function keepSelectedEpoch(
  run: EpochRun,
  hasValidation: boolean,
  params: Float64Array,
): { readonly bestEpoch: number; readonly selection: TrainReport['selection'] } {
  if (!hasValidation) return { bestEpoch: run.epochsRun, selection: 'last-epoch' };
  if (run.sel.bestEpoch === 0) return { bestEpoch: run.epochsRun, selection: 'last-epoch (no epoch within the mean-prediction bound)' };
  params.set(run.sel.best);
  return { bestEpoch: run.sel.bestEpoch, selection: 'validation' };
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
  const regression = m.output === 'value';
  const o = resolveTrainOptions(fn, options, regression);
  const given = readTrainData(fn, data, m, regression);
  const { train, validation, test, source } = chooseValidation(given, o.validationFraction, o.seed, m.classes, regression);
  const classWeights = regression ? null : resolveClassWeights(fn, o.classWeights, train.y as Int32Array, m.classes);
  const spec = lossSpec(fn, m.classes, classWeights, o.openxaiDoubleSoftmax);

  const t = createTrainer(m, train, spec, o, regression);
  const run = runEpochs(t, validation, o);
  const { bestEpoch, selection } = keepSelectedEpoch(run, validation !== null, t.params);

  const tr = evaluate(t.core, train, spec, t.acc, regression);
  const va = validation === null ? null : evaluate(t.core, validation, spec, t.acc, regression);
  const te = test === null ? null : evaluate(t.core, test, spec, t.acc, regression);
  const { onEpoch: _onEpoch, ...settings } = o;
  return {
    task: regression ? 'regression' : 'classification',
    accuracy: { train: tr.accuracy, validation: va?.accuracy ?? null, test: te?.accuracy ?? null },
    loss: { train: tr.loss, validation: va?.loss ?? null, test: te?.loss ?? null },
    bestEpoch,
    epochsRun: run.epochsRun,
    stoppedEarly: run.stoppedEarly,
    selection,
    validation: source,
    rows: { train: train.x.rows, validation: validation?.x.rows ?? 0, test: test?.x.rows ?? 0 },
    settings: { ...settings, classWeights },
    history: run.history,
    seconds: (performance.now() - t0) / 1000,
  };
}

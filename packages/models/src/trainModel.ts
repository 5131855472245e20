import type { Matrix, Split } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, createRng, describeValue, rowBlock, substream } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { asMlp } from './internal/asMlp.js';
import { carveValidation } from './internal/carveValidation.js';
import { lossSpec } from './internal/lossSpec.js';
import type { LossSpec, MlpCore } from './internal/mlpCore.js';
import { checkTargets } from './internal/checks.js';
import type { Optimizer } from './internal/optimizer.js';
import { adam, sgd } from './internal/optimizer.js';

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
  /** Called after every epoch (progress). */
  readonly onEpoch?: (stats: EpochStats) => void;
}

export const TRAIN_DEFAULTS: Required<Omit<TrainOptions, 'onEpoch'>> = {
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
  readonly validationAccuracy: number | null;
  /** Rate of class-1 predictions on the validation split. */
  readonly meanPrediction: number | null;
  /** Whether this epoch became the selected one. */
  readonly selected: boolean;
}

export interface TrainReport {
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
  readonly settings: Required<Omit<TrainOptions, 'onEpoch' | 'classWeights'>> & { readonly classWeights: readonly number[] | null };
  readonly history: readonly EpochStats[];
  readonly seconds: number;
}

export interface TrainData {
  readonly train: Split;
  readonly validation?: Split | undefined;
  readonly test?: Split | undefined;
}

const EVAL_CHUNK = 4096;

interface Scores {
  loss: number;
  accuracy: number;
  meanPrediction: number;
}

/** Loss / accuracy / class-1 rate of a split, in chunks so the work buffers stay small. */
function evaluate(core: MlpCore, split: Split, spec: LossSpec, acc: Float64Array): Scores {
  acc.fill(0);
  const n = split.x.rows;
  for (let start = 0; start < n; start += EVAL_CHUNK) {
    const end = Math.min(n, start + EVAL_CHUNK);
    core.forward(rowBlock(split.x, start, end));
    core.score(end - start, split.y.subarray(start, end), spec, acc);
  }
  return { loss: acc[1]! > 0 ? acc[0]! / acc[1]! : 0, accuracy: n > 0 ? acc[2]! / n : 0, meanPrediction: n > 0 ? acc[3]! / n : 0 };
}

function checkSplit(fn: string, name: string, split: unknown, model: NeuralModel): asserts split is Split {
  const s = split as Split;
  if (s === null || typeof s !== 'object') throw new XaiError('BAD_INPUT', `expected a split {x, y}, got ${describeValue(split)}`, { fn, arg: name, value: split });
  assertMatrix(s.x, fn, `${name}.x`, { cols: model.inputDim });
  assertFinite(s.x, fn, `${name}.x`);
  if (!(s.y instanceof Int32Array)) throw new XaiError('BAD_INPUT', `expected labels as an Int32Array, got ${describeValue(s.y)}`, { fn, arg: `${name}.y`, value: s.y });
  checkTargets(fn, s.y, s.x.rows, model.classes, `${name}.y`);
}

function positiveInt(fn: string, arg: string, v: number): void {
  if (!Number.isInteger(v) || v < 1) throw new XaiError('BAD_OPTION', `${arg} must be a positive integer, got ${describeValue(v)}`, { fn, arg, value: v });
}

function resolveClassWeights(fn: string, cw: TrainOptions['classWeights'], y: Int32Array, classes: number): number[] | null {
  if (cw === null || cw === undefined) return null;
  if (cw === 'balanced') {
    const count = new Float64Array(classes);
    for (let i = 0; i < y.length; i++) count[y[i]!] = count[y[i]!]! + 1;
    return Array.from(count, (c) => (c > 0 ? y.length / (classes * c) : 0));
  }
  if (!Array.isArray(cw)) throw new XaiError('BAD_OPTION', `classWeights must be an array, 'balanced' or null, got ${describeValue(cw)}`, { fn, arg: 'classWeights', value: cw });
  return [...cw];
}

/**
 * Trains the model in place with mini-batch Adam (or SGD) on the cross-entropy, keeps the
 * weights of the best validation epoch (never selected on the test set), and reports
 * train / validation / test accuracy. Deterministic for a given model and `seed`.
 * @example const report = trainModel(createAnn(d), { train, test }, trainingPreset('adult', 'ann', 'default'))
 * @since 0.1.0
 */
export function trainModel(model: NeuralModel, data: TrainData, options: TrainOptions = {}): TrainReport {
  const fn = 'trainModel';
  const t0 = performance.now();
  const m = asMlp(model, fn);
  const o = { ...TRAIN_DEFAULTS, ...options };
  positiveInt(fn, 'epochs', o.epochs);
  positiveInt(fn, 'batchSize', o.batchSize);
  if (!(o.learningRate > 0) || !Number.isFinite(o.learningRate)) throw new XaiError('BAD_OPTION', `learningRate must be a positive number, got ${describeValue(o.learningRate)}`, { fn, arg: 'learningRate', value: o.learningRate });
  if (o.optimizer !== 'adam' && o.optimizer !== 'sgd') throw new XaiError('BAD_OPTION', `optimizer must be 'adam' or 'sgd', got ${describeValue(o.optimizer)}`, { fn, arg: 'optimizer', value: o.optimizer });
  if (!(o.weightDecay >= 0) || !Number.isFinite(o.weightDecay)) throw new XaiError('BAD_OPTION', `weightDecay must be a finite number >= 0, got ${describeValue(o.weightDecay)}`, { fn, arg: 'weightDecay', value: o.weightDecay });
  if (!(o.momentum >= 0 && o.momentum < 1)) throw new XaiError('BAD_OPTION', `momentum must be in [0, 1), got ${describeValue(o.momentum)}`, { fn, arg: 'momentum', value: o.momentum });
  if (!(o.validationFraction >= 0 && o.validationFraction < 1)) throw new XaiError('BAD_OPTION', `validationFraction must be in [0, 1), got ${describeValue(o.validationFraction)}`, { fn, arg: 'validationFraction', value: o.validationFraction });
  if (o.selectBy !== 'loss' && o.selectBy !== 'accuracy') throw new XaiError('BAD_OPTION', `selectBy must be 'loss' or 'accuracy', got ${describeValue(o.selectBy)}`, { fn, arg: 'selectBy', value: o.selectBy });
  if (!(o.patience >= 1)) throw new XaiError('BAD_OPTION', `patience must be >= 1 (Infinity disables early stopping), got ${describeValue(o.patience)}`, { fn, arg: 'patience', value: o.patience });
  if (!Number.isInteger(o.warmup) || o.warmup < 0) throw new XaiError('BAD_OPTION', `warmup must be a non-negative integer, got ${describeValue(o.warmup)}`, { fn, arg: 'warmup', value: o.warmup });
  const bound = o.meanPredictionBound;
  if (bound !== null && !(bound >= 0 && bound <= 1)) throw new XaiError('BAD_OPTION', `meanPredictionBound must be in [0, 1] or null, got ${describeValue(bound)}`, { fn, arg: 'meanPredictionBound', value: bound });
  createRng(o.seed); // typed error for a bad seed
  if (data === null || typeof data !== 'object') throw new XaiError('BAD_INPUT', `expected {train, validation?, test?}, got ${describeValue(data)}`, { fn, arg: 'data', value: data });
  checkSplit(fn, 'train', data.train, m);
  if (data.validation !== undefined) checkSplit(fn, 'validation', data.validation, m);
  if (data.test !== undefined) checkSplit(fn, 'test', data.test, m);
  if (data.train.x.rows === 0) throw new XaiError('EMPTY', 'the training split has no rows', { fn, arg: 'train', value: 0 });

  let train: Split = data.train;
  let validation: Split | null = data.validation ?? null;
  let validationSource: TrainReport['validation'] = validation === null ? 'none' : 'given';
  if (validation === null && o.validationFraction > 0) {
    const carved = carveValidation(train, o.validationFraction, o.seed, m.classes);
    if (carved.validation.x.rows > 0 && carved.train.x.rows > 0) {
      train = carved.train;
      validation = carved.validation;
      validationSource = 'carved';
    }
  }
  const classWeights = resolveClassWeights(fn, o.classWeights, train.y, m.classes);
  const spec = lossSpec(fn, m.classes, classWeights, o.openxaiDoubleSoftmax);

  const core = m.core;
  const params = m.parameters;
  const size = params.length;
  const grads = new Float64Array(size);
  const best = Float64Array.from(params);
  const optimizer: Optimizer = o.optimizer === 'adam' ? adam(size, o.learningRate, 0.9, 0.999, 1e-8, o.weightDecay) : sgd(size, o.learningRate, o.momentum, o.weightDecay);

  const n = train.x.rows;
  const d = m.inputDim;
  const bs = Math.min(o.batchSize, n);
  const xb = new Float64Array(bs * d);
  const yb = new Int32Array(bs);
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
        yb[r] = train.y[i]!;
      }
      const batch: Matrix = { rows, cols: d, data: xb };
      core.forward(batch);
      lossSum += core.seedLossGradient(rows, yb, spec) * rows;
      core.backward(batch, grads, null);
      optimizer.step(params, grads);
    }
    const trainLoss = lossSum / n;
    let selected = false;
    let v: Scores | null = null;
    if (validation !== null) {
      v = evaluate(core, validation, spec, acc);
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
    const stats: EpochStats = { epoch, trainLoss, validationLoss: v?.loss ?? null, validationAccuracy: v?.accuracy ?? null, meanPrediction: v?.meanPrediction ?? null, selected };
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

  const tr = evaluate(core, train, spec, acc);
  const va = validation === null ? null : evaluate(core, validation, spec, acc);
  const te = data.test === undefined ? null : evaluate(core, data.test, spec, acc);
  const { onEpoch: _onEpoch, ...settings } = o;
  return {
    accuracy: { train: tr.accuracy, validation: va?.accuracy ?? null, test: te?.accuracy ?? null },
    loss: { train: tr.loss, validation: va?.loss ?? null, test: te?.loss ?? null },
    bestEpoch,
    epochsRun,
    stoppedEarly,
    selection,
    validation: validationSource,
    rows: { train: train.x.rows, validation: validation?.x.rows ?? 0, test: data.test?.x.rows ?? 0 },
    settings: { ...settings, classWeights },
    history,
    seconds: (performance.now() - t0) / 1000,
  };
}

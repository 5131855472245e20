// The splits trainModel works on: each one checked and put in the engine's form (labels
// for a classifier, Float64 targets for a value model), and the validation rows chosen.
import type { Matrix, Split } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, checkOptions, describeValue } from '@xai/core';
import type { NeuralModel } from '../neuralModel.js';
import type { RegressionSplit, TrainData, TrainReport } from '../trainModel.js';
import { carveRegression, carveValidation } from './carveValidation.js';
import { checkTargets } from './checks.js';

/** Either kind of split, internally. */
export type AnySplit = Split | RegressionSplit;

/** The checked splits of one run. */
export interface TrainSplits {
  readonly train: AnySplit;
  readonly validation: AnySplit | null;
  readonly test: AnySplit | null;
}

const SPLIT_KEYS = ['x', 'y', 'targets'];

/** The split fields as given, before their kinds are known. */
interface RawSplit {
  readonly x: unknown;
  readonly y?: unknown;
  readonly targets?: unknown;
}

/**
 * A value model's targets, taken from `targets` (core's `Split` of a regression dataset:
 * y all-zero Int32, values in `targets`) or from a Float64Array `y`: n x classes, finite.
 */
function regressionSplit(fn: string, name: string, s: RawSplit, x: Matrix, classes: number): RegressionSplit {
  let where = `${name}.y`;
  let t: unknown = s.y;
  if (s.targets !== undefined) {
    // core's regression Split: the values are in `targets`, y is the all-zero label column
    if (s.y instanceof Float64Array)
      throw new XaiError(
        'BAD_INPUT',
        `give the regression targets once: either a Float64Array y or targets (with Int32Array y), not both`,
        {
          fn,
          arg: `${name}.targets`,
          value: 'both',
        },
      );
    if (s.y !== undefined && !(s.y instanceof Int32Array))
      throw new XaiError('BAD_INPUT', `expected y as core's Int32Array label column beside targets, got ${describeValue(s.y)}`, {
        fn,
        arg: `${name}.y`,
        value: s.y,
      });
    where = `${name}.targets`;
    t = s.targets;
  }
  if (!(t instanceof Float64Array))
    throw new XaiError(
      'BAD_INPUT',
      `expected regression targets as a Float64Array (n x ${classes}, row-major: y, or targets beside an Int32Array y), got ${describeValue(t)}`,
      { fn, arg: where, value: t },
    );
  if (t.length !== x.rows * classes)
    throw new XaiError('SHAPE_MISMATCH', `expected ${x.rows * classes} targets (${x.rows} rows x ${classes} outputs), got ${t.length}`, {
      fn,
      arg: where,
      value: t.length,
    });
  for (let i = 0; i < t.length; i++)
    if (!Number.isFinite(t[i]!))
      throw new XaiError('NON_FINITE', `target ${i} is ${t[i]!}`, { fn, arg: where, value: t[i], row: Math.floor(i / classes) });
  return { x, y: t };
}

/** A classifier's labels: an Int32Array y of class indices, and no regression `targets`. */
function labelledSplit(fn: string, name: string, s: RawSplit, x: Matrix, classes: number): Split {
  if (s.targets !== undefined)
    throw new XaiError(
      'BAD_INPUT',
      "targets are regression values, but this model is a classifier (create a regression model with createMlp(d, { output: 'value', classes: k }))",
      { fn, arg: `${name}.targets`, value: describeValue(s.targets) },
    );
  if (!(s.y instanceof Int32Array))
    throw new XaiError('BAD_INPUT', `expected labels as an Int32Array, got ${describeValue(s.y)}`, { fn, arg: `${name}.y`, value: s.y });
  checkTargets(fn, s.y, x.rows, classes, `${name}.y`);
  return { x, y: s.y };
}

/** Validates one split and returns it in the engine's form (labels, or a value model's targets). */
function checkSplit(fn: string, name: string, split: unknown, model: NeuralModel, regression: boolean): AnySplit {
  if (split === null || typeof split !== 'object' || Array.isArray(split))
    throw new XaiError('BAD_INPUT', `expected a split {x, y}, got ${describeValue(split)}`, { fn, arg: name, value: split });
  checkOptions(split, SPLIT_KEYS, fn, name);
  const s = split as RawSplit;
  assertMatrix(s.x, fn, `${name}.x`, { cols: model.inputDim });
  assertFinite(s.x, fn, `${name}.x`);
  return regression ? regressionSplit(fn, name, s, s.x, model.classes) : labelledSplit(fn, name, s, s.x, model.classes);
}

/** The data object and its splits, checked (train, then test, then validation); train must have rows. */
export function readTrainData(fn: string, data: TrainData, model: NeuralModel, regression: boolean): TrainSplits {
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    throw new XaiError('BAD_INPUT', `expected {train, validation?, test?}, got ${describeValue(data)}`, { fn, arg: 'data', value: data });
  // a misspelt split ({ valdation }) would otherwise be ignored and validation carved from train
  checkOptions(data, ['train', 'validation', 'test'], fn, 'data');
  if (data.train === undefined) throw new XaiError('BAD_INPUT', 'missing the train split', { fn, arg: 'data.train', value: undefined });
  const train = checkSplit(fn, 'train', data.train, model, regression);
  const test = data.test === undefined ? null : checkSplit(fn, 'test', data.test, model, regression);
  const validation = data.validation === undefined ? null : checkSplit(fn, 'validation', data.validation, model, regression);
  if (train.x.rows === 0) throw new XaiError('EMPTY', 'the training split has no rows', { fn, arg: 'train', value: 0 });
  return { train, validation, test };
}

/**
 * The given validation split, else one carved from train (stratified for labels, random
 * for targets) when `fraction` > 0 and both parts keep rows, else none.
 */
export function chooseValidation(
  splits: TrainSplits,
  fraction: number,
  seed: number,
  classes: number,
  regression: boolean,
): TrainSplits & { readonly source: TrainReport['validation'] } {
  if (splits.validation !== null) return { ...splits, source: 'given' };
  if (fraction > 0) {
    const carved = regression
      ? carveRegression(splits.train as RegressionSplit, fraction, seed, classes)
      : carveValidation(splits.train as Split, fraction, seed, classes);
    if (carved.validation.x.rows > 0 && carved.train.x.rows > 0)
      return { train: carved.train, validation: carved.validation, test: splits.test, source: 'carved' };
  }
  return { ...splits, source: 'none' };
}

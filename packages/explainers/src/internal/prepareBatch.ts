// The public boundary of every `explain` call: checks the model, the instances and the
// per-call options once, then hands contiguous data, targets and row keys to the kernels.
import type { ExplainOptions, Model } from '@xai/core';
import {
  XaiError,
  argmaxRows,
  assertFinite,
  hasTrees,
  assertMatrix,
  checkOptions,
  checkedModel,
  contiguous,
  describeValue,
  explainTargets,
  hashRows,
  notAModelError,
  isValueModel,
} from '@xai/core';
import { predictRows } from './modelCalls.js';

export interface PreparedBatch {
  readonly n: number;
  readonly d: number;
  /** Row-major copy-free view of x with stride = d and offset 0. */
  readonly x: Float64Array;
  /** Class explained per row. */
  readonly targets: Int32Array;
  /** Sub-stream key per row: `keys[i]` or a hash of row i's content. */
  readonly keys: Float64Array;
}

/** Per-call option keys of core's `ExplainOptions`. */
export const EXPLAIN_OPTION_KEYS = ['targets', 'explainedClass', 'keys', 'batchPositions'] as const;

/**
 * The model boundary of every explainer: core's `checkedModel` (typed-array outputs
 * converted once, shapes and probabilities checked; idempotent, so wrapping an already
 * checked model costs nothing) after a BAD_INPUT check that it is a model at all.
 */
export function assertModel(model: unknown, fn: string): Model {
  const m = model as Model;
  if (m === null || typeof m !== 'object' || typeof m.predictProba !== 'function') {
    throw notAModelError(model, fn, 'model');
  }
  return checkedModel(m, fn);
}

/**
 * Validates (model, x, options) and resolves targets (`targets`, or `explainedClass` on every
 * row, else the predicted class; output 0 for a value model) and keys. `allowed` lists the per-call option keys (unknown
 * ones are BAD_OPTION). Predictions are one batched call (chunked by `batchRows`); explainers that
 * ignore the class (Random) pass `needTargets = false` and get zeros.
 */
export function prepareBatch(
  fn: string,
  modelIn: unknown,
  x: unknown,
  options: ExplainOptions | undefined,
  batchRows: number,
  needTargets = true,
  allowed: readonly string[] = EXPLAIN_OPTION_KEYS,
): PreparedBatch & { model: Model } {
  const model = assertModel(modelIn, fn);
  assertMatrix(x, fn, 'x', { cols: model.inputDim });
  // An explainer that reads no value of x (Random) takes a tree model's missing cells (NaN) as they are.
  if (needTargets || !hasTrees(model)) assertFinite(x, fn, 'x');
  const n = x.rows;
  const d = x.cols;
  const xc = contiguous(x).data;
  const opts = checkOptions(options, allowed, fn);
  let targets: Int32Array;
  const given = explainTargets(opts, n, model.classes, fn);
  if (given !== undefined) {
    const t = given as unknown;
    if (!(t instanceof Int32Array))
      throw new XaiError('BAD_INPUT', `expected an Int32Array, got ${describeValue(t)}`, { fn, arg: 'targets', value: t });
    if (t.length !== n)
      throw new XaiError('SHAPE_MISMATCH', `has ${t.length} entries for ${n} rows`, { fn, arg: 'targets', value: t.length });
    for (let i = 0; i < n; i++) {
      if (t[i]! < 0 || t[i]! >= model.classes)
        throw new XaiError('BAD_INPUT', `entry ${i} is ${t[i]}, outside [0, ${model.classes})`, {
          fn,
          arg: 'targets',
          value: t[i],
          index: i,
        });
    }
    targets = t;
  } else {
    targets = new Int32Array(n);
    if (n > 0 && needTargets && !isValueModel(model))
      argmaxRows(predictRows(model, { rows: n, cols: d, data: xc }, fn, batchRows), targets);
  }
  const keys = new Float64Array(n);
  if (opts.keys !== undefined) {
    const k = opts.keys as unknown;
    if (k === null || typeof k !== 'object' || typeof (k as ArrayLike<number>).length !== 'number')
      throw new XaiError('BAD_INPUT', `expected an array of numbers, got ${describeValue(k)}`, { fn, arg: 'keys', value: k });
    const ka = k as ArrayLike<number>;
    if (ka.length !== n)
      throw new XaiError('SHAPE_MISMATCH', `has ${ka.length} entries for ${n} rows`, { fn, arg: 'keys', value: ka.length });
    for (let i = 0; i < n; i++) {
      if (typeof ka[i] !== 'number' || !Number.isFinite(ka[i]!))
        throw new XaiError('BAD_INPUT', `entry ${i} is ${describeValue(ka[i])}, not a finite number`, {
          fn,
          arg: 'keys',
          value: ka[i],
          index: i,
        });
      keys[i] = ka[i]!;
    }
  } else {
    hashRows({ rows: n, cols: d, data: xc }, 0, keys); // keys[i] = hashFloat64(row i)
  }
  return { model, n, d, x: xc, targets, keys };
}

import type { HiddenOptions, InputGradientOptions, Matrix, Model, ModelOutput, ModelReturn, OutputSpace, OptionKeys } from '@xai/core';
import {
  XaiError,
  assertFinite,
  assertMatrix,
  assertProbabilities,
  checkOptions,
  contiguous,
  describeValue,
  isXaiError,
  toFloat64Matrix,
  toRows,
} from '@xai/core';
import { DEFAULT_FD_STEP, finiteDifferenceGradient } from './internal/finiteDifferences.js';
import { checkTargets, outputBuffer } from './internal/checks.js';
import { rejectPromise } from './internal/rejectPromise.js';
import { copyRows } from './internal/copyRows.js';
import { definedOptions } from './internal/definedOptions.js';

/**
 * What a wrapped function may return: a Matrix over any numeric typed array (Float32Array
 * from ONNX Runtime / tfjs included), rows of numbers, or a flat row-major typed array
 * (core's `ModelReturn`; converted to Float64 once).
 */
export type BatchOutput = ModelReturn;

/** What the wrapped functions receive: a contiguous Matrix (default) or rows as number[][]. */
export type FunctionModelInput = 'matrix' | 'rows';

export interface FunctionModelOptions {
  readonly inputDim: number;
  /** Number of classes (≥ 2), or of outputs (≥ 1) when `output` is 'value'. */
  readonly classes: number;
  /**
   * 'probabilities' (rows in [0, 1] summing to 1) or 'value' (any finite outputs: a
   * regression / score model; gradients are of output t itself). @defaultValue 'probabilities'
   * @since 0.2.0
   */
  readonly output?: ModelOutput;
  /**
   * How `predictProba`, `gradient`, `logits` and `hidden` receive x: 'matrix' (a
   * contiguous `{rows, cols, data: Float64Array}`) or 'rows' (`number[][]`, one array per
   * row, for functions written that way). @defaultValue 'matrix' @since 0.2.0
   */
  readonly input?: FunctionModelInput;
  /** Input gradients d output[t_i] / d x_i (n x inputDim); finite differences when absent. */
  readonly gradient?: (x: Matrix, targets: Int32Array, output: OutputSpace) => BatchOutput;
  /** Pre-softmax scores (n x classes); enables `logits` and logit gradients. Not for value models. */
  readonly logits?: (x: Matrix) => BatchOutput;
  /** A hidden representation (an n x width Matrix), if the model has one. */
  readonly hidden?: (x: Matrix, activation: 'pre' | 'post') => BatchOutput;
  /** Allowed |row sum − 1| and excursion outside [0, 1]. @defaultValue 1e-6 */
  readonly tolerance?: number;
  /** Relative finite-difference step: h = fdStep · max(fdScale, |x_ij|). @defaultValue cbrt(ε) ≈ 6.1e-6 */
  readonly fdStep?: number;
  /** Input scale below which the step stops shrinking. @defaultValue 1 (min-max scaled data) */
  readonly fdScale?: number;
  /** Rows per call of the function during finite differences (each row needs 2·inputDim). @defaultValue 65536 */
  readonly maxBatchRows?: number;
}

/** Where a wrapped model's input gradients come from. */
export type GradientSource = 'function' | 'finite-differences';

/** The model `functionModel` returns: a core `Model` with `inputGradient`, tagged with its gradient's source. */
export type FunctionModel = Model & Required<Pick<Model, 'inputGradient'>> & { readonly gradientSource: GradientSource };

/** Defaults of the optional settings of `functionModel`. */
export const FUNCTION_MODEL_DEFAULTS: {
  readonly tolerance: number;
  readonly fdStep: number;
  readonly fdScale: number;
  readonly maxBatchRows: number;
  readonly output: 'probabilities';
  readonly input: 'matrix';
} = {
  tolerance: 1e-6,
  fdStep: DEFAULT_FD_STEP,
  fdScale: 1,
  maxBatchRows: 65536,
  output: 'probabilities',
  input: 'matrix',
};

const FUNCTION_MODEL_KEYS: OptionKeys<FunctionModelOptions> = [
  'inputDim',
  'classes',
  'output',
  'input',
  'gradient',
  'logits',
  'hidden',
  'tolerance',
  'fdStep',
  'fdScale',
  'maxBatchRows',
];

/**
 * Calls a user function, turning anything it throws that is not already an XaiError into
 * BAD_INPUT naming the function argument; a TypeError with matrix input gets the likely
 * cause (a function written for number[][]) and the fix.
 */
function callUser<T>(f: () => T, fn: string, arg: string, input: FunctionModelInput): T {
  try {
    return f();
  } catch (e) {
    if (isXaiError(e)) throw e;
    const what = e instanceof Error ? `${e.name}: ${e.message}` : describeValue(e);
    const hint =
      e instanceof TypeError && input === 'matrix'
        ? " (functionModel passes x as a Matrix {rows, cols, data: Float64Array, row-major}, not number[][]; for a function written for rows of numbers pass { input: 'rows' })"
        : '';
    throw new XaiError('BAD_INPUT', `the wrapped function threw ${what}${hint}`, { fn, arg, value: what, cause: e });
  }
}

function positive(fn: string, arg: string, v: unknown, integer: boolean): void {
  if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    throw new XaiError('BAD_OPTION', `${arg} must be a positive ${integer ? 'integer' : 'number'}, got ${describeValue(v)}`, {
      fn,
      arg,
      value: v,
    });
  }
}

/** An `async function` can only return a Promise: refuse it up front (a plain function returning one is caught per call). */
function rejectAsync(fn: string, arg: string, f: unknown): void {
  if (typeof f === 'function' && f.constructor?.name === 'AsyncFunction') {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${arg} is an async function, so it returns a Promise; core's Model is synchronous: pass a function that returns its result directly`,
      { fn, arg, value: 'AsyncFunction' },
    );
  }
}

/**
 * Wraps any batch function x (n x inputDim) → class probabilities (n x classes) — or, with
 * `output: 'value'`, any finite outputs (n x classes; regression: classes 1) — as a core
 * `Model`: "swap in your own model". Every output is converted once to Float64 (any
 * numeric typed array, rows, or a flat array) and checked: shape (SHAPE_MISMATCH, with
 * what came back, e.g. "returned Float32Array 2x3, expected 2x2"), finite (NON_FINITE),
 * and for classifiers in [0, 1] with rows summing to 1 (NOT_PROBABILITIES). Without a
 * `gradient`, input gradients of output t come from central finite differences with a
 * step relative to the input's scale, batched: one call of `predictProba` for all rows'
 * 2·d perturbations. The function is called once per public call, never row by row, and
 * always receives a contiguous matrix (strided views are copied), or `number[][]` with
 * `input: 'rows'`. An exception thrown by the function → BAD_INPUT naming it (with a hint
 * when a function written for number[][] received a Matrix). Async functions (or any
 * returning a Promise) → NOT_SUPPORTED: core's `Model` is synchronous. Unknown option
 * keys → BAD_OPTION. Without `gradient`, the model carries `gradientSource:
 * 'finite-differences'` so the conformance suite does not count its gradient check as a
 * pass.
 * @example
 *   const model = functionModel((x) => myNet.run(x), { inputDim: 13, classes: 2 });
 *   model.inputGradient(x, predictLabels(model, x));
 *   const reg = functionModel((rows) => rows.map((r) => [r[0] * 2]), { inputDim: 3, classes: 1, output: 'value', input: 'rows' });
 * @since 0.1.0
 */
export function functionModel(predictProba: (x: Matrix) => BatchOutput, options: FunctionModelOptions): FunctionModel;
export function functionModel(
  predictProba: (x: number[][]) => BatchOutput,
  options: FunctionModelOptions & { readonly input: 'rows' },
): FunctionModel;
export function functionModel(
  predictProba: ((x: Matrix) => BatchOutput) | ((x: number[][]) => BatchOutput),
  options: FunctionModelOptions,
): FunctionModel {
  const fn = 'functionModel';
  if (typeof predictProba !== 'function')
    throw new XaiError('BAD_INPUT', `expected a function, got ${describeValue(predictProba)}`, {
      fn,
      arg: 'predictProba',
      value: predictProba,
    });
  rejectAsync(fn, 'predictProba', predictProba);
  if (options === null || typeof options !== 'object')
    throw new XaiError('BAD_INPUT', `expected options {inputDim, classes}, got ${describeValue(options)}`, {
      fn,
      arg: 'options',
      value: options,
    });
  checkOptions(options, FUNCTION_MODEL_KEYS, fn);
  const o = { ...FUNCTION_MODEL_DEFAULTS, ...definedOptions(options) };
  positive(fn, 'inputDim', o.inputDim, true);
  if (o.output !== 'probabilities' && o.output !== 'value')
    throw new XaiError('BAD_OPTION', `output must be 'probabilities' or 'value', got ${describeValue(o.output)}`, {
      fn,
      arg: 'output',
      value: o.output,
    });
  if (o.input !== 'matrix' && o.input !== 'rows')
    throw new XaiError('BAD_OPTION', `input must be 'matrix' or 'rows', got ${describeValue(o.input)}`, {
      fn,
      arg: 'input',
      value: o.input,
    });
  const value = o.output === 'value';
  positive(fn, 'classes', o.classes, true);
  if (!value && o.classes < 2)
    throw new XaiError('BAD_OPTION', `classes must be at least 2, got ${o.classes} (a single-output model is output: 'value')`, {
      fn,
      arg: 'classes',
      value: o.classes,
    });
  positive(fn, 'tolerance', o.tolerance, false);
  positive(fn, 'fdStep', o.fdStep, false);
  positive(fn, 'fdScale', o.fdScale, false);
  positive(fn, 'maxBatchRows', o.maxBatchRows, true);
  for (const key of ['gradient', 'logits', 'hidden'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function')
      throw new XaiError('BAD_OPTION', `${key} must be a function, got ${describeValue(o[key])}`, { fn, arg: key, value: o[key] });
    if (o[key] !== undefined) rejectAsync(fn, key, o[key]);
  }
  if (value && o.logits !== undefined)
    throw new XaiError('BAD_OPTION', "a value model has no logits (its outputs are already raw): drop 'logits'", {
      fn,
      arg: 'logits',
      value: 'function',
    });
  const { inputDim, classes, input } = o;
  const fd = { step: o.fdStep, scale: o.fdScale, maxRows: o.maxBatchRows };
  /** x as the user's functions take it. */
  const arg = (x: Matrix): Matrix => {
    const c = contiguous(x);
    return (input === 'rows' ? toRows(c) : c) as Matrix;
  };
  /** Calls a user function on x, then converts (and Promise-checks) its result. */
  const run = (f: () => unknown, name: string, what: string, rows: number, cols: number): Matrix => {
    const r = callUser(f, name, what, input);
    rejectPromise(r, name, what);
    return toFloat64Matrix(r, rows, cols, name, what);
  };

  const copyOut = (m: Matrix, out: Matrix | undefined, name: string, cols: number): Matrix => {
    if (out === undefined) return m;
    const dst = outputBuffer(name, 'out', m.rows, cols, out);
    copyRows(m, dst);
    return dst;
  };
  const checkX = (name: string, x: Matrix): void => assertMatrix(x, name, 'x', { cols: inputDim });

  const predict = predictProba as (x: Matrix) => unknown;
  const proba = (x: Matrix): Matrix => {
    const name = 'functionModel.predictProba';
    const p = run(() => predict(arg(x)), name, value ? 'values' : 'probabilities', x.rows, classes);
    if (value) assertFinite(p, name, 'values');
    else assertProbabilities(p, x.rows, classes, name, o.tolerance);
    return p;
  };
  const logitsFn = o.logits;
  const logits =
    logitsFn === undefined
      ? undefined
      : (x: Matrix): Matrix => {
          const z = run(() => logitsFn(arg(x)), 'functionModel.logits', 'logits', x.rows, classes);
          assertFinite(z, 'functionModel.logits', 'logits');
          return z;
        };

  const model: FunctionModel = {
    inputDim,
    classes,
    ...(value ? { output: 'value' as const } : {}),
    gradientSource: o.gradient === undefined ? 'finite-differences' : 'function',
    predictProba(x: Matrix, out?: Matrix): Matrix {
      checkX('functionModel.predictProba', x);
      return copyOut(proba(x), out, 'functionModel.predictProba', classes);
    },
    inputGradient(x: Matrix, targets: Int32Array, gOptions: InputGradientOptions = {}): Matrix {
      const name = 'functionModel.inputGradient';
      checkX(name, x);
      checkTargets(name, targets, x.rows, classes);
      checkOptions(gOptions, ['output', 'out'], name);
      const output = gOptions.output ?? 'probability';
      if (output !== 'probability' && output !== 'logit')
        throw new XaiError('BAD_OPTION', `output must be 'probability' or 'logit', got ${describeValue(output)}`, {
          fn: name,
          arg: 'output',
          value: output,
        });
      const gradientFn = o.gradient;
      if (gradientFn !== undefined) {
        // the function is typed to receive an Int32Array: give it one whatever the caller passed
        const t = targets instanceof Int32Array ? targets : Int32Array.from(targets as ArrayLike<number>);
        const g = run(() => gradientFn(arg(x), t, output), name, 'gradient', x.rows, inputDim);
        assertFinite(g, name, 'gradient');
        return copyOut(g, gOptions.out, name, inputDim);
      }
      // a value model's outputs are raw: both output spaces differentiate them
      const f = output === 'probability' || value ? proba : logits;
      if (f === undefined)
        throw new XaiError('NOT_SUPPORTED', "logit gradients need a 'logits' function (none was given)", {
          fn: name,
          arg: 'output',
          value: output,
        });
      const out = outputBuffer(name, 'out', x.rows, inputDim, gOptions.out);
      finiteDifferenceGradient(f, x, targets, fd, out);
      return out;
    },
  };
  if (logits !== undefined) {
    (model as { logits?: Model['logits'] }).logits = (x: Matrix, out?: Matrix): Matrix => {
      checkX('functionModel.logits', x);
      return copyOut(logits(x), out, 'functionModel.logits', classes);
    };
  }
  const hiddenFn = o.hidden;
  if (hiddenFn !== undefined) {
    (model as { hidden?: Model['hidden'] }).hidden = (x: Matrix, hOptions: HiddenOptions = {}): Matrix => {
      const name = 'functionModel.hidden';
      checkX(name, x);
      checkOptions(hOptions, ['activation', 'out'], name);
      const activation = hOptions.activation ?? 'post';
      if (activation !== 'pre' && activation !== 'post')
        throw new XaiError('BAD_OPTION', `activation must be 'pre' or 'post', got ${describeValue(activation)}`, {
          fn: name,
          arg: 'activation',
          value: activation,
        });
      const h = callUser(() => hiddenFn(arg(x), activation), name, 'hidden', input);
      rejectPromise(h, name, 'hidden');
      // the width is the function's own: take it from what came back
      const cols =
        h !== null && typeof h === 'object' && 'cols' in h
          ? Number((h as { cols: unknown }).cols)
          : Array.isArray(h) && Array.isArray(h[0])
            ? (h[0] as unknown[]).length
            : NaN;
      if (!Number.isInteger(cols) || cols < 0)
        throw new XaiError('BAD_INPUT', `hidden must return an n x width Matrix or rows of numbers, got ${describeValue(h)}`, {
          fn: name,
          arg: 'hidden',
          value: describeValue(h),
        });
      const hm = toFloat64Matrix(h, x.rows, cols, name, 'hidden');
      assertFinite(hm, name, 'hidden');
      return copyOut(hm, hOptions.out, name, hm.cols);
    };
  }
  return model;
}

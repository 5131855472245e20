import type { HiddenOptions, InputGradientOptions, Matrix, Model, ModelOutput, ModelReturn, OutputSpace, OptionKeys } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, assertProbabilities, checkOptions, describeValue, toFloat64Matrix } from '@xai/core';
import type { FiniteDifferenceCheck } from './internal/finiteDifferences.js';
import { DEFAULT_FD_STEP, columnSpread, finiteDifferenceCheck, finiteDifferenceGradient } from './internal/finiteDifferences.js';

export type { FiniteDifferenceCheck } from './internal/finiteDifferences.js';
import { checkTargets, outputBuffer } from './internal/checks.js';
import { rejectPromise } from './internal/rejectPromise.js';
import { callUser, rejectAsync, runUser, userInput } from './internal/userFunction.js';
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
  /**
   * Input scale below which the step stops shrinking; or one scale per column (e.g.
   * `finiteDifferenceScale(train)`, the training rows' spread): h = fdStep · scale_j, and where a
   * scale is 0, h = fdStep · |x_ij| (fdStep where x_ij is 0). @defaultValue 1 (min-max scaled data)
   */
  readonly fdScale?: number | ArrayLike<number>;
  /** Rows per call of the function during finite differences (each row needs 2·inputDim). @defaultValue 65536 */
  readonly maxBatchRows?: number;
}

/** Where a wrapped model's input gradients come from. */
export type GradientSource = 'function' | 'finite-differences';

/** The model `functionModel` returns: a core `Model` with `inputGradient`, tagged with its gradient's source. */
export type FunctionModel = Model &
  Required<Pick<Model, 'inputGradient'>> & {
    readonly gradientSource: GradientSource;
    /**
     * Finite-difference gradients only: computes them at steps h and 2h on these rows and says
     * how far they disagree (the error estimate of the gradients `inputGradient` returns, at h).
     * @since 0.3.0
     */
    checkFiniteDifferences?(x: Matrix, targets: ArrayLike<number>, options?: { readonly output?: OutputSpace }): FiniteDifferenceCheck;
  };

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

/** The options with every default filled in. */
interface ResolvedOptions extends FunctionModelOptions {
  readonly output: ModelOutput;
  readonly input: FunctionModelInput;
  readonly tolerance: number;
  readonly fdStep: number;
  readonly fdScale: number | ArrayLike<number>;
  readonly maxBatchRows: number;
}

type BatchFunction = (x: Matrix) => Matrix;

function positive(fn: string, arg: string, v: unknown, integer: boolean): void {
  if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    throw new XaiError('BAD_OPTION', `${arg} must be a positive ${integer ? 'integer' : 'number'}, got ${describeValue(v)}`, {
      fn,
      arg,
      value: v,
    });
  }
}

/** The wrapped function and the options object, before any option is read. */
function checkArguments(fn: string, predictProba: unknown, options: unknown): void {
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
}

/** Fills in the defaults and checks every setting (the optional functions in `checkCallbacks`). */
function resolveOptions(fn: string, options: FunctionModelOptions): ResolvedOptions {
  const o: ResolvedOptions = { ...FUNCTION_MODEL_DEFAULTS, ...definedOptions(options) };
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
  positive(fn, 'classes', o.classes, true);
  if (o.output !== 'value' && o.classes < 2)
    throw new XaiError('BAD_OPTION', `classes must be at least 2, got ${o.classes} (a single-output model is output: 'value')`, {
      fn,
      arg: 'classes',
      value: o.classes,
    });
  positive(fn, 'tolerance', o.tolerance, false);
  positive(fn, 'fdStep', o.fdStep, false);
  if (typeof o.fdScale === 'number') positive(fn, 'fdScale', o.fdScale, false);
  else checkColumnScale(fn, o.fdScale, o.inputDim);
  positive(fn, 'maxBatchRows', o.maxBatchRows, true);
  checkCallbacks(fn, o);
  return o;
}

/** Per-column step scales: one finite number ≥ 0 per input column. */
function checkColumnScale(fn: string, v: unknown, inputDim: number): void {
  const list = v as ArrayLike<unknown> | null;
  if (list === null || typeof list !== 'object' || typeof list.length !== 'number' || list.length !== inputDim)
    throw new XaiError('BAD_OPTION', `fdScale must be a positive number or ${inputDim} per-column scales, got ${describeValue(v)}`, {
      fn,
      arg: 'fdScale',
      value: v,
    });
  for (let j = 0; j < inputDim; j++) {
    const c = list[j];
    if (typeof c !== 'number' || !(c >= 0) || !Number.isFinite(c))
      throw new XaiError('BAD_OPTION', `fdScale[${j}] must be a finite number ≥ 0, got ${describeValue(c)}`, {
        fn,
        arg: 'fdScale',
        value: c,
      });
  }
}

/**
 * Per-column finite-difference scales from training rows: each column's standard deviation,
 * else its range, else 0 (the step then follows |x|). Give it as functionModel's `fdScale`, so
 * a step is a fixed fraction of each column's spread whatever its units.
 * @example functionModel(f, { inputDim: 4, classes: 2, fdStep: 4.9e-3, fdScale: finiteDifferenceScale(train) })
 * @since 0.3.0
 */
export function finiteDifferenceScale(train: Matrix): Float64Array {
  assertMatrix(train, 'finiteDifferenceScale', 'train');
  return columnSpread(train);
}

/** gradient, logits and hidden: synchronous functions when given, and no logits for a value model. */
function checkCallbacks(fn: string, o: ResolvedOptions): void {
  for (const key of ['gradient', 'logits', 'hidden'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function')
      throw new XaiError('BAD_OPTION', `${key} must be a function, got ${describeValue(o[key])}`, { fn, arg: key, value: o[key] });
    if (o[key] !== undefined) rejectAsync(fn, key, o[key]);
  }
  if (o.output === 'value' && o.logits !== undefined)
    throw new XaiError('BAD_OPTION', "a value model has no logits (its outputs are already raw): drop 'logits'", {
      fn,
      arg: 'logits',
      value: 'function',
    });
}

/** `m` itself, or copied into the caller's `out` (checked to be rows x cols). */
function copyOut(m: Matrix, out: Matrix | undefined, name: string, cols: number): Matrix {
  if (out === undefined) return m;
  const dst = outputBuffer(name, 'out', m.rows, cols, out);
  copyRows(m, dst);
  return dst;
}

function checkX(name: string, x: Matrix, inputDim: number): void {
  assertMatrix(x, name, 'x', { cols: inputDim });
}

/** The wrapped prediction function, its outputs checked: finite values, or probability rows. */
function checkedPredictions(predict: (x: Matrix) => unknown, o: ResolvedOptions): BatchFunction {
  const value = o.output === 'value';
  return (x: Matrix): Matrix => {
    const name = 'functionModel.predictProba';
    const p = runUser(() => predict(userInput(x, o.input)), name, value ? 'values' : 'probabilities', x.rows, o.classes, o.input);
    if (value) assertFinite(p, name, 'values');
    else assertProbabilities(p, x.rows, o.classes, name, o.tolerance);
    return p;
  };
}

/** The wrapped logits function, its outputs checked finite. */
function checkedLogits(logitsFn: (x: Matrix) => BatchOutput, o: ResolvedOptions): BatchFunction {
  return (x: Matrix): Matrix => {
    const z = runUser(() => logitsFn(userInput(x, o.input)), 'functionModel.logits', 'logits', x.rows, o.classes, o.input);
    assertFinite(z, 'functionModel.logits', 'logits');
    return z;
  };
}

/**
 * `inputGradient`: the user's gradient function when given, else central finite
 * differences of the probabilities (or of the logits, for output 'logit').
 */
function inputGradientOf(
  o: ResolvedOptions,
  proba: BatchFunction,
  logits: BatchFunction | undefined,
  x: Matrix,
  targets: Int32Array,
  gOptions: InputGradientOptions,
): Matrix {
  const name = 'functionModel.inputGradient';
  checkX(name, x, o.inputDim);
  checkTargets(name, targets, x.rows, o.classes);
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
    const g = runUser(() => gradientFn(userInput(x, o.input), t, output), name, 'gradient', x.rows, o.inputDim, o.input);
    assertFinite(g, name, 'gradient');
    return copyOut(g, gOptions.out, name, o.inputDim);
  }
  const f = differentiated(name, o, proba, logits, output);
  const out = outputBuffer(name, 'out', x.rows, o.inputDim, gOptions.out);
  finiteDifferenceGradient(f, x, targets, { step: o.fdStep, scale: o.fdScale, maxRows: o.maxBatchRows }, out);
  return out;
}

/** The function finite differences run on: the probabilities, or the logits for output 'logit'. */
function differentiated(
  name: string,
  o: ResolvedOptions,
  proba: BatchFunction,
  logits: BatchFunction | undefined,
  output: OutputSpace,
): BatchFunction {
  // a value model's outputs are raw: both output spaces differentiate them
  const f = output === 'probability' || o.output === 'value' ? proba : logits;
  if (f === undefined)
    throw new XaiError('NOT_SUPPORTED', "logit gradients need a 'logits' function (none was given)", {
      fn: name,
      arg: 'output',
      value: output,
    });
  return f;
}

/** `checkFiniteDifferences`: D(h) and D(2h) on the rows, and how far they disagree. */
function checkOf(
  o: ResolvedOptions,
  proba: BatchFunction,
  logits: BatchFunction | undefined,
  x: Matrix,
  targets: ArrayLike<number>,
  cOptions: { readonly output?: OutputSpace },
): FiniteDifferenceCheck {
  const name = 'functionModel.checkFiniteDifferences';
  checkX(name, x, o.inputDim);
  checkTargets(name, targets, x.rows, o.classes);
  const { output = 'probability' } = checkOptions(cOptions, ['output'], name);
  const f = differentiated(name, o, proba, logits, output);
  return finiteDifferenceCheck(f, x, targets, { step: o.fdStep, scale: o.fdScale, maxRows: o.maxBatchRows });
}

/** The width of what a hidden function returned (it is the function's own), NaN when it is no matrix or rows. */
function hiddenWidth(h: unknown): number {
  return h !== null && typeof h === 'object' && 'cols' in h
    ? Number((h as { cols: unknown }).cols)
    : Array.isArray(h) && Array.isArray(h[0])
      ? (h[0] as unknown[]).length
      : NaN;
}

/** `hidden`: the user's hidden function, its output checked (any width) and finite. */
function hiddenOf(
  hiddenFn: (x: Matrix, activation: 'pre' | 'post') => BatchOutput,
  o: ResolvedOptions,
  x: Matrix,
  hOptions: HiddenOptions,
): Matrix {
  const name = 'functionModel.hidden';
  checkX(name, x, o.inputDim);
  checkOptions(hOptions, ['activation', 'out'], name);
  const activation = hOptions.activation ?? 'post';
  if (activation !== 'pre' && activation !== 'post')
    throw new XaiError('BAD_OPTION', `activation must be 'pre' or 'post', got ${describeValue(activation)}`, {
      fn: name,
      arg: 'activation',
      value: activation,
    });
  const h = callUser(() => hiddenFn(userInput(x, o.input), activation), name, 'hidden', o.input);
  rejectPromise(h, name, 'hidden');
  const cols = hiddenWidth(h);
  if (!Number.isInteger(cols) || cols < 0)
    throw new XaiError('BAD_INPUT', `hidden must return an n x width Matrix or rows of numbers, got ${describeValue(h)}`, {
      fn: name,
      arg: 'hidden',
      value: describeValue(h),
    });
  const hm = toFloat64Matrix(h, x.rows, cols, name, 'hidden');
  assertFinite(hm, name, 'hidden');
  return copyOut(hm, hOptions.out, name, hm.cols);
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
  checkArguments(fn, predictProba, options);
  const o = resolveOptions(fn, options);
  const { inputDim, classes } = o;
  const proba = checkedPredictions(predictProba as (x: Matrix) => unknown, o);
  const logitsFn = o.logits;
  const logits = logitsFn === undefined ? undefined : checkedLogits(logitsFn, o);

  const model: FunctionModel = {
    inputDim,
    classes,
    ...(o.output === 'value' ? { output: 'value' as const } : {}),
    gradientSource: o.gradient === undefined ? 'finite-differences' : 'function',
    predictProba(x: Matrix, out?: Matrix): Matrix {
      checkX('functionModel.predictProba', x, inputDim);
      return copyOut(proba(x), out, 'functionModel.predictProba', classes);
    },
    inputGradient(x: Matrix, targets: Int32Array, gOptions: InputGradientOptions = {}): Matrix {
      return inputGradientOf(o, proba, logits, x, targets, gOptions);
    },
  };
  if (o.gradient === undefined)
    (model as { checkFiniteDifferences?: FunctionModel['checkFiniteDifferences'] }).checkFiniteDifferences = (x, targets, cOptions = {}) =>
      checkOf(o, proba, logits, x, targets, cOptions);
  if (logits !== undefined) {
    (model as { logits?: Model['logits'] }).logits = (x: Matrix, out?: Matrix): Matrix => {
      checkX('functionModel.logits', x, inputDim);
      return copyOut(logits(x), out, 'functionModel.logits', classes);
    };
  }
  const hiddenFn = o.hidden;
  if (hiddenFn !== undefined) {
    (model as { hidden?: Model['hidden'] }).hidden = (x: Matrix, hOptions: HiddenOptions = {}): Matrix =>
      hiddenOf(hiddenFn, o, x, hOptions);
  }
  return model;
}

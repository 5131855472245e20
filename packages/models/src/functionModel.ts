import type { HiddenOptions, InputGradientOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, assertProbabilities, contiguous, describeValue, row } from '@xai/core';
import { DEFAULT_FD_STEP, finiteDifferenceGradient } from './internal/finiteDifferences.js';
import { checkTargets, outputBuffer } from './internal/checks.js';
import { rejectPromise, toMatrix } from './internal/toMatrix.js';

/** What a wrapped function may return: a Matrix, rows of numbers, or a flat row-major array. */
export type BatchOutput = Matrix | readonly (readonly number[])[] | Float64Array;

export interface FunctionModelOptions {
  readonly inputDim: number;
  readonly classes: number;
  /** Input gradients d output[t_i] / d x_i (n x inputDim); finite differences when absent. */
  readonly gradient?: (x: Matrix, targets: Int32Array, output: OutputSpace) => BatchOutput;
  /** Pre-softmax scores (n x classes); enables `logits` and logit gradients. */
  readonly logits?: (x: Matrix) => BatchOutput;
  /** A hidden representation (an n x width Matrix), if the model has one. */
  readonly hidden?: (x: Matrix, activation: 'pre' | 'post') => Matrix;
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

export const FUNCTION_MODEL_DEFAULTS = { tolerance: 1e-6, fdStep: DEFAULT_FD_STEP, fdScale: 1, maxBatchRows: 65536 } as const;

function positive(fn: string, arg: string, v: unknown, integer: boolean): void {
  if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v) || (integer && !Number.isInteger(v))) {
    throw new XaiError('BAD_OPTION', `${arg} must be a positive ${integer ? 'integer' : 'number'}, got ${describeValue(v)}`, { fn, arg, value: v });
  }
}

/** An `async function` can only return a Promise: refuse it up front (a plain function returning one is caught per call). */
function rejectAsync(fn: string, arg: string, f: unknown): void {
  if (typeof f === 'function' && f.constructor?.name === 'AsyncFunction') {
    throw new XaiError('NOT_SUPPORTED', `${arg} is an async function, so it returns a Promise; core's Model is synchronous: pass a function that returns its result directly`, { fn, arg, value: 'AsyncFunction' });
  }
}

/**
 * Wraps any batch function x (n x inputDim) → class probabilities (n x classes) as a
 * core `Model`: "swap in your own model". Every output is checked (shape, finite, in
 * [0, 1], rows summing to 1 → SHAPE_MISMATCH / NON_FINITE / NOT_PROBABILITIES). Without
 * a `gradient`, input gradients come from central finite differences with a step
 * relative to the input's scale, batched: one call of `predictProba` for all rows' 2·d
 * perturbations. The function is called once per public call, never row by row, and
 * always receives a contiguous matrix (strided views are copied). Results are the
 * function's own output unless `out` is given. Async functions (or any returning a
 * Promise) → NOT_SUPPORTED: core's `Model` is synchronous. Without `gradient`, the model
 * carries `gradientSource: 'finite-differences'` so the conformance suite does not count
 * its gradient check as a pass.
 * @example
 *   const model = functionModel((x) => myNet.run(x), { inputDim: 13, classes: 2 });
 *   model.inputGradient(x, predictLabels(model, x));
 * @since 0.1.0
 */
export function functionModel(predictProba: (x: Matrix) => BatchOutput, options: FunctionModelOptions): FunctionModel {
  const fn = 'functionModel';
  if (typeof predictProba !== 'function') throw new XaiError('BAD_INPUT', `expected a function, got ${describeValue(predictProba)}`, { fn, arg: 'predictProba', value: predictProba });
  rejectAsync(fn, 'predictProba', predictProba);
  if (options === null || typeof options !== 'object') throw new XaiError('BAD_INPUT', `expected options {inputDim, classes}, got ${describeValue(options)}`, { fn, arg: 'options', value: options });
  const o = { ...FUNCTION_MODEL_DEFAULTS, ...options };
  positive(fn, 'inputDim', o.inputDim, true);
  positive(fn, 'classes', o.classes, true);
  if (o.classes < 2) throw new XaiError('BAD_OPTION', `classes must be at least 2, got ${o.classes}`, { fn, arg: 'classes', value: o.classes });
  positive(fn, 'tolerance', o.tolerance, false);
  positive(fn, 'fdStep', o.fdStep, false);
  positive(fn, 'fdScale', o.fdScale, false);
  positive(fn, 'maxBatchRows', o.maxBatchRows, true);
  for (const key of ['gradient', 'logits', 'hidden'] as const) {
    if (o[key] !== undefined && typeof o[key] !== 'function') throw new XaiError('BAD_OPTION', `${key} must be a function, got ${describeValue(o[key])}`, { fn, arg: key, value: o[key] });
    if (o[key] !== undefined) rejectAsync(fn, key, o[key]);
  }
  const { inputDim, classes } = o;
  const fd = { step: o.fdStep, scale: o.fdScale, maxRows: o.maxBatchRows };

  const copyOut = (m: Matrix, out: Matrix | undefined, name: string, cols: number): Matrix => {
    if (out === undefined) return m;
    const dst = outputBuffer(name, 'out', m.rows, cols, out);
    const os = dst.stride ?? dst.cols;
    for (let i = 0; i < m.rows; i++) dst.data.set(row(m, i), (dst.offset ?? 0) + i * os);
    return dst;
  };
  const checkX = (name: string, x: Matrix): void => assertMatrix(x, name, 'x', { cols: inputDim });

  const proba = (x: Matrix): Matrix => {
    const p = toMatrix(predictProba(contiguous(x)), x.rows, classes, 'functionModel.predictProba', 'probabilities');
    assertProbabilities(p, x.rows, classes, 'functionModel.predictProba', o.tolerance);
    return p;
  };
  const logitsFn = o.logits;
  const logits = logitsFn === undefined ? undefined : (x: Matrix): Matrix => {
    const z = toMatrix(logitsFn(contiguous(x)), x.rows, classes, 'functionModel.logits', 'logits');
    assertFinite(z, 'functionModel.logits', 'logits');
    return z;
  };

  const model: FunctionModel = {
    inputDim,
    classes,
    gradientSource: o.gradient === undefined ? 'finite-differences' : 'function',
    predictProba(x: Matrix, out?: Matrix): Matrix {
      checkX('functionModel.predictProba', x);
      return copyOut(proba(x), out, 'functionModel.predictProba', classes);
    },
    inputGradient(x: Matrix, targets: Int32Array, gOptions: InputGradientOptions = {}): Matrix {
      const name = 'functionModel.inputGradient';
      checkX(name, x);
      checkTargets(name, targets, x.rows, classes);
      const output = gOptions.output ?? 'probability';
      if (output !== 'probability' && output !== 'logit') throw new XaiError('BAD_OPTION', `output must be 'probability' or 'logit', got ${describeValue(output)}`, { fn: name, arg: 'output', value: output });
      if (o.gradient !== undefined) {
        const g = toMatrix(o.gradient(contiguous(x), targets, output), x.rows, inputDim, name, 'gradient');
        assertFinite(g, name, 'gradient');
        return copyOut(g, gOptions.out, name, inputDim);
      }
      const f = output === 'probability' ? proba : logits;
      if (f === undefined) throw new XaiError('NOT_SUPPORTED', "logit gradients need a 'logits' function (none was given)", { fn: name, arg: 'output', value: output });
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
      const activation = hOptions.activation ?? 'post';
      const h = hiddenFn(contiguous(x), activation);
      rejectPromise(h, name, 'hidden');
      assertMatrix(h, name, 'hidden', { rows: x.rows });
      assertFinite(h, name, 'hidden');
      return copyOut(h, hOptions.out, name, h.cols);
    };
  }
  return model;
}

import { modelAdapterHint, notAModelError, promiseReturnedMessage } from './adapterHints.js';
import { XaiError, describeValue } from './errors.js';
import type { Matrix } from './matrix.js';
import { assertFinite, assertMatrix, strideOf } from './matrix.js';
import type { HiddenOptions, InputGradientOptions, Model } from './model.js';
import { assertProbabilities, argmaxRows } from './model.js';

/** Any numeric typed array a model may return (ONNX Runtime and tfjs return Float32Array). */
export type NumericArray =
  | Float64Array
  | Float32Array
  | Int32Array
  | Int16Array
  | Int8Array
  | Uint32Array
  | Uint16Array
  | Uint8Array
  | Uint8ClampedArray;

/** A matrix over any numeric typed array (what a user's model may hand back). */
export interface AnyMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: NumericArray;
  readonly stride?: number;
  readonly offset?: number;
}

/** What a model function may return: a (typed) matrix, rows of numbers, or a flat row-major typed array. */
export type ModelReturn = AnyMatrix | readonly (readonly number[])[] | NumericArray;

function isNumericArray(v: unknown): v is NumericArray {
  return ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) && !(v instanceof BigUint64Array);
}

function kindOf(v: unknown): string {
  if (isNumericArray(v) || v instanceof BigInt64Array || v instanceof BigUint64Array) return v.constructor.name;
  if (Array.isArray(v)) return 'array';
  if (v !== null && typeof v === 'object' && 'rows' in v && 'cols' in v) {
    const m = v as { rows: unknown; cols: unknown; data?: unknown };
    const data =
      m.data === undefined
        ? 'no data'
        : ArrayBuffer.isView(m.data)
          ? m.data.constructor.name
          : Array.isArray(m.data)
            ? 'array'
            : typeof m.data;
    return `Matrix{${String(m.rows)}x${String(m.cols)}, ${data}}`;
  }
  return describeValue(v);
}

/**
 * A Float64 matrix of `rows` x `cols` from whatever a model returned: a Matrix over any
 * numeric typed array (copied to Float64 once; a Float64 matrix passes through uncopied),
 * an array of rows, or a flat row-major typed array of length rows·cols. Anything else, a
 * wrong shape, a Promise or BigInt data is a typed error that says what came back and what
 * was expected, e.g. "returned Float32Array 2x3, expected 2x2".
 * @since 0.2.0
 */
export function toFloat64Matrix(value: unknown, rows: number, cols: number, fn: string, arg: string): Matrix {
  if (value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function') {
    throw new XaiError('NOT_SUPPORTED', promiseReturnedMessage(), { fn, arg, value: 'Promise' });
  }
  const expected = `expected ${rows}x${cols}`;
  if (isNumericArray(value)) {
    if (value.length !== rows * cols)
      throw new XaiError(
        'SHAPE_MISMATCH',
        `returned ${value.constructor.name} of length ${value.length}, ${expected} (${rows * cols} values)`,
        { fn, arg, value: value.length },
      );
    return { rows, cols, data: value instanceof Float64Array ? value : Float64Array.from(value) };
  }
  if (Array.isArray(value)) {
    if (value.length !== rows)
      throw new XaiError('SHAPE_MISMATCH', `returned ${value.length} rows, ${expected}`, { fn, arg, value: value.length });
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const r: unknown = value[i];
      if (!Array.isArray(r) && !isNumericArray(r))
        throw new XaiError('BAD_INPUT', `row ${i} is ${kindOf(r)}, expected an array of ${cols} numbers`, {
          fn,
          arg,
          value: kindOf(r),
          row: i,
        });
      if (r.length !== cols)
        throw new XaiError('SHAPE_MISMATCH', `row ${i} has ${r.length} values, ${expected}`, { fn, arg, value: r.length, row: i });
      for (let j = 0; j < cols; j++) {
        const v: unknown = r[j];
        if (typeof v !== 'number')
          throw new XaiError('BAD_INPUT', `cell (${i}, ${j}) is ${describeValue(v)}, expected a number`, {
            fn,
            arg,
            value: v,
            row: i,
            col: j,
          });
        data[i * cols + j] = v;
      }
    }
    return { rows, cols, data };
  }
  if (value !== null && typeof value === 'object' && 'data' in value && 'rows' in value && 'cols' in value) {
    const m = value as AnyMatrix;
    if (!isNumericArray(m.data))
      throw new XaiError('BAD_INPUT', `returned ${kindOf(m)}, expected numeric typed-array data`, { fn, arg, value: kindOf(m) });
    if (m.rows !== rows || m.cols !== cols)
      throw new XaiError('SHAPE_MISMATCH', `returned ${m.data.constructor.name} ${String(m.rows)}x${String(m.cols)}, ${expected}`, {
        fn,
        arg,
        value: [m.rows, m.cols],
      });
    const stride = m.stride ?? cols;
    const offset = m.offset ?? 0;
    if (rows > 0 && offset + (rows - 1) * stride + cols > m.data.length)
      throw new XaiError(
        'SHAPE_MISMATCH',
        `returned ${m.data.constructor.name} of length ${m.data.length}, too short for ${rows}x${cols} (stride ${stride}, offset ${offset})`,
        { fn, arg, value: m.data.length },
      );
    if (m.data instanceof Float64Array) return m as Matrix;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = m.data[offset + i * stride + j]!;
    return { rows, cols, data };
  }
  throw new XaiError(
    'BAD_INPUT',
    `returned ${kindOf(value)}, expected a ${rows}x${cols} matrix (a Matrix over a typed array, rows of numbers, or a flat typed array)`,
    { fn, arg, value: kindOf(value) },
  );
}

const checked = new WeakSet<object>();

/** True for regression / single-value models (`output: 'value'`). @since 0.2.0 */
export function isValueModel(model: Model): boolean {
  return model.output === 'value';
}

/**
 * The default explanation target of each row: the predicted class (argmax of the
 * probabilities) for a classifier, output 0 for a value (regression) model.
 * @since 0.2.0
 */
export function defaultTargets(model: Model, x: Matrix): Int32Array {
  if (isValueModel(model)) return new Int32Array(x.rows);
  return argmaxRows(model.predictProba(x));
}

/** How far probability rows may stray from [0, 1] and from summing to 1 (unless the model says otherwise). */
export const PROBABILITY_TOLERANCE = 1e-5;

/**
 * A fresh Float64 copy unless the model handed back the caller's own `out` buffer, or the
 * caller gave an `out` (copyInto then copies into it: a second copy would be thrown away).
 */
function owned(m: Matrix, returned: unknown, out: Matrix | undefined): Matrix {
  if (out !== undefined) return m;
  if (m !== returned && m.data !== (returned as { data?: unknown } | null)?.data) return m; // converted: already a copy
  const data = new Float64Array(m.rows * m.cols);
  copyRows(m, data, 0, m.cols);
  return { rows: m.rows, cols: m.cols, data };
}

/** Copies src's rows into dst from element `at` with row stride `stride`: one block when both are dense. */
function copyRows(src: Matrix, dst: Float64Array, at: number, stride: number): void {
  const { rows, cols } = src;
  const ss = strideOf(src);
  const so = src.offset ?? 0;
  if (ss === cols && stride === cols) {
    dst.set(src.data.subarray(so, so + rows * cols), at);
    return;
  }
  // narrow rows (a few classes): element copies, no view allocated per row
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) dst[at + i * stride + j] = src.data[so + i * ss + j]!;
}

function copyInto(src: Matrix, out: Matrix | undefined): Matrix {
  if (out === undefined || out.data === src.data) return src;
  copyRows(src, out.data, out.offset ?? 0, strideOf(out));
  return out;
}

/**
 * The model boundary: a view of `model` whose every output is a checked Float64 matrix —
 * typed-array outputs (Float32 from ONNX Runtime / tfjs) are converted once, shapes are
 * checked with messages naming what came back, probabilities are validated (rows sum to 1,
 * in [0, 1], within `model.probabilityTolerance` or {@link PROBABILITY_TOLERANCE}) unless the
 * model is `output: 'value'`, whose outputs must only be finite; logits, gradients and hidden
 * layers must be finite. Inputs (`x` has `inputDim` columns, `out` the right shape, targets
 * in range) are checked too. Outputs are the caller's own (a model that reuses its output
 * buffer cannot change an earlier result). Idempotent; missing optional methods stay
 * missing; every other property and method of the model is forwarded to it (getters and
 * `#private` state work; frozen and class-based models are fine).
 * @example const m = checkedModel({ inputDim: 2, classes: 2, predictProba: (x) => ortRun(x) }, 'myTool');
 * @since 0.2.0
 */
export function checkedModel<M extends Model>(model: M, fn: string): M {
  if (model !== null && typeof model === 'object' && checked.has(model)) return model;
  const facts = modelFacts(model, fn);
  const proxy = forwardingProxy(model, outputOverrides(model, fn, facts));
  checked.add(proxy);
  return proxy;
}

/** What the boundary checks against: input width, outputs, value or classifier, tolerance. */
interface ModelFacts {
  readonly d: number;
  readonly c: number;
  readonly value: boolean;
  readonly tolerance: number;
}

/** The model's own declarations, each checked with an error naming the bad field. */
function modelFacts(model: Model, fn: string): ModelFacts {
  if (model === null || typeof model !== 'object') throw notAModelError(model, fn, 'model');
  const d = model.inputDim;
  const c = model.classes;
  if (!Number.isInteger(d) || d < 1)
    throw new XaiError('BAD_INPUT', `model.inputDim must be a positive integer, got ${describeValue(d)}`, {
      fn,
      arg: 'model.inputDim',
      value: d,
    });
  if (!Number.isInteger(c) || c < 1)
    throw new XaiError('BAD_INPUT', `model.classes must be a positive integer, got ${describeValue(c)}`, {
      fn,
      arg: 'model.classes',
      value: c,
    });
  if (typeof model.predictProba !== 'function')
    throw new XaiError('BAD_INPUT', `model.predictProba must be a function${modelAdapterHint(model)}`, {
      fn,
      arg: 'model.predictProba',
      value: model.predictProba,
    });
  if (model.output !== undefined && model.output !== 'probabilities' && model.output !== 'value') {
    throw new XaiError('BAD_INPUT', `model.output must be 'probabilities' or 'value', got ${describeValue(model.output)}`, {
      fn,
      arg: 'model.output',
      value: model.output,
    });
  }
  const value = isValueModel(model);
  if (!value && c < 2)
    throw new XaiError('BAD_INPUT', `a classifier needs at least 2 classes, got ${c} (a single-output model is output: 'value')`, {
      fn,
      arg: 'model.classes',
      value: c,
    });
  const tolerance =
    typeof model.probabilityTolerance === 'number' && model.probabilityTolerance > 0 ? model.probabilityTolerance : PROBABILITY_TOLERANCE;
  return { d, c, value, tolerance };
}

/** Shared pieces of every checked method: its error name and the checks of `x` and `out`. */
interface MethodChecks {
  readonly name: (method: string) => string;
  readonly checkX: (x: Matrix, method: string) => void;
  readonly checkOut: (out: Matrix | undefined, rows: number, cols: number, method: string) => void;
}

/** The checked versions of predictProba and of whichever of logits, inputGradient, hidden the model has. */
function outputOverrides(model: Model, fn: string, facts: ModelFacts): Record<string | symbol, unknown> {
  const name = (m: string): string => `${fn} → model.${m}`;
  const checks: MethodChecks = {
    name,
    checkX: (x, method) => assertMatrix(x, name(method), 'x', { cols: facts.d }),
    checkOut: (out, rows, cols, method) => {
      if (out !== undefined) assertMatrix(out, name(method), 'out', { rows, cols });
    },
  };
  const overrides: Record<string | symbol, unknown> = { predictProba: checkedPredict(model, facts, checks) };
  if (typeof model.logits === 'function') overrides.logits = checkedLogits(model, model.logits, facts, checks);
  if (typeof model.inputGradient === 'function') overrides.inputGradient = checkedGradient(model, model.inputGradient, facts, checks);
  if (typeof model.hidden === 'function') overrides.hidden = checkedHidden(model, model.hidden, checks);
  return overrides;
}

function checkedPredict(model: Model, facts: ModelFacts, k: MethodChecks): Model['predictProba'] {
  const { c, value, tolerance } = facts;
  return (x: Matrix, out?: Matrix): Matrix => {
    k.checkX(x, 'predictProba');
    k.checkOut(out, x.rows, c, 'predictProba');
    const returned = model.predictProba(x, out);
    const p = owned(toFloat64Matrix(returned, x.rows, c, k.name('predictProba'), value ? 'values' : 'probabilities'), returned, out);
    if (value) assertFinite(p, k.name('predictProba'), 'values');
    else assertProbabilities(p, x.rows, c, k.name('predictProba'), tolerance);
    return copyInto(p, out);
  };
}

function checkedLogits(model: Model, logits: NonNullable<Model['logits']>, facts: ModelFacts, k: MethodChecks): Model['logits'] {
  const c = facts.c;
  return (x: Matrix, out?: Matrix): Matrix => {
    k.checkX(x, 'logits');
    k.checkOut(out, x.rows, c, 'logits');
    const returned = logits.call(model, x, out);
    const z = owned(toFloat64Matrix(returned, x.rows, c, k.name('logits'), 'logits'), returned, out);
    assertFinite(z, k.name('logits'), 'logits');
    return copyInto(z, out);
  };
}

function checkedGradient(
  model: Model,
  grad: NonNullable<Model['inputGradient']>,
  facts: ModelFacts,
  k: MethodChecks,
): Model['inputGradient'] {
  const d = facts.d;
  return (x: Matrix, targets: Int32Array, options?: InputGradientOptions): Matrix => {
    k.checkX(x, 'inputGradient');
    k.checkOut(options?.out, x.rows, d, 'inputGradient');
    checkTargets(targets, x.rows, facts.c, k.name('inputGradient'));
    const returned = grad.call(model, x, targets, options);
    const g = owned(toFloat64Matrix(returned, x.rows, d, k.name('inputGradient'), 'gradient'), returned, options?.out);
    assertFinite(g, k.name('inputGradient'), 'gradient');
    return copyInto(g, options?.out);
  };
}

/** One output index in [0, c) per row. */
function checkTargets(targets: Int32Array, rows: number, c: number, fn: string): void {
  if (targets === null || typeof targets !== 'object' || targets.length !== rows) {
    throw new XaiError('SHAPE_MISMATCH', `targets must hold one class per row (${rows}), got ${describeValue(targets)}`, {
      fn,
      arg: 'targets',
      value: targets,
    });
  }
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    if (!Number.isInteger(t) || t < 0 || t >= c)
      throw new XaiError('BAD_INPUT', `targets[${i}] = ${describeValue(t)} is not an output index in [0, ${c})`, {
        fn,
        arg: 'targets',
        value: t,
        row: i,
      });
  }
}

function checkedHidden(model: Model, hidden: NonNullable<Model['hidden']>, k: MethodChecks): Model['hidden'] {
  return (x: Matrix, options?: HiddenOptions): Matrix => {
    k.checkX(x, 'hidden');
    const returned = hidden.call(model, x, options) as unknown;
    const cols = Array.isArray(returned)
      ? ((returned[0] as ArrayLike<number> | undefined)?.length ?? 0)
      : returned !== null && typeof returned === 'object' && 'cols' in returned
        ? (returned as { cols: number }).cols
        : NaN;
    k.checkOut(options?.out, x.rows, cols, 'hidden');
    const h = owned(toFloat64Matrix(returned, x.rows, cols, k.name('hidden'), 'hidden'), returned, options?.out);
    assertFinite(h, k.name('hidden'), 'hidden');
    return copyInto(h, options?.out);
  };
}

/**
 * A proxy over an empty target: no invariant ties it to the model's own (possibly frozen,
 * getter-only or #private) properties. Everything not overridden is read from the model with
 * the model as receiver, and methods are bound to it.
 */
function forwardingProxy<M extends Model>(model: M, overrides: Record<string | symbol, unknown>): M {
  return new Proxy(Object.create(null) as object, {
    get(_, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key];
      const v = Reflect.get(model, key, model) as unknown;
      return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(model) : v;
    },
    has: (_, key) => Object.hasOwn(overrides, key) || Reflect.has(model, key),
    getPrototypeOf: () => Reflect.getPrototypeOf(model), // instanceof keeps working
    set: (_, key, v) => Reflect.set(model, key, v, model),
    ownKeys: () => [...new Set([...Reflect.ownKeys(model), ...Reflect.ownKeys(overrides)])],
    getOwnPropertyDescriptor(_, key) {
      if (Object.hasOwn(overrides, key)) return { value: overrides[key], writable: false, enumerable: true, configurable: true };
      const desc = Reflect.getOwnPropertyDescriptor(model, key);
      return desc === undefined ? undefined : { ...desc, configurable: true };
    },
  }) as M;
}

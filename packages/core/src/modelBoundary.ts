import { XaiError, describeValue } from './errors.js';
import type { Matrix } from './matrix.js';
import { assertFinite, strideOf } from './matrix.js';
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
    const data = m.data === undefined ? 'no data' : ArrayBuffer.isView(m.data) ? m.data.constructor.name : Array.isArray(m.data) ? 'array' : typeof m.data;
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
    throw new XaiError('NOT_SUPPORTED', "returned a Promise; core's Model is synchronous (await the runtime outside, or use an async adapter that batches)", { fn, arg, value: 'Promise' });
  }
  const expected = `expected ${rows}x${cols}`;
  if (isNumericArray(value)) {
    if (value.length !== rows * cols) throw new XaiError('SHAPE_MISMATCH', `returned ${value.constructor.name} of length ${value.length}, ${expected} (${rows * cols} values)`, { fn, arg, value: value.length });
    return { rows, cols, data: value instanceof Float64Array ? value : Float64Array.from(value) };
  }
  if (Array.isArray(value)) {
    if (value.length !== rows) throw new XaiError('SHAPE_MISMATCH', `returned ${value.length} rows, ${expected}`, { fn, arg, value: value.length });
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) {
      const r: unknown = value[i];
      if (!Array.isArray(r) && !isNumericArray(r)) throw new XaiError('BAD_INPUT', `row ${i} is ${kindOf(r)}, expected an array of ${cols} numbers`, { fn, arg, value: kindOf(r), row: i });
      if (r.length !== cols) throw new XaiError('SHAPE_MISMATCH', `row ${i} has ${r.length} values, ${expected}`, { fn, arg, value: r.length, row: i });
      for (let j = 0; j < cols; j++) {
        const v: unknown = r[j];
        if (typeof v !== 'number') throw new XaiError('BAD_INPUT', `cell (${i}, ${j}) is ${describeValue(v)}, expected a number`, { fn, arg, value: v, row: i, col: j });
        data[i * cols + j] = v;
      }
    }
    return { rows, cols, data };
  }
  if (value !== null && typeof value === 'object' && 'data' in value && 'rows' in value && 'cols' in value) {
    const m = value as AnyMatrix;
    if (!isNumericArray(m.data)) throw new XaiError('BAD_INPUT', `returned ${kindOf(m)}, expected numeric typed-array data`, { fn, arg, value: kindOf(m) });
    if (m.rows !== rows || m.cols !== cols) throw new XaiError('SHAPE_MISMATCH', `returned ${m.data.constructor.name} ${String(m.rows)}x${String(m.cols)}, ${expected}`, { fn, arg, value: [m.rows, m.cols] });
    const stride = m.stride ?? cols;
    const offset = m.offset ?? 0;
    if (rows > 0 && offset + (rows - 1) * stride + cols > m.data.length) throw new XaiError('SHAPE_MISMATCH', `returned ${m.data.constructor.name} of length ${m.data.length}, too short for ${rows}x${cols} (stride ${stride}, offset ${offset})`, { fn, arg, value: m.data.length });
    if (m.data instanceof Float64Array) return m as Matrix;
    const data = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = m.data[offset + i * stride + j]!;
    return { rows, cols, data };
  }
  throw new XaiError('BAD_INPUT', `returned ${kindOf(value)}, expected a ${rows}x${cols} matrix (a Matrix over a typed array, rows of numbers, or a flat typed array)`, { fn, arg, value: kindOf(value) });
}

const CHECKED: unique symbol = Symbol.for('@xai/core.checkedModel');

/** True for regression / single-value models (`output: 'value'`). */
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

/**
 * The model boundary: a view of `model` whose every output is a checked Float64 matrix —
 * typed-array outputs (Float32 from ONNX Runtime / tfjs) are converted once, shapes are
 * checked with messages naming what came back, probabilities are validated (rows sum to 1,
 * in [0, 1]) unless the model is `output: 'value'`, whose outputs must only be finite.
 * Idempotent (a checked model is returned as is); missing optional methods stay missing.
 * @example const m = checkedModel({ inputDim: 2, classes: 2, predictProba: (x) => ortRun(x) }, 'myTool');
 * @since 0.2.0
 */
export function checkedModel<M extends Model>(model: M, fn: string): M {
  if ((model as unknown as Record<symbol, unknown>)[CHECKED] === true) return model;
  if (model === null || typeof model !== 'object') throw new XaiError('BAD_INPUT', `expected a Model {inputDim, classes, predictProba}, got ${describeValue(model)}`, { fn, arg: 'model', value: model });
  if (!Number.isInteger(model.inputDim) || model.inputDim < 1) throw new XaiError('BAD_INPUT', `model.inputDim must be a positive integer, got ${describeValue(model.inputDim)}`, { fn, arg: 'model.inputDim', value: model.inputDim });
  if (!Number.isInteger(model.classes) || model.classes < 1) throw new XaiError('BAD_INPUT', `model.classes must be a positive integer, got ${describeValue(model.classes)}`, { fn, arg: 'model.classes', value: model.classes });
  if (typeof model.predictProba !== 'function') throw new XaiError('BAD_INPUT', 'model.predictProba must be a function', { fn, arg: 'model.predictProba', value: model.predictProba });
  const value = isValueModel(model);
  if (!value && model.classes < 2) throw new XaiError('BAD_INPUT', `a classifier needs at least 2 classes, got ${model.classes} (a single-output model is output: 'value')`, { fn, arg: 'model.classes', value: model.classes });
  const c = model.classes;
  const d = model.inputDim;
  const name = (m: string): string => `${fn} → model.${m}`;
  const copyInto = (src: Matrix, out: Matrix | undefined): Matrix => {
    if (out === undefined || out === src) return src;
    const os = strideOf(out);
    const ss = strideOf(src);
    for (let i = 0; i < src.rows; i++) for (let j = 0; j < src.cols; j++) out.data[(out.offset ?? 0) + i * os + j] = src.data[(src.offset ?? 0) + i * ss + j]!;
    return out;
  };
  const wrapped: Model = {
    inputDim: d,
    classes: c,
    ...(model.output !== undefined ? { output: model.output } : {}),
    predictProba(x: Matrix, out?: Matrix): Matrix {
      const p = toFloat64Matrix(model.predictProba(x, out), x.rows, c, name('predictProba'), value ? 'values' : 'probabilities');
      if (value) assertFinite(p, name('predictProba'), 'values');
      else assertProbabilities(p, x.rows, c, name('predictProba'), 1e-5);
      return copyInto(p, out);
    },
  };
  const w = wrapped as { -readonly [K in keyof Model]: Model[K] };
  if (typeof model.logits === 'function') {
    const logits = model.logits.bind(model);
    w.logits = (x: Matrix, out?: Matrix): Matrix => copyInto(toFloat64Matrix(logits(x, out), x.rows, c, name('logits'), 'logits'), out);
  }
  if (typeof model.inputGradient === 'function') {
    const grad = model.inputGradient.bind(model);
    w.inputGradient = (x: Matrix, targets: Int32Array, options?: InputGradientOptions): Matrix => {
      const g = toFloat64Matrix(grad(x, targets, options), x.rows, d, name('inputGradient'), 'gradient');
      return copyInto(g, options?.out);
    };
  }
  if (typeof model.hidden === 'function') {
    const hidden = model.hidden.bind(model);
    w.hidden = (x: Matrix, options?: HiddenOptions): Matrix => {
      const h = hidden(x, options) as unknown;
      const cols = h !== null && typeof h === 'object' && 'cols' in h ? (h as { cols: number }).cols : NaN;
      return copyInto(toFloat64Matrix(h, x.rows, cols, name('hidden'), 'hidden'), options?.out);
    };
  }
  // Keep everything else the model carries (kind, layers, metadata, gradientSource, ...).
  const out = Object.assign(Object.create(model) as object, wrapped) as M;
  Object.defineProperty(out, CHECKED, { value: true });
  return out;
}

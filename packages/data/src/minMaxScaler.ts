import type { Matrix } from '@xai/core';
import { XaiError, checkOptions, assertFinite, assertMatrix, describeValue, strideOf } from '@xai/core';

/** Serialised scaler: plain JSON, written beside models and reports. */
export interface MinMaxScalerJson {
  readonly format: 'xai-minmax@1';
  readonly min: readonly number[];
  readonly max: readonly number[];
  readonly clip: boolean;
  readonly featureNames?: readonly string[];
}

/**
 * A fitted min-max scaler, `(x - min) / (max - min)` per column (scikit-learn's
 * MinMaxScaler with feature_range (0, 1)). A constant column has range 0 and is scaled by
 * 1 instead, so its training values map to 0 and nothing is divided by zero.
 */
export interface MinMaxScaler {
  readonly kind: 'minmax';
  readonly min: Float64Array;
  readonly max: Float64Array;
  /** Clip transformed values into [0, 1] (off by default, as in scikit-learn). */
  readonly clip: boolean;
  readonly featureNames?: readonly string[];
  /** Scales `x` (n x d) into `out` (a new matrix unless given; may be `x` itself). */
  transform(x: Matrix, out?: Matrix): Matrix;
  /** Maps scaled values back to the original units. */
  inverseTransform(x: Matrix, out?: Matrix): Matrix;
  toJSON(): MinMaxScalerJson;
}

export interface FitMinMaxScalerOptions {
  readonly featureNames?: readonly string[];
  /** @defaultValue false */
  readonly clip?: boolean;
}

function apply(
  fn: string,
  x: Matrix,
  out: Matrix | undefined,
  shift: Float64Array,
  factor: Float64Array,
  inverse: boolean,
  clip: boolean,
): Matrix {
  assertMatrix(x, fn, 'x', { cols: shift.length });
  const target = out ?? { rows: x.rows, cols: x.cols, data: new Float64Array(x.rows * x.cols) };
  if (out !== undefined) assertMatrix(out, fn, 'out', { rows: x.rows, cols: x.cols });
  const sx = strideOf(x);
  const so = strideOf(target);
  const ox = x.offset ?? 0;
  const oo = target.offset ?? 0;
  const d = x.cols;
  for (let i = 0; i < x.rows; i++) {
    const px = ox + i * sx;
    const po = oo + i * so;
    if (inverse) {
      for (let j = 0; j < d; j++) target.data[po + j] = x.data[px + j]! / factor[j]! + shift[j]!;
    } else if (clip) {
      for (let j = 0; j < d; j++) {
        const v = (x.data[px + j]! - shift[j]!) * factor[j]!;
        target.data[po + j] = v < 0 ? 0 : Math.min(v, 1);
      }
    } else {
      for (let j = 0; j < d; j++) target.data[po + j] = (x.data[px + j]! - shift[j]!) * factor[j]!;
    }
  }
  return target;
}

function build(min: Float64Array, max: Float64Array, clip: boolean, featureNames: readonly string[] | undefined): MinMaxScaler {
  const factor = new Float64Array(min.length);
  for (let j = 0; j < min.length; j++) {
    const range = max[j]! - min[j]!;
    factor[j] = range > 0 ? 1 / range : 1;
  }
  return Object.freeze({
    kind: 'minmax' as const,
    min,
    max,
    clip,
    ...(featureNames ? { featureNames } : {}),
    transform: (x: Matrix, out?: Matrix) => apply('MinMaxScaler.transform', x, out, min, factor, false, clip),
    inverseTransform: (x: Matrix, out?: Matrix) => apply('MinMaxScaler.inverseTransform', x, out, min, factor, true, false),
    toJSON: (): MinMaxScalerJson => ({
      format: 'xai-minmax@1',
      min: Array.from(min),
      max: Array.from(max),
      clip,
      ...(featureNames ? { featureNames: [...featureNames] } : {}),
    }),
  });
}

/**
 * Fits a min-max scaler on `x` (the training rows) for use on any later data.
 * @example const s = fitMinMaxScaler(train.x); const test01 = s.transform(test.x)
 * @since 0.1.0
 */
export function fitMinMaxScaler(x: Matrix, options: FitMinMaxScalerOptions = {}): MinMaxScaler {
  checkOptions(options, ['featureNames', 'clip'], 'fitMinMaxScaler');
  const fn = 'fitMinMaxScaler';
  assertMatrix(x, fn, 'x');
  if (x.rows === 0) throw new XaiError('EMPTY', 'cannot fit a scaler on zero rows', { fn, arg: 'x', value: 0 });
  assertFinite(x, fn, 'x');
  const { featureNames, clip = false } = options;
  if (featureNames !== undefined && featureNames.length !== x.cols)
    throw new XaiError('SHAPE_MISMATCH', `${featureNames.length} feature names for ${x.cols} columns`, {
      fn,
      arg: 'featureNames',
      value: featureNames.length,
    });
  const min = new Float64Array(x.cols).fill(Infinity);
  const max = new Float64Array(x.cols).fill(-Infinity);
  const s = strideOf(x);
  const o = x.offset ?? 0;
  for (let i = 0; i < x.rows; i++) {
    const p = o + i * s;
    for (let j = 0; j < x.cols; j++) {
      const v = x.data[p + j]!;
      if (v < min[j]!) min[j] = v;
      if (v > max[j]!) max[j] = v;
    }
  }
  return build(min, max, clip, featureNames ? [...featureNames] : undefined);
}

/**
 * Rebuilds a scaler from {@link MinMaxScaler.toJSON} output, validating it.
 * @since 0.1.0
 */
export function minMaxScalerFromJson(json: unknown): MinMaxScaler {
  const fn = 'minMaxScalerFromJson';
  const j = json as Partial<MinMaxScalerJson> | null;
  if (j === null || typeof j !== 'object' || j.format !== 'xai-minmax@1')
    throw new XaiError('BAD_INPUT', `expected an object with format 'xai-minmax@1', got ${describeValue(json)}`, {
      fn,
      arg: 'json',
      value: j?.format,
    });
  const { min, max, clip, featureNames } = j;
  if (!Array.isArray(min) || !Array.isArray(max) || min.length !== max.length)
    throw new XaiError('BAD_INPUT', 'min and max must be arrays of equal length', { fn, arg: 'json', value: [min?.length, max?.length] });
  for (let k = 0; k < min.length; k++) {
    if (!Number.isFinite(min[k]) || !Number.isFinite(max[k]) || min[k]! > max[k]!)
      throw new XaiError('BAD_INPUT', `column ${k}: min ${describeValue(min[k])} / max ${describeValue(max[k])} invalid`, {
        fn,
        arg: 'json',
        value: k,
      });
  }
  if (featureNames !== undefined && (!Array.isArray(featureNames) || featureNames.length !== min.length))
    throw new XaiError('BAD_INPUT', 'featureNames must have one name per column', { fn, arg: 'json.featureNames', value: featureNames });
  return build(Float64Array.from(min), Float64Array.from(max), clip === true, featureNames ? [...featureNames] : undefined);
}

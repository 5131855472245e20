import { XaiError, describeValue } from './errors.js';
import { type Matrix, assertMatrix, strideOf } from './matrix.js';

/**
 * Per-feature units for perturbation noise and distances. A method that draws noise of
 * standard deviation `σ` draws `σ · scale[j]` on feature `j`, and measures distances in
 * `x[j] / scale[j]`. All ones (the default everywhere) is the released OpenXAI convention:
 * absolute constants that assume features in [0, 1].
 * @since 0.3.0
 */
export type FeatureScale = Float64Array;

/**
 * Each column's range `max − min` over `train`'s rows, the spread every scale-aware method uses.
 * A constant column gets 1, the rule of the min-max scaler, so on data min-max scaled on the
 * same rows every scale is exactly 1 and scale-aware noise equals the absolute constants; and
 * noise on raw columns equals noise drawn on their min-max scaled copy, mapped back.
 * @example const scale = featureRanges(train); // then { featureScale: scale } on an explainer or metric
 * @since 0.3.0
 */
export function featureRanges(train: Matrix): FeatureScale {
  assertMatrix(train, 'featureRanges', 'train');
  if (train.rows === 0) throw new XaiError('EMPTY', 'needs at least one training row', { fn: 'featureRanges', arg: 'train' });
  const d = train.cols;
  const lo = new Float64Array(d).fill(Infinity);
  const hi = new Float64Array(d).fill(-Infinity);
  const stride = strideOf(train);
  const offset = train.offset ?? 0;
  for (let i = 0; i < train.rows; i++) {
    const p = offset + i * stride;
    for (let j = 0; j < d; j++) {
      const v = train.data[p + j]!;
      if (!Number.isFinite(v)) {
        throw new XaiError('NON_FINITE', `row ${i}, column ${j} is ${v}`, { fn: 'featureRanges', arg: 'train', value: v });
      }
      if (v < lo[j]!) lo[j] = v;
      if (v > hi[j]!) hi[j] = v;
    }
  }
  const scale = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const range = hi[j]! - lo[j]!;
    scale[j] = range > 0 ? range : 1;
  }
  return scale;
}

/**
 * Checks a `featureScale` option: undefined (absolute units), or `d` positive finite numbers.
 * Returns a Float64Array copy, or undefined when absent.
 * @since 0.3.0
 */
export function checkFeatureScale(value: unknown, d: number, fn: string, arg = 'featureScale'): FeatureScale | undefined {
  if (value === undefined) return undefined;
  const ok = ArrayBuffer.isView(value) || Array.isArray(value);
  const v = value as ArrayLike<unknown>;
  if (!ok || v.length !== d) {
    const got = ok ? `${v.length} values` : describeValue(value);
    throw new XaiError('BAD_OPTION', `expected ${d} per-feature scales (one per column), got ${got}`, { fn, arg, value });
  }
  const out = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const s = v[j];
    if (typeof s !== 'number' || !(s > 0) || !Number.isFinite(s)) {
      throw new XaiError('BAD_OPTION', `scale ${j} must be a positive finite number, got ${describeValue(s)}`, {
        fn,
        arg: `${arg}[${j}]`,
        value: s,
      });
    }
    out[j] = s;
  }
  return out;
}

/** True when every scale is 1 (absolute units), so callers can keep their fast path. @since 0.3.0 */
export function isUnitScale(scale: FeatureScale | undefined): boolean {
  if (scale === undefined) return true;
  for (let j = 0; j < scale.length; j++) if (scale[j] !== 1) return false;
  return true;
}

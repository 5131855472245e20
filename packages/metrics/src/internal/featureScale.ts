// The `featureScale` and `keys` options of the metrics that draw input noise or measure
// input distances, and the scaled distances they use. Unchecked kernels after the checks.
import type { FeatureScale } from '@xai/core';
import { XaiError, checkFeatureScale, describeValue, isUnitScale } from '@xai/core';

/** The validated scale, or null when absent or all ones (the absolute-units path, unchanged). */
export function resolveFeatureScale(fn: string, value: unknown, d: number, arg = 'featureScale'): FeatureScale | null {
  const scale = checkFeatureScale(value, d, fn, arg);
  return scale === undefined || isUnitScale(scale) ? null : scale;
}

/** Per-instance stream keys in place of the rows' content hashes, or null when absent. */
export function resolveKeys(fn: string, value: unknown, n: number, arg = 'keys'): Float64Array | null {
  if (value === undefined) return null;
  const ok = ArrayBuffer.isView(value) || Array.isArray(value);
  const v = value as ArrayLike<unknown>;
  if (!ok || v.length !== n) {
    throw new XaiError('BAD_OPTION', `expected ${n} keys (one per instance), got ${ok ? `${v.length} values` : describeValue(value)}`, {
      fn,
      arg,
      value,
    });
  }
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const k = v[i];
    if (typeof k !== 'number' || !Number.isFinite(k))
      throw new XaiError('BAD_OPTION', `key ${i} must be a finite number, got ${describeValue(k)}`, { fn, arg: `${arg}[${i}]`, value: k });
    out[i] = k;
  }
  return out;
}

/** ||a[ao..) / s||_p over len entries. */
export function scaledPnorm(a: Float64Array, ao: number, len: number, p: number, s: FeatureScale): number {
  let acc = 0;
  if (p === Infinity) {
    for (let j = 0; j < len; j++) acc = Math.max(acc, Math.abs(a[ao + j]! / s[j]!));
    return acc;
  }
  for (let j = 0; j < len; j++) acc += Math.abs(a[ao + j]! / s[j]!) ** p;
  return acc ** (1 / p);
}

/** ||(a[ao..) − b[bo..)) / s||_p over len entries. */
export function scaledPnormDiff(a: Float64Array, ao: number, b: Float64Array, bo: number, len: number, p: number, s: FeatureScale): number {
  let acc = 0;
  if (p === Infinity) {
    for (let j = 0; j < len; j++) acc = Math.max(acc, Math.abs((a[ao + j]! - b[bo + j]!) / s[j]!));
    return acc;
  }
  for (let j = 0; j < len; j++) acc += Math.abs((a[ao + j]! - b[bo + j]!) / s[j]!) ** p;
  return acc ** (1 / p);
}

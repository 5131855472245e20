// The `featureScale` option of the explainers that draw input noise or measure input
// distances: validated once in the factory, matched to the model's width at explain time.
import type { FeatureScale } from '@xai/core';
import { XaiError, checkFeatureScale, isUnitScale } from '@xai/core';

/**
 * The validated scale, or null when absent or all ones: null keeps every kernel on its
 * absolute-units path, so a unit scale gives exactly today's numbers.
 */
export function featureScaleOption(fn: string, value: unknown): FeatureScale | null {
  if (value === undefined) return null;
  const length = (value as { length?: unknown } | null)?.length;
  // Not array-like (or a DataView): -1 makes checkFeatureScale reject it by name.
  const d = (ArrayBuffer.isView(value) || Array.isArray(value)) && typeof length === 'number' ? length : -1;
  const scale = checkFeatureScale(value, d, fn);
  return isUnitScale(scale) ? null : (scale ?? null);
}

/** The scale again, after checking it has one entry per model input. */
export function scaleForWidth(fn: string, scale: FeatureScale | null, d: number): FeatureScale | null {
  if (scale !== null && scale.length !== d) {
    throw new XaiError('SHAPE_MISMATCH', `featureScale has ${scale.length} values, the model takes ${d} features`, {
      fn,
      arg: 'featureScale',
      value: scale.length,
    });
  }
  return scale;
}

/** The scale as a plain array for a config record (absent when null, so unit-scale configs stay as they were). */
export function scaleRecord(scale: FeatureScale | null): { readonly featureScale?: readonly number[] } {
  return scale === null ? {} : { featureScale: Array.from(scale) };
}

/** Multiplies each row's noise (rows of d values in out[from, to)) by the per-feature scale. */
export function scaleNoise(out: Float64Array, from: number, to: number, scale: FeatureScale): void {
  const d = scale.length;
  for (let o = from; o < to; o += d) for (let j = 0; j < d; j++) out[o + j] = out[o + j]! * scale[j]!;
}

// Background rows of the Shapley-family explainers (KernelSHAP, exact Shapley, permutation
// SHAP, Gradient SHAP): absent features take their values.
import type { FeatureScale, Matrix } from '@xai/core';
import { assertFinite, assertMatrix, contiguous, describeValue, intOption, substream, XaiError } from '@xai/core';
import { columnMeans } from './common.js';
import { kMeansSummary } from './kMeansSummary.js';
import { vectorOption } from './validate.js';

/** What a caller may pass as `background`. */
export type BackgroundOption = 'zeros' | 'mean' | 'sample' | 'kmeans' | Float64Array | readonly number[] | Matrix;

/** The kind of a resolved background, for reports. */
export type BackgroundKind = 'zeros' | 'mean' | 'sample' | 'kmeans' | 'vector' | 'matrix';

/** The background size: the caller's (validated), else the preset default for a sampled or a k-means background. */
export function backgroundSize(
  fn: string,
  option: BackgroundOption,
  given: number | undefined,
  defaults: { readonly sample: number; readonly kmeans: number },
): number {
  if (given !== undefined) return intOption(given, fn, 'backgroundSize', { min: 1 });
  return option === 'sample' ? defaults.sample : defaults.kmeans;
}

/**
 * Resolves a background option; `seed` drives the k-means / sample draws (stream names kept
 * from KernelSHAP); `scale` (null: absolute) sets the units of the k-means distances.
 */
export function resolveBackground(
  fn: string,
  option: BackgroundOption,
  train: Matrix | undefined,
  size: number,
  seed: number,
  scale: FeatureScale | null = null,
): { kind: BackgroundKind; rows: Matrix | null; weights: Float64Array | null } {
  if (option === 'zeros') return { kind: 'zeros', rows: null, weights: null };
  if (option === 'mean' || option === 'sample' || option === 'kmeans') {
    if (train === undefined) {
      throw new XaiError(
        'BAD_OPTION',
        `background '${option}' needs the training features: pass { train }, or choose background 'zeros' or a vector`,
        { fn, arg: 'background', value: option },
      );
    }
    if (option === 'mean') return { kind: 'mean', rows: { rows: 1, cols: train.cols, data: columnMeans(train) }, weights: null };
    const t = contiguous(train);
    if (option === 'kmeans') {
      if (scale !== null && scale.length !== train.cols) {
        throw new XaiError('SHAPE_MISMATCH', `featureScale has ${scale.length} values, train has ${train.cols} columns`, {
          fn,
          arg: 'featureScale',
          value: scale.length,
        });
      }
      const s = kMeansSummary(t.data, train.rows, train.cols, size, substream(seed, 'kernelshap-kmeans'), scale);
      return { kind: 'kmeans', rows: { rows: s.rows, cols: train.cols, data: s.data }, weights: s.weights };
    }
    const k = Math.min(size, train.rows);
    const pick = substream(seed, 'kernelshap-background').choice(train.rows, k);
    const data = new Float64Array(k * train.cols);
    for (let r = 0; r < k; r++) data.set(t.data.subarray(pick[r]! * train.cols, (pick[r]! + 1) * train.cols), r * train.cols);
    return { kind: 'sample', rows: { rows: k, cols: train.cols, data }, weights: null };
  }
  if (option instanceof Float64Array || Array.isArray(option)) {
    const v = vectorOption(fn, 'background', option);
    return { kind: 'vector', rows: { rows: 1, cols: v.length, data: v }, weights: null };
  }
  if (option !== null && typeof option === 'object' && 'data' in option) {
    try {
      assertMatrix(option, fn, 'background');
      assertFinite(option, fn, 'background');
    } catch (e) {
      if (e instanceof XaiError) throw new XaiError('BAD_OPTION', e.message, { ...e.details, fn, arg: 'background' });
      throw e;
    }
    if (option.rows < 1) throw new XaiError('BAD_OPTION', 'background has no rows', { fn, arg: 'background', value: 0 });
    return { kind: 'matrix', rows: contiguous(option, true), weights: null };
  }
  throw new XaiError('BAD_OPTION', `expected 'zeros', 'mean', 'sample', 'kmeans', a vector or a Matrix, got ${describeValue(option)}`, {
    fn,
    arg: 'background',
    value: option,
  });
}

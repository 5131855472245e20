// The reference input of the ablation-style explainers (occlusion, DeepLIFT): zeros (Captum's
// default), the training mean, or a given vector.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import { columnMeans } from './common.js';
import { vectorOption } from './validate.js';

/** What a caller may pass as `baseline`. */
export type BaselineOption = 'zeros' | 'mean' | Float64Array | readonly number[];

/** A resolved baseline: its kind for reports and, unless zeros, its vector. */
export interface ResolvedBaseline {
  readonly kind: 'zeros' | 'mean' | 'vector';
  readonly vector: Float64Array | null;
}

/** Resolves a baseline option at construction; 'mean' needs the training features. */
export function resolveBaseline(fn: string, option: BaselineOption, train: Matrix | undefined): ResolvedBaseline {
  if (option === 'zeros') return { kind: 'zeros', vector: null };
  if (option === 'mean') {
    if (train === undefined) {
      throw new XaiError('BAD_OPTION', "baseline 'mean' needs the training features: pass { train }", {
        fn,
        arg: 'baseline',
        value: option,
      });
    }
    return { kind: 'mean', vector: columnMeans(train) };
  }
  return { kind: 'vector', vector: vectorOption(fn, 'baseline', option) };
}

/** The baseline vector for a model with `d` features (zeros when none), checked for width at explain time. */
export function baselineFor(baseline: ResolvedBaseline, d: number, fn: string): Float64Array {
  const v = baseline.vector ?? new Float64Array(d);
  if (v.length !== d) {
    throw new XaiError('SHAPE_MISMATCH', `the baseline has ${v.length} features, the model takes ${d}`, {
      fn,
      arg: 'baseline',
      value: v.length,
    });
  }
  return v;
}

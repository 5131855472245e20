import type { Explainer } from './explainer.js';
import type { Matrix } from './matrix.js';
import type { Model } from './model.js';
import type { FeatureSchema } from './dataset.js';

export type MetricFamily = 'ground-truth' | 'prediction' | 'stability' | 'fairness';
export type MetricDirection = 'higher-is-better' | 'lower-is-better';
export type MetricRequirement = 'model' | 'attributions' | 'explainer' | 'ground-truth' | 'schema' | 'groups';

/** Static facts about a metric, readable without running it. */
export interface MetricInfo {
  /** Upper-case id as in the paper: 'FA', 'PGI', 'RIS', ... */
  readonly id: string;
  readonly name: string;
  readonly family: MetricFamily;
  readonly direction: MetricDirection;
  readonly requires: readonly MetricRequirement[];
  readonly reference?: string;
}

/** What a metric may read; each metric documents which fields it needs (`info.requires`). */
export interface MetricInput {
  /** The explained instances, n x d. */
  readonly x: Matrix;
  /** Their attributions, n x d. */
  readonly attributions: Matrix;
  readonly model?: Model;
  readonly explainer?: Explainer;
  /** Per-instance ground-truth attributions, n x d. */
  readonly groundTruth?: Matrix;
  readonly schema?: FeatureSchema;
}

/**
 * Per-instance values plus an aggregate. Undefined instances are NaN in `values`, listed
 * in `undefinedIndices` and excluded from mean/se: counted, never silently dropped.
 */
export interface MetricResult {
  readonly metric: string;
  readonly values: Float64Array;
  readonly mean: number;
  /** Standard error of the mean over defined values (sample sd / sqrt(count)). */
  readonly se: number;
  /** Number of defined values. */
  readonly count: number;
  readonly undefinedIndices: readonly number[];
}

/** A metric as data + function, for runners that treat metrics uniformly. */
export interface Metric<Options = unknown> {
  readonly info: MetricInfo;
  evaluate(input: MetricInput, options?: Options): MetricResult;
}

/**
 * Builds a MetricResult from per-instance values (NaN = undefined).
 * @since 0.1.0
 */
export function summarizeValues(metric: string, values: Float64Array): MetricResult {
  let count = 0;
  let sum = 0;
  const undefinedIndices: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) undefinedIndices.push(i);
    else {
      count++;
      sum += v;
    }
  }
  const mean = count > 0 ? sum / count : Number.NaN;
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) ss += (v - mean) * (v - mean);
  }
  const se = count > 1 ? Math.sqrt(ss / (count - 1)) / Math.sqrt(count) : Number.NaN;
  return { metric, values, mean, se, count, undefinedIndices };
}

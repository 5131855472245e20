import type { MetricInput } from '@xai/core';
import { runPredictionGap } from '../internal/predictionGapMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import type { PredictionGapOptions } from './predictionGapOptions.js';

/** PGI and PGU from one pass. @since 0.1.0 */
export interface PredictionGapsResult {
  readonly PGI: MetricSummary;
  readonly PGU: MetricSummary;
}

/**
 * PGI and PGU together: one reference prediction per instance and one noise draw shared by
 * both, with their perturbed rows in the same `predictProba` batches. Values equal separate
 * `pgi` / `pgu` calls with the same options.
 * @example
 *   const { PGI, PGU } = predictionGaps({ x, attributions, model })
 * @since 0.1.0
 */
export function predictionGaps(input: MetricInput, options: PredictionGapOptions = {}): PredictionGapsResult {
  const r = runPredictionGap('predictionGaps', ['PGI', 'PGU'], input, options);
  return { PGI: r.PGI!, PGU: r.PGU! };
}

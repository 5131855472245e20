import type { MetricInfo, MetricInput } from '@xai/core';
import { runPredictionGap } from '../internal/predictionGapMetric.js';
import type { PredictionGapOptions } from './predictionGapOptions.js';
import type { MetricSummary } from '../metricSummary.js';
import { ALWAYS, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about PGI. @since 0.1.0 */
export const pgiInfo = {
  id: 'PGI',
  name: 'Prediction gap on important features',
  description: 'output change when the top-k (important) features are perturbed',
  family: 'prediction',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference: 'Agarwal et al. 2022 (OpenXAI) eq. 1, app. A; after Petsiuk et al. 2018',
  representation: 'feature-types',
  definedWhen: ALWAYS,
  peer: openxaiPeer('eval_pred_faithfulness (PGI)'),
  missingCells: true,
} as const satisfies MetricInfo;

/** Options of {@link pgi}. @since 0.1.0 */
export type PgiOptions = PredictionGapOptions;

/**
 * Prediction gap on important features: perturb the top-k features (largest |attribution|),
 * keep the rest, and average |p_c(x') - p_c(x)| over the samples (c = the predicted class;
 * probability column 0 in `openxai`), as the area under the curve over k = 1..K. Continuous
 * features get N(0, sigma^2) noise, discrete ones (from `input.schema`) flip with
 * probability sigma * sqrt(2/pi), one-hot groups move their 1. Higher is better.
 * All perturbed rows go through a few large `predictProba` calls.
 * @example
 *   pgi({ x, attributions, model, schema }, { preset: 'openxai', seed: 0 }).mean
 * @since 0.1.0
 */
export function pgi(input: MetricInput, options: PgiOptions = {}): MetricSummary {
  return runPredictionGap('pgi', ['PGI'], input, options).PGI!;
}

import type { MetricInfo, MetricInput } from '@xai/core';
import { runPredictionGap } from '../internal/predictionGapMetric.js';
import type { PredictionGapOptions } from './predictionGapOptions.js';
import type { MetricSummary } from '../metricSummary.js';
import { ALWAYS, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about PGU. @since 0.1.0 */
export const pguInfo = {
  id: 'PGU',
  name: 'Prediction gap on unimportant features',
  description: 'output change when the bottom-k (unimportant) features are perturbed',
  family: 'prediction',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Agarwal et al. 2022 (OpenXAI) eq. 2, app. A; after Petsiuk et al. 2018',
  representation: 'feature-types',
  definedWhen: ALWAYS,
  peer: openxaiPeer('eval_pred_faithfulness (PGU)'),
  missingCells: true,
} as const satisfies MetricInfo;

/** Options of {@link pgu}. @since 0.1.0 */
export type PguOptions = PredictionGapOptions;

/**
 * Prediction gap on unimportant features: keep the top-k features fixed and perturb the
 * others, otherwise exactly as `pgi` (same noise per instance and k, so PGI and PGU of one
 * explanation are paired). Lower is better.
 * @example
 *   pgu({ x, attributions, model }, { preset: 'paper' }).mean
 * @since 0.1.0
 */
export function pgu(input: MetricInput, options: PguOptions = {}): MetricSummary {
  return runPredictionGap('pgu', ['PGU'], input, options).PGU!;
}

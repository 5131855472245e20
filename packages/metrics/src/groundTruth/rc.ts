import type { MetricInfo, MetricInput } from '@xai/core';
import type { RankingOptions } from './agreementOptions.js';
import { runRanking } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { NOT_CONSTANT, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about RC (Rank correlation). @since 0.1.0 */
export const rcInfo = {
  id: 'RC',
  name: 'Rank correlation',
  description: 'Spearman correlation of the attribution ranks with the ground-truth ranks over all features',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: openxaiPeer('rank_correlation'),
} as const satisfies MetricInfo;

/** Options of {@link rc}. @since 0.1.0 */
export type RcOptions = RankingOptions;

/**
 * Rank correlation over all features of |attribution| and |ground truth|: Spearman in
 * `default`/`paper`, Pearson of dense ranks in `openxai`. Undefined (NaN, listed in
 * `undefinedIndices`) when a ranking is constant, e.g. all-zero attributions.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   rc({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function rc(input: MetricInput, options: RcOptions = {}): MetricSummary {
  return runRanking('rc', 'RC', input, options);
}

import type { MetricInfo, MetricInput } from '@xai/core';
import type { RankingOptions } from './agreementOptions.js';
import { runRanking } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about PRA (Pairwise rank agreement). @since 0.1.0 */
export const praInfo = {
  id: 'PRA',
  name: 'Pairwise rank agreement',
  description: 'share of feature pairs ordered alike by |attribution| and |ground truth|',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: 'the ground truth has at least two features',
  peer: openxaiPeer('pairwise_rank_agreement'),
} as const satisfies MetricInfo;

/** Options of {@link pra}. @since 0.1.0 */
export type PraOptions = RankingOptions;

/**
 * Pairwise rank agreement: the fraction of feature pairs i < j ordered the same way by
 * |attribution| and |ground truth| (dense ranks). See the preset note in the README on ties.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   pra({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function pra(input: MetricInput, options: PraOptions = {}): MetricSummary {
  return runRanking('pra', 'PRA', input, options);
}

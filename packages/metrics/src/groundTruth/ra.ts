import type { MetricInfo, MetricInput } from '@xai/core';
import type { AgreementOptions } from './agreementOptions.js';
import { runTopKAgreement } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { HAS_TOP, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about RA (Rank agreement). @since 0.1.0 */
export const raInfo = {
  id: 'RA',
  name: 'Rank agreement',
  description: 'share of the top-k features at the same rank as in the ground truth',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: openxaiPeer('rank_agreement'),
} as const satisfies MetricInfo;

/** Options of {@link ra}. @since 0.1.0 */
export type RaOptions = AgreementOptions;

/**
 * Rank agreement: the fraction of the top-k positions holding the same feature with the
 * same dense rank in both rankings, as the area under the curve over k = 1..K.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   ra({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function ra(input: MetricInput, options: RaOptions = {}): MetricSummary {
  return runTopKAgreement('ra', 'RA', input, options);
}

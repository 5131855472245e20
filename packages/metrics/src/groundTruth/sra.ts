import type { MetricInfo, MetricInput } from '@xai/core';
import type { AgreementOptions } from './agreementOptions.js';
import { runTopKAgreement } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { HAS_TOP, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about SRA (Signed rank agreement). @since 0.1.0 */
export const sraInfo = {
  id: 'SRA',
  name: 'Signed rank agreement',
  description: 'share of the top-k features with the ground truth rank and sign',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: openxaiPeer('sign_rank_agreement'),
} as const satisfies MetricInfo;

/** Options of {@link sra}. @since 0.1.0 */
export type SraOptions = AgreementOptions;

/**
 * Signed rank agreement: the fraction of the top-k positions holding the same feature with
 * the same dense rank and the same sign, as the area under the curve over k = 1..K.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   sra({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function sra(input: MetricInput, options: SraOptions = {}): MetricSummary {
  return runTopKAgreement('sra', 'SRA', input, options);
}

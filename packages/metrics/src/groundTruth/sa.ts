import type { MetricInfo, MetricInput } from '@xai/core';
import type { AgreementOptions } from './agreementOptions.js';
import { runTopKAgreement } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { HAS_TOP, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about SA (Sign agreement). @since 0.1.0 */
export const saInfo = {
  id: 'SA',
  name: 'Sign agreement',
  description: 'share of the top-k features that are in both top-k and have the ground truth sign',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: openxaiPeer('sign_agreement'),
} as const satisfies MetricInfo;

/** Options of {@link sa}. @since 0.1.0 */
export type SaOptions = AgreementOptions;

/**
 * Sign agreement: the fraction of the top-k features shared with the ground truth's top-k and
 * having the same sign there, as the area under the curve over k = 1..K.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   sa({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function sa(input: MetricInput, options: SaOptions = {}): MetricSummary {
  return runTopKAgreement('sa', 'SA', input, options);
}

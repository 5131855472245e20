import type { MetricInfo, MetricInput } from '@xai/core';
import type { AgreementOptions } from './agreementOptions.js';
import { runTopKAgreement } from '../internal/groundTruthMetric.js';
import type { MetricSummary } from '../metricSummary.js';
import { HAS_TOP, openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about FA (Feature agreement). @since 0.1.0 */
export const faInfo = {
  id: 'FA',
  name: 'Feature agreement',
  description: 'share of the top-k features that are also in the ground truth top-k',
  family: 'ground-truth',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Krishna et al. 2022; Agarwal et al. 2022 (OpenXAI) app. A',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: openxaiPeer('feature_agreement'),
} as const satisfies MetricInfo;

/** Options of {@link fa}. @since 0.1.0 */
export type FaOptions = AgreementOptions;

/**
 * Feature agreement: the fraction of the top-k features (largest |attribution|) that are
 * also top-k in the ground truth, as the area under the curve over k = 1..K.
 * Ground truth is `input.groundTruth` (n x d, or 1 x d shared): e.g. an LR's w1 - w0 per
 * row (sign-flipped for class-0 predictions in the `openxai` preset) or SynthGauss masked
 * weights, so it works for any model.
 * @example
 *   fa({ x, attributions, groundTruth }, { preset: 'openxai' }).mean
 * @since 0.1.0
 */
export function fa(input: MetricInput, options: FaOptions = {}): MetricSummary {
  return runTopKAgreement('fa', 'FA', input, options);
}

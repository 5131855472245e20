import type { MetricInfo } from '@xai/core';
import { runStability } from '../internal/stabilityMetric.js';
import type { RelativeStabilityOptions, StabilityInput, StabilityResult } from './stabilityTypes.js';
import { openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about RIS (Relative input stability). @since 0.1.0 */
export const risInfo = {
  id: 'RIS',
  name: 'Relative input stability',
  description: 'largest explanation change relative to the input change over close same-label neighbours',
  family: 'stability',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Agarwal et al. 2022, relative stability; OpenXAI app. A',
  representation: 'feature-types',
  definedWhen: 'a neighbour with the same prediction exists',
  peer: openxaiPeer('eval_relative_stability (RIS)'),
  missingCells: true,
} as const satisfies MetricInfo;

/** Options of {@link ris}. @since 0.1.0 */
export type RisOptions = RelativeStabilityOptions;

/**
 * Relative input stability: max over same-label neighbours of the explanation's relative
 * change over the input's relative change.
 * Computes only this metric; use `relativeStability` for all three at (almost) the cost of one.
 * @since 0.1.0
 */
export function ris(input: StabilityInput, options: RisOptions = {}): StabilityResult {
  return runStability('ris', ['RIS'], input, options).results.RIS!;
}

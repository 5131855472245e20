import type { MetricInfo } from '@xai/core';
import { runStability } from '../internal/stabilityMetric.js';
import type { RelativeStabilityOptions, StabilityInput, StabilityResult } from './stabilityTypes.js';
import { openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about ROS (Relative output stability). @since 0.1.0 */
export const rosInfo = {
  id: 'ROS',
  name: 'Relative output stability',
  description: 'largest explanation change relative to the output change over close same-label neighbours',
  family: 'stability',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Agarwal et al. 2022, relative stability; OpenXAI app. A',
  representation: 'feature-types',
  definedWhen: 'a neighbour with the same prediction exists',
  peer: openxaiPeer('eval_relative_stability (ROS)'),
  missingCells: true,
} as const satisfies MetricInfo;

/** Options of {@link ros}. @since 0.1.0 */
export type RosOptions = RelativeStabilityOptions;

/**
 * Relative output stability: as RIS with the model output in the denominator (logits in
 * `openxai`, probabilities in `default` and `paper`).
 * Computes only this metric; use `relativeStability` for all three at (almost) the cost of one.
 * @since 0.1.0
 */
export function ros(input: StabilityInput, options: RosOptions = {}): StabilityResult {
  return runStability('ros', ['ROS'], input, options).results.ROS!;
}

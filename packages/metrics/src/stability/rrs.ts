import type { MetricInfo } from '@xai/core';
import { runStability } from '../internal/stabilityMetric.js';
import type { RelativeStabilityOptions, StabilityInput, StabilityResult } from './stabilityTypes.js';
import { openxaiPeer } from '../internal/metricPeers.js';

/** Static facts about RRS (Relative representation stability). @since 0.1.0 */
export const rrsInfo = {
  id: 'RRS',
  name: 'Relative representation stability',
  description: 'largest explanation change relative to the change of the first hidden layer (neural models only)',
  family: 'stability',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Agarwal et al. 2022, relative stability; OpenXAI app. A',
  representation: 'layers',
  definedWhen: 'a neighbour with the same prediction exists',
  peer: openxaiPeer('eval_relative_stability (RRS)'),
  missingCells: true,
} as const satisfies MetricInfo;

/** Options of {@link rrs}. @since 0.1.0 */
export type RrsOptions = RelativeStabilityOptions;

/**
 * Relative representation stability: as RIS with the first hidden layer (after its ReLU by
 * default) in the denominator. Returns null when the model has no `hidden` (e.g. LR, where
 * the released code silently computes ROS under this name).
 * Computes only this metric; use `relativeStability` for all three at (almost) the cost of one.
 * @since 0.1.0
 */
export function rrs(input: StabilityInput, options: RrsOptions = {}): StabilityResult | null {
  return runStability('rrs', ['RRS'], input, options).results.RRS;
}

import { summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { runSensitivity } from '../internal/sensitivityMetric.js';
import type { SensitivityOptions } from '../internal/sensitivityMetric.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { INPUT_INDEPENDENT_FLOOR, RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link avgSensitivity}. @since 0.2.0 */
export type AvgSensitivityOptions = SensitivityOptions;

/** Static facts about avg-sensitivity. @since 0.2.0 */
export const avgSensitivityInfo = {
  id: 'AVG_SENSITIVITY',
  name: 'Avg-sensitivity',
  family: 'robustness',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Yeh et al. 2019, "On the (In)fidelity and Sensitivity of Explanations", §3 (average sensitivity); Quantus AvgSensitivity',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('AvgSensitivity'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: INPUT_INDEPENDENT_FLOOR,
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
} as const;

/**
 * Avg-sensitivity (Yeh et al. 2019): E_{x' ~ U(B∞(x, r))} ||Φ(x') − Φ(x)|| / ||Φ(x)||, the mean
 * instead of the max over the same perturbed inputs as {@link maxSensitivity} (same seed →
 * same draws, so avg ≤ max row by row). Lower is better.
 * @example avgSensitivity({ x, model, explain }, { samples: 10 }).mean
 * @since 0.2.0
 */
export function avgSensitivity(input: ExtendedMetricInput, options: AvgSensitivityOptions = {}): MetricResult {
  return summarizeValues('AVG_SENSITIVITY', runSensitivity('avgSensitivity', 'mean', input, options));
}

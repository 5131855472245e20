import { summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { runSensitivity } from '../internal/sensitivityMetric.js';
import type { SensitivityOptions } from '../internal/sensitivityMetric.js';
import { ALWAYS, captumPeer } from '../internal/metricPeers.js';
import { RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link maxSensitivity} and {@link avgSensitivity}. @since 0.2.0 */
export type MaxSensitivityOptions = SensitivityOptions;

/** Static facts about max-sensitivity. @since 0.2.0 */
export const maxSensitivityInfo = {
  id: 'MAX_SENSITIVITY',
  name: 'Max-sensitivity',
  family: 'robustness',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference:
    'Yeh et al. 2019, "On the (In)fidelity and Sensitivity of Explanations", def. 3.1 (SENS_MAX); Captum captum.metrics.sensitivity_max',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: captumPeer('sensitivity_max'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote:
    'meaningful as a warning: an input-independent shortcut explanation scores 0 (the best), so robustness must be read beside faithfulness',
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
} as const;

/**
 * Max-sensitivity (Yeh et al. 2019): SENS_MAX(Φ, f, x, r) = max_{||x' − x||∞ ≤ r} ||Φ(x') − Φ(x)|| / ||Φ(x)||,
 * estimated as Captum's `sensitivity_max` does: `samples` points drawn uniformly in the L∞ ball
 * of radius r, re-explained with `input.explain` (one call over n·samples rows), max of the
 * normalised difference (a zero ||Φ(x)|| divides by 1, as Captum). Φ(x) is
 * `input.attributions` when given (it must be `explain(model, x, targets)`), else re-computed.
 * Draws are keyed by row content and `seed`. Lower is better.
 * @example maxSensitivity({ x, model, explain: (m, x, t) => m.inputGradient!(x, t) }, { radius: 0.02 }).mean
 * @since 0.2.0
 */
export function maxSensitivity(input: ExtendedMetricInput, options: MaxSensitivityOptions = {}): MetricResult {
  return summarizeValues('MAX_SENSITIVITY', runSensitivity('maxSensitivity', 'max', input, options));
}

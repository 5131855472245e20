import { averageRanks, checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { MASK_KEYS, localisationInput } from '../internal/groundTruthMask.js';
import type { MaskOptions } from '../internal/groundTruthMask.js';
import { quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link localisationAuc}. @since 0.3.0 */
export type LocalisationAucOptions = MaskOptions;

/** Static facts about the localisation ROC AUC. @since 0.3.0 */
export const localisationAucInfo = {
  id: 'LOCALISATION_AUC',
  name: 'Localisation ROC AUC',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference: 'Fawcett 2006, "An Introduction to ROC Analysis"; Quantus AUC (quantus/metrics/localisation/auc.py: sklearn roc_curve + auc)',
  representation: 'any',
  definedWhen: 'the ground truth marks some but not all features',
  peer: quantusPeer('AUC'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking separates the true features as far as they are shared',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = 0.5 for permuted attributions',
} as const;

/**
 * Localisation AUC, Quantus' `AUC`: the area under the ROC curve of the attributions (|e| by
 * default) as scores for the truly important features (see {@link MaskOptions}). Computed as
 * the Mann–Whitney statistic with average ranks, which equals sklearn's `roc_curve` + `auc`
 * including ties (a tie counts one half). 1 for a perfect ranking, 0.5 for a random one.
 * Undefined (NaN, counted) when a row's mask is empty or covers every feature. Higher is better.
 * Model-free.
 * @example localisationAuc({ x, attributions, groundTruth: weights }).mean
 * @since 0.3.0
 */
export function localisationAuc(input: ExtendedMetricInput, options: LocalisationAucOptions = {}): MetricResult {
  const fn = 'localisationAuc';
  const l = localisationInput(fn, input, checkOptions(options, MASK_KEYS, fn));
  const values = new Float64Array(l.n);
  const ranks = new Float64Array(l.d);
  for (let i = 0; i < l.n; i++) {
    const pos = l.sizes[i]!;
    const neg = l.d - pos;
    if (pos === 0 || neg === 0) {
      values[i] = Number.NaN;
      continue;
    }
    averageRanks(row(l.scores, i), ranks);
    let sum = 0;
    for (let j = 0; j < l.d; j++) if (l.mask[i * l.d + j] === 1) sum += ranks[j]!;
    values[i] = (sum - (pos * (pos + 1)) / 2) / (pos * neg);
  }
  return summarizeValues('LOCALISATION_AUC', values);
}

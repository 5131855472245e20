import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { MASK_KEYS, localisationInput } from '../internal/groundTruthMask.js';
import type { MaskOptions } from '../internal/groundTruthMask.js';
import { HAS_TOP, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link relevanceMassAccuracy}. @since 0.3.0 */
export type RelevanceMassAccuracyOptions = MaskOptions;

/** Static facts about relevance mass accuracy. @since 0.3.0 */
export const relevanceMassAccuracyInfo = {
  id: 'RELEVANCE_MASS_ACCURACY',
  name: 'Relevance mass accuracy',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Arras et al. 2022, "CLEVR-XAI: A Benchmark Dataset for the Ground Truth Evaluation of Neural Network Explanations", §4.2; Quantus RelevanceMassAccuracy (quantus/metrics/localisation/relevance_mass_accuracy.py)',
  representation: 'any',
  definedWhen: `${HAS_TOP} and the attributions do not sum to 0`,
  peer: quantusPeer('RelevanceMassAccuracy'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed attribution puts its mass on the true features as far as they are shared',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = mask size / d for permuted |attributions|',
} as const;

/**
 * Relevance mass accuracy (Arras et al. 2022): the share of the total attribution (|e| by
 * default) that falls on the truly important features (see {@link MaskOptions}). In [0, 1] for
 * |e|; 1 when only important features are attributed. Undefined (NaN, counted) when a row's mask
 * is empty or its attributions sum to 0. Higher is better. Model-free.
 * @example relevanceMassAccuracy({ x, attributions, groundTruth: weights }).mean
 * @since 0.3.0
 */
export function relevanceMassAccuracy(input: ExtendedMetricInput, options: RelevanceMassAccuracyOptions = {}): MetricResult {
  const fn = 'relevanceMassAccuracy';
  const l = localisationInput(fn, input, checkOptions(options, MASK_KEYS, fn));
  const values = new Float64Array(l.n);
  for (let i = 0; i < l.n; i++) {
    const a = row(l.scores, i);
    let within = 0;
    let total = 0;
    for (let j = 0; j < l.d; j++) {
      total += a[j]!;
      if (l.mask[i * l.d + j] === 1) within += a[j]!;
    }
    values[i] = l.sizes[i] === 0 || total === 0 ? Number.NaN : within / total;
  }
  return summarizeValues('RELEVANCE_MASS_ACCURACY', values);
}

import { checkOptions, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { MASK_KEYS, hitsInTop, localisationInput } from '../internal/groundTruthMask.js';
import type { MaskOptions } from '../internal/groundTruthMask.js';
import { HAS_TOP, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link relevanceRankAccuracy}. @since 0.3.0 */
export type RelevanceRankAccuracyOptions = MaskOptions;

/** Static facts about relevance rank accuracy. @since 0.3.0 */
export const relevanceRankAccuracyInfo = {
  id: 'RELEVANCE_RANK_ACCURACY',
  name: 'Relevance rank accuracy',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Arras et al. 2022, "CLEVR-XAI: A Benchmark Dataset for the Ground Truth Evaluation of Neural Network Explanations", §4.2; Quantus RelevanceRankAccuracy (quantus/metrics/localisation/relevance_rank_accuracy.py)',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: quantusPeer('RelevanceRankAccuracy'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking finds the true features as far as they are the same for every instance',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = mask size / d for permuted attributions',
} as const;

/**
 * Relevance rank accuracy (Arras et al. 2022): with K the number of truly important features
 * of the row (see {@link MaskOptions}), the share of the K highest-attributed features (|e| by
 * default) that are among them. In [0, 1]; 1 for a perfect ranking. Undefined (NaN, counted)
 * when a row's mask is empty. Higher is better. Model-free.
 * @example relevanceRankAccuracy({ x, attributions, groundTruth: weights }, { maskSize: 3 }).mean
 * @since 0.3.0
 */
export function relevanceRankAccuracy(input: ExtendedMetricInput, options: RelevanceRankAccuracyOptions = {}): MetricResult {
  const fn = 'relevanceRankAccuracy';
  const l = localisationInput(fn, input, checkOptions(options, MASK_KEYS, fn));
  const values = new Float64Array(l.n);
  for (let i = 0; i < l.n; i++) values[i] = l.sizes[i] === 0 ? Number.NaN : hitsInTop(l, i, l.sizes[i]!) / l.sizes[i]!;
  return summarizeValues('RELEVANCE_RANK_ACCURACY', values);
}

import { XaiError, checkOptions, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { positiveInt } from '../internal/options.js';
import { MASK_KEYS, hitsInTop, localisationInput } from '../internal/groundTruthMask.js';
import type { MaskOptions } from '../internal/groundTruthMask.js';
import { HAS_TOP, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link topKIntersection}. @since 0.3.0 */
export interface TopKIntersectionOptions extends MaskOptions {
  /** Highest-attributed features compared with the mask (Quantus `k`). @defaultValue the row's mask size */
  readonly k?: number;
}

const KEYS: OptionKeys<TopKIntersectionOptions> = [...MASK_KEYS, 'k'];

/** Static facts about top-k intersection. @since 0.3.0 */
export const topKIntersectionInfo = {
  id: 'TOP_K_INTERSECTION',
  name: 'Top-k intersection',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Theiner et al. 2021, "Interpretable Semantic Photo Geolocalization", §4 (top-k intersection); Quantus TopKIntersection (quantus/metrics/localisation/top_k_intersection.py)',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: quantusPeer('TopKIntersection'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking finds the true features as far as they are the same for every instance',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = mask size / d for permuted attributions',
} as const;

/**
 * Top-k intersection (Theiner et al. 2021), Quantus' `TopKIntersection` without concept
 * influence: the share of the k highest-attributed features (|e| by default) that the ground
 * truth marks important (see {@link MaskOptions}). In [0, 1]; a perfect ranking scores 1 with
 * the default k (the mask size). Undefined (NaN, counted) when a row's mask is empty.
 * Higher is better. Model-free.
 * @example topKIntersection({ x, attributions, groundTruth: weights }, { k: 2 }).mean
 * @since 0.3.0
 */
export function topKIntersection(input: ExtendedMetricInput, options: TopKIntersectionOptions = {}): MetricResult {
  const fn = 'topKIntersection';
  const o = checkOptions(options, KEYS, fn);
  const l = localisationInput(fn, input, o);
  const k = o.k === undefined ? null : positiveInt(o.k, fn, 'options.k');
  if (k !== null && k > l.d) throw new XaiError('BAD_OPTION', `k ${k} exceeds the ${l.d} features`, { fn, arg: 'options.k', value: k });
  const values = new Float64Array(l.n);
  for (let i = 0; i < l.n; i++) {
    const ki = k ?? l.sizes[i]!;
    values[i] = l.sizes[i] === 0 ? Number.NaN : hitsInTop(l, i, ki) / ki;
  }
  return summarizeValues('TOP_K_INTERSECTION', values);
}

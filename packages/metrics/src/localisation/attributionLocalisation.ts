import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { localisationInput } from '../internal/groundTruthMask.js';
import type { MaskOptions } from '../internal/groundTruthMask.js';
import { flag, oneOf } from '../internal/options.js';
import { HAS_TOP, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link attributionLocalisation}. @since 0.3.0 */
export interface AttributionLocalisationOptions extends MaskOptions {
  /** Multiply the inside share by the mask's share of the features (Quantus `weighted`). @defaultValue false */
  readonly weighted?: boolean;
  /**
   * What `weighted` divides the mask size by: `'features'`, d (the mask's share of the features);
   * `'quantus-batch'`, (n − 2)·d with n the rows of this call, as Quantus' batched code does
   * (quantus/metrics/localisation/attribution_localisation.py:311, `size_data = x_batch[2:].size`),
   * so the value depends on how many rows are scored together. @defaultValue 'features'
   */
  readonly weightedBy?: 'features' | 'quantus-batch';
  /** Clip the attributions at 0 after `abs` (Quantus `positive_attributions`). @defaultValue false */
  readonly positiveAttributions?: boolean;
  /** Share of |attributions| (Quantus' `abs=True`, its default here under every preset). @defaultValue true */
  readonly abs?: boolean;
}

// The mask options (MASK_KEYS) and this metric's own.
const KEYS: OptionKeys<AttributionLocalisationOptions> = ['maskSize', 'abs', 'preset', 'weighted', 'weightedBy', 'positiveAttributions'];

/** Static facts about attribution localisation. @since 0.3.0 */
export const attributionLocalisationInfo = {
  id: 'ATTRIBUTION_LOCALISATION',
  name: 'Attribution localisation',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Kohlbrenner et al. 2020, "Towards Best Practice in Explaining Neural Network Decisions with LRP", IJCNN, §IV (attribution localisation); Quantus AttributionLocalisation (quantus/metrics/localisation/attribution_localisation.py)',
  representation: 'any',
  definedWhen: `${HAS_TOP}, the attributions do not sum to 0 and their inside share is at most 1`,
  peer: quantusPeer('AttributionLocalisation'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed attribution puts its mass on the true features as far as they are shared',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = mask size / d for permuted |attributions| ((mask size / d)² weighted)',
} as const;

/**
 * Attribution localisation (Kohlbrenner et al. 2020), Quantus' `AttributionLocalisation`: the
 * share of the total attribution (|e| by default, also under `quantus`, whose default is
 * `abs=True`) that falls on the features the ground truth marks important (see
 * {@link MaskOptions}). `positiveAttributions` clips at 0 first; `weighted` multiplies the share
 * by mask size / d (Quantus' batched code divides by (n − 2)·d instead: `weightedBy`). Undefined (NaN, counted) when a row's mask is empty, its
 * attributions sum to 0, or the share exceeds 1 (signed attributions; Quantus returns NaN there).
 * In [0, 1] for |e|; higher is better; random attributions score mask size / d on average.
 * Model-free.
 * @example attributionLocalisation({ x, attributions, groundTruth: weights }).mean
 * @since 0.3.0
 */
export function attributionLocalisation(input: ExtendedMetricInput, options: AttributionLocalisationOptions = {}): MetricResult {
  const fn = 'attributionLocalisation';
  const checked = checkOptions(options, KEYS, fn);
  const weighted = flag(checked.weighted, fn, 'options.weighted', false);
  const positive = flag(checked.positiveAttributions, fn, 'options.positiveAttributions', false);
  const by = oneOf(checked.weightedBy, fn, 'options.weightedBy', ['features', 'quantus-batch'] as const, 'features');
  const l = localisationInput(fn, input, { ...checked, abs: checked.abs ?? true });
  const size = by === 'features' ? l.d : (l.n - 2) * l.d;
  const values = new Float64Array(l.n);
  for (let i = 0; i < l.n; i++) {
    const a = row(l.scores, i);
    let within = 0;
    let total = 0;
    for (let j = 0; j < l.d; j++) {
      const v = positive ? Math.max(a[j]!, 0) : a[j]!;
      total += v;
      if (l.mask[i * l.d + j] === 1) within += v;
    }
    const share = l.sizes[i] === 0 || total === 0 ? Number.NaN : within / total;
    values[i] = share > 1 ? Number.NaN : weighted ? (share * l.sizes[i]!) / size : share;
  }
  return summarizeValues('ATTRIBUTION_LOCALISATION', values);
}

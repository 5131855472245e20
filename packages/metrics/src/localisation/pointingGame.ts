import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { localisationInput } from '../internal/groundTruthMask.js';
import type { Localisation, MaskOptions } from '../internal/groundTruthMask.js';
import { flag } from '../internal/options.js';
import { HAS_TOP, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link pointingGame}. @since 0.3.0 */
export interface PointingGameOptions extends MaskOptions {
  /** Score a hit 1 − mask size / d, so that a large mask earns less (Quantus `weighted`). @defaultValue false */
  readonly weighted?: boolean;
}

// The mask options (MASK_KEYS) and this metric's own.
const KEYS: OptionKeys<PointingGameOptions> = ['maskSize', 'abs', 'preset', 'weighted'];

/** Static facts about the pointing game. @since 0.3.0 */
export const pointingGameInfo = {
  id: 'POINTING_GAME',
  name: 'Pointing game',
  family: 'localisation',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Zhang et al. 2018, "Top-Down Neural Attention by Excitation Backprop", IJCV, §5.1 (pointing game); Quantus PointingGame (quantus/metrics/localisation/pointing_game.py)',
  representation: 'any',
  definedWhen: HAS_TOP,
  peer: quantusPeer('PointingGame'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking points at a true feature as far as its top feature is marked for every instance',
  nullMeaningful: true,
  nullNote: 'meaningful: expected = mask size / d for permuted attributions ((mask size / d)(1 − mask size / d) weighted)',
} as const;

/** Whether any feature tied at row i's maximum score lies in its mask (Quantus: `a == a.max()`). */
function pointsInMask(l: Localisation, i: number): boolean {
  const a = row(l.scores, i);
  let top = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < l.d; j++) top = Math.max(top, a[j]!);
  for (let j = 0; j < l.d; j++) if (a[j] === top && l.mask[i * l.d + j] === 1) return true;
  return false;
}

/**
 * Pointing game (Zhang et al. 2018), Quantus' `PointingGame` on tabular rows without a pixel
 * tolerance: 1 when the highest-attributed feature (|e| by default; signed e under `quantus`)
 * is one the ground truth marks important (see {@link MaskOptions}), else 0. Ties follow Quantus:
 * a row scores a hit when any of the features tied at the maximum is marked (not only the first).
 * `weighted` scores a hit 1 − mask size / d. Undefined (NaN, counted) when a row's mask is empty.
 * Higher is better; random attributions score mask size / d on average. Model-free.
 * @example pointingGame({ x, attributions, groundTruth: weights }).mean
 * @since 0.3.0
 */
export function pointingGame(input: ExtendedMetricInput, options: PointingGameOptions = {}): MetricResult {
  const fn = 'pointingGame';
  const checked = checkOptions(options, KEYS, fn);
  const weighted = flag(checked.weighted, fn, 'options.weighted', false);
  const l = localisationInput(fn, input, checked);
  const values = new Float64Array(l.n);
  for (let i = 0; i < l.n; i++) {
    if (l.sizes[i] === 0) values[i] = Number.NaN;
    else if (!pointsInMask(l, i)) values[i] = 0;
    else values[i] = weighted ? 1 - l.sizes[i]! / l.d : 1;
  }
  return summarizeValues('POINTING_GAME', values);
}

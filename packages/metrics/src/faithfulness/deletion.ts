import { summarizeValues } from '@xai/core';
import type { Matrix, MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { runCurve } from '../internal/curves.js';
import type { CurveOptions } from '../internal/curves.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link deletion} and {@link insertion}. @since 0.2.0 */
export type DeletionOptions = CurveOptions;

/** A deletion/insertion result: per-instance AUC plus the curves. @since 0.2.0 */
export interface CurveResult extends MetricResult {
  /** n x (d+1): f_t after k = 0..d features, in attribution order. */
  readonly curves: Matrix;
}

/** Static facts about the deletion AUC. @since 0.2.0 */
export const deletionInfo = {
  id: 'DELETION',
  name: 'Deletion curve AUC',
  family: 'faithfulness',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Petsiuk et al. 2018, "RISE", §4.1 (deletion metric), on tabular features',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('PixelFlipping (AUC convention under quantus)'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking deletes in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * Deletion (Petsiuk et al. 2018): replace features by the baseline one at a time in decreasing
 * attribution order and record the scored output (`output`: the target's probability by default,
 * a value model's value, or the logit) after k = 0..d removals; the value is the area under that
 * curve over the fraction removed (trapezoid, in [0, 1] for probabilities; under `quantus`,
 * Quantus PixelFlipping's np.trapz(dx=1) over the points k = 1..d). Every feature is removed, in
 * signed order by default, into `baseline` (0 unless given). This is NOT SHAP's benchmark
 * `remove_positive` curve, which removes only the positively attributed features and imputes the
 * training mean (pass `baseline: trainingMeans` for the imputation; the positive-only stopping
 * point is not offered). A faithful explanation makes the output fall fast: lower is better.
 * Deterministic; one `predictProba` call over n·(d+1) rows.
 * @example deletion({ x, attributions, model }, { baseline: 0 }).mean
 * @since 0.2.0
 */
export function deletion(input: ExtendedMetricInput, options: DeletionOptions = {}): CurveResult {
  const { values, curves } = runCurve('deletion', 'deletion', input, options);
  return { ...summarizeValues('DELETION', values), curves };
}

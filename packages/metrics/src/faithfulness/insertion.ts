import { summarizeValues } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { runCurve } from '../internal/curves.js';
import type { CurveOptions } from '../internal/curves.js';
import type { CurveResult } from './deletion.js';
import { ALWAYS } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link insertion}. @since 0.2.0 */
export type InsertionOptions = CurveOptions;

/** Static facts about the insertion AUC. @since 0.2.0 */
export const insertionInfo = {
  id: 'INSERTION',
  name: 'Insertion curve AUC',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference: 'Petsiuk et al. 2018, "RISE", §4.1 (insertion metric), on tabular features',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: { library: 'RISE (Petsiuk et al.)', name: 'insertion', preset: 'quantus' },
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking inserts in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * Insertion (Petsiuk et al. 2018): start from the baseline and put back the instance's features
 * one at a time in decreasing attribution order, recording the target's probability after
 * k = 0..d insertions; the value is the area under the curve over the fraction inserted
 * (trapezoid). Every feature is inserted, in signed order by default, starting from
 * `baseline` (0 unless given). This is NOT SHAP's benchmark `keep_positive` curve, which keeps
 * only the positively attributed features and imputes the rest with the training mean (pass
 * `baseline: trainingMeans` for the imputation). Higher is better. Deterministic; one
 * `predictProba` call over n·(d+1) rows.
 * @example insertion({ x, attributions, model }).mean
 * @since 0.2.0
 */
export function insertion(input: ExtendedMetricInput, options: InsertionOptions = {}): CurveResult {
  const { values, curves } = runCurve('insertion', 'insertion', input, options);
  return { ...summarizeValues('INSERTION', values), curves };
}

import { checkOptions, matrix, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { SCORING_KEYS } from '../internal/outputSpace.js';
import { stepCurve } from '../internal/stepCurve.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link monotonicityArya}. @since 0.3.0 */
export interface MonotonicityAryaOptions extends ScoringOptions {
  /** The starting point every feature is set to: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
  /** Features put back per step (Quantus `features_in_step`). @defaultValue 1 */
  readonly featuresInStep?: number;
}

const KEYS: OptionKeys<MonotonicityAryaOptions> = ['baseline', 'featuresInStep', ...SCORING_KEYS];

/** A monotonicity result: 1 / 0 per instance plus the insertion curves. @since 0.3.0 */
export interface MonotonicityAryaResult extends MetricResult {
  /** n x ⌈d / featuresInStep⌉: f_t after each insertion step. */
  readonly curves: Matrix;
}

/** Static facts about Arya et al.'s monotonicity. @since 0.3.0 */
export const monotonicityAryaInfo = {
  id: 'MONOTONICITY_ARYA',
  name: 'Monotonicity (Arya et al.)',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Arya et al. 2019, "One Explanation Does Not Fit All: A Toolkit and Taxonomy of AI Explainability Techniques" (AIX360 monotonicity); Quantus Monotonicity (quantus/metrics/faithfulness/monotonicity.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('Monotonicity'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a global ranking inserts in one order for every instance, monotone only where the model is',
  nullMeaningful: true,
  nullNote: 'meaningful: a random insertion order is monotone only by chance',
} as const;

/**
 * Monotonicity (Arya et al. 2019): start from the baseline and put the instance's own values
 * back `featuresInStep` at a time in increasing |attribution| (Quantus' `abs=True` order); the
 * value is 1 when the scored output (`output`: the target's probability by default, a value model's value) never decreases along the
 * way, else 0, so the mean is the share of monotone instances. Quantus' batched code hands its
 * replacement function the baseline row itself, which puts the baseline back instead of x and
 * scores every instance 1; this follows the paper and AIX360 (x's values are inserted).
 * Higher is better. Deterministic; one `predictProba` call over n·steps rows.
 * @example monotonicityArya({ x, attributions, model }, { baseline: 0 }).mean
 * @since 0.3.0
 */
export function monotonicityArya(input: ExtendedMetricInput, options: MonotonicityAryaOptions = {}): MonotonicityAryaResult {
  const fn = 'monotonicityArya';
  const o = checkOptions(options, KEYS, fn);
  const { f, n, steps } = stepCurve(fn, input, o, 'least-relevant-abs', 'insert');
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let monotone = 1;
    for (let s = 1; s < steps; s++) if (!(f[i * steps + s]! - f[i * steps + s - 1]! >= 0)) monotone = 0;
    values[i] = monotone;
  }
  return { ...summarizeValues('MONOTONICITY_ARYA', values), curves: matrix(n, steps, f) };
}

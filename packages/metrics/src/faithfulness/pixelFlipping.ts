import { checkOptions, matrix, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { SCORING_KEYS } from '../internal/outputSpace.js';
import { stepCurve } from '../internal/stepCurve.js';
import { unitTrapezoid } from '../internal/featureSteps.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link pixelFlipping}. @since 0.3.0 */
export interface PixelFlippingOptions extends ScoringOptions {
  /** Replacement of a removed feature: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
  /** Features removed per step (Quantus `features_in_step`). @defaultValue 1 */
  readonly featuresInStep?: number;
}

const KEYS: OptionKeys<PixelFlippingOptions> = ['baseline', 'featuresInStep', ...SCORING_KEYS];

/** A pixel-flipping result: per-instance AUC plus the curves. @since 0.3.0 */
export interface PixelFlippingResult extends MetricResult {
  /** n x ⌈d / featuresInStep⌉: f_t after each step (no point before the first removal, as Quantus). */
  readonly curves: Matrix;
}

/** Static facts about pixel flipping. @since 0.3.0 */
export const pixelFlippingInfo = {
  id: 'PIXEL_FLIPPING',
  name: 'Pixel-flipping curve AUC',
  family: 'faithfulness',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Bach et al. 2015, "On Pixel-Wise Explanations for Non-Linear Classifier Decisions by Layer-Wise Relevance Propagation"; Quantus PixelFlipping (quantus/metrics/faithfulness/pixel_flipping.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('PixelFlipping'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking removes in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * Pixel flipping (Bach et al. 2015) as Quantus computes it: features are replaced by the
 * baseline `featuresInStep` at a time, most positive attribution first (signed, cumulative),
 * and the scored output (`output`: the target's probability by default, a value model's value) is recorded after each step. The value
 * is Quantus' `get_auc_score` of the curve: the unit-spaced trapezoid `np.trapz(curve)`, so it
 * grows with the number of steps (compare runs of equal width). A faithful explanation makes
 * the output fall fast: lower is better. Deterministic; one `predictProba` call over n·steps rows.
 * @example pixelFlipping({ x, attributions, model }).curves
 * @since 0.3.0
 */
export function pixelFlipping(input: ExtendedMetricInput, options: PixelFlippingOptions = {}): PixelFlippingResult {
  const fn = 'pixelFlipping';
  const o = checkOptions(options, KEYS, fn);
  const { f, n, steps } = stepCurve(fn, input, o, 'most-relevant', 'remove');
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = unitTrapezoid(f, i * steps, (i + 1) * steps);
  return { ...summarizeValues('PIXEL_FLIPPING', values), curves: matrix(n, steps, f) };
}

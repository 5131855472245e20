import { XaiError, checkOptions, describeValue, matrix, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { prepare, targetOutputs } from '../internal/common.js';
import { anyPresetOption, positiveInt } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { unitTrapezoid } from '../internal/featureSteps.js';
import { checkPatchSize, featureRegions, regionOrders, regionRemovals } from '../internal/featureRegions.js';
import { baselineFill } from '../internal/quantusBaseline.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link regionPerturbation}. @since 0.3.0 */
export interface RegionPerturbationOptions extends ScoringOptions {
  /** Consecutive features per region (Quantus `patch_size`); wider than d is one padded region. @defaultValue 1; 8 under `quantus` (Quantus' default) */
  readonly patchSize?: number;
  /** Most relevant region first ('morf') or least relevant first ('lerf'). @defaultValue 'morf' */
  readonly order?: 'morf' | 'lerf';
  /** Regions removed at most (Quantus `regions_evaluation`). @defaultValue 100 */
  readonly regions?: number;
  /** Replacement of a removed feature: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
}

const KEYS: OptionKeys<RegionPerturbationOptions> = ['patchSize', 'order', 'regions', 'baseline', ...SCORING_KEYS];

/** A region-perturbation result: per-instance AUC plus the curves. @since 0.3.0 */
export interface RegionPerturbationResult extends MetricResult {
  /** n x steps: f_t(x) − f_t(x with the first k regions removed), k = 1..steps. */
  readonly curves: Matrix;
}

/** Static facts about region perturbation (MORF). @since 0.3.0 */
export const regionPerturbationInfo = {
  id: 'REGION_PERTURBATION',
  name: 'Region perturbation (MORF) curve AUC',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Samek et al. 2017, "Evaluating the Visualization of What a Deep Neural Network Has Learned" (MoRF / AOPC); Quantus RegionPerturbation (quantus/metrics/faithfulness/region_perturbation.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('RegionPerturbation'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking removes regions in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * Region perturbation (Samek et al. 2017) as Quantus computes it: the features are cut into
 * regions of `patchSize` consecutive columns (Quantus' padding rule), ordered by their
 * attribution sum (MORF: largest first), and removed cumulatively into the baseline; the
 * curve holds f(x) − f(x with the first k regions removed) for k = 1..min(regions, count).
 * The value is Quantus' `get_auc_score`, the unit-spaced trapezoid of that curve. Under MORF a
 * faithful explanation makes the drop large early: higher is better (under 'lerf', lower).
 * Deterministic; one `predictProba` call over n·(1 + steps) rows.
 * @example regionPerturbation({ x, attributions, model }, { patchSize: 2 }).curves
 * @since 0.3.0
 */
export function regionPerturbation(input: ExtendedMetricInput, options: RegionPerturbationOptions = {}): RegionPerturbationResult {
  const fn = 'regionPerturbation';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const model = scoredModel(given, { output: o.output, preset, quantus: 'probability', fn });
  const order = o.order ?? 'morf';
  if (order !== 'morf' && order !== 'lerf')
    throw new XaiError('BAD_OPTION', `order must be 'morf' or 'lerf', got ${describeValue(order)}`, {
      fn,
      arg: 'options.order',
      value: order,
    });
  const regions = featureRegions(d, checkPatchSize(o.patchSize, preset === 'quantus', fn));
  const steps = Math.min(positiveInt(o.regions ?? 100, fn, 'options.regions'), regions.length);
  const fill = baselineFill(o.baseline ?? 'black', d, fn);
  const big = regionRemovals(x, regions, regionOrders(attributions, regions, order), steps, fill);
  const fx = targetOutputs(model, x, targets, 1);
  const f = targetOutputs(model, big, targets, steps);
  const values = new Float64Array(n);
  for (let k = 0; k < f.length; k++) f[k] = fx[Math.floor(k / steps)]! - f[k]!;
  for (let i = 0; i < n; i++) values[i] = unitTrapezoid(f, i * steps, (i + 1) * steps);
  return { ...summarizeValues('REGION_PERTURBATION', values), curves: matrix(n, steps, f) };
}

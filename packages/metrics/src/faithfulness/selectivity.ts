import { checkOptions, matrix, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { prepare, targetOutputs } from '../internal/common.js';
import { anyPresetOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { unitTrapezoid } from '../internal/featureSteps.js';
import { checkPatchSize, featureRegions, regionOrders, regionRemovals } from '../internal/featureRegions.js';
import { baselineFill } from '../internal/quantusBaseline.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link selectivity}. @since 0.3.0 */
export interface SelectivityOptions extends ScoringOptions {
  /** Consecutive features per region (Quantus `patch_size`); wider than d is one padded region. @defaultValue 1; 8 under `quantus` (Quantus' default) */
  readonly patchSize?: number;
  /** Replacement of a removed feature: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
}

const KEYS: OptionKeys<SelectivityOptions> = ['patchSize', 'baseline', ...SCORING_KEYS];

/** A selectivity result: per-instance AUC plus the curves. @since 0.3.0 */
export interface SelectivityResult extends MetricResult {
  /** n x regions: f_t after the first k regions are removed, k = 1..regions. */
  readonly curves: Matrix;
}

/** Static facts about selectivity. @since 0.3.0 */
export const selectivityInfo = {
  id: 'SELECTIVITY',
  name: 'Selectivity curve AUC',
  family: 'faithfulness',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Montavon et al. 2018, "Methods for Interpreting and Understanding Deep Neural Networks", §4.1 (selectivity); Quantus Selectivity (quantus/metrics/faithfulness/selectivity.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('Selectivity'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking removes regions in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * Selectivity (Montavon et al. 2018) as Quantus computes it: regions of `patchSize`
 * consecutive features (Quantus' padding rule) are removed into the baseline in decreasing
 * attribution sum, all of them, and the scored output (`output`: the target's probability by default, a value model's value) is
 * recorded after each removal. The value is Quantus' `get_auc_score`, the unit-spaced
 * trapezoid of the curve. A faithful explanation makes the output fall fast: lower is better.
 * Deterministic; one `predictProba` call over n·regions rows.
 * @example selectivity({ x, attributions, model }).mean
 * @since 0.3.0
 */
export function selectivity(input: ExtendedMetricInput, options: SelectivityOptions = {}): SelectivityResult {
  const fn = 'selectivity';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const model = scoredModel(given, { output: o.output, preset, quantus: 'probability', fn });
  const regions = featureRegions(d, checkPatchSize(o.patchSize, preset === 'quantus', fn));
  const steps = regions.length;
  const fill = baselineFill(o.baseline ?? 'black', d, fn);
  const big = regionRemovals(x, regions, regionOrders(attributions, regions, 'morf'), steps, fill);
  const f = targetOutputs(model, big, targets, steps);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = unitTrapezoid(f, i * steps, (i + 1) * steps);
  return { ...summarizeValues('SELECTIVITY', values), curves: matrix(n, steps, f) };
}

import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { pearson, prepare, targetOutputs } from '../internal/common.js';
import { anyPresetOption, positiveInt } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { attributionOrders, stepCount, stepPerturbations, stepSums } from '../internal/featureSteps.js';
import { baselineFill } from '../internal/quantusBaseline.js';
import type { QuantusBaseline } from '../internal/quantusBaseline.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link faithfulnessEstimate}. @since 0.3.0 */
export interface FaithfulnessEstimateOptions extends ScoringOptions {
  /** Replacement of a removed feature: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
  /** Features removed together (Quantus `features_in_step`). @defaultValue 1 */
  readonly featuresInStep?: number;
}

const KEYS: OptionKeys<FaithfulnessEstimateOptions> = ['baseline', 'featuresInStep', ...SCORING_KEYS];

/** Static facts about the faithfulness estimate. @since 0.3.0 */
export const faithfulnessEstimateInfo = {
  id: 'FAITHFULNESS_ESTIMATE',
  name: 'Faithfulness estimate',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Alvarez-Melis & Jaakkola 2018, "Towards Robust Interpretability with Self-Explaining Neural Networks", §4 (faithfulness); Quantus FaithfulnessEstimate (quantus/metrics/faithfulness/faithfulness_estimate.py)',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('FaithfulnessEstimate'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking correlates with single-feature drops only as far as the model is globally additive',
  nullMeaningful: true,
  nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
} as const;

/**
 * Faithfulness estimate (Alvarez-Melis & Jaakkola 2018) as Quantus computes it: the features
 * are taken `featuresInStep` at a time in decreasing signed attribution; each group alone is
 * set to the baseline and the drop f(x) − f(x with that group removed) is paired with the
 * group's attribution sum. The value is the Pearson correlation of the drops with the sums over
 * the groups. f is the scored output (`output`: the target's probability by default, a value model's value). Undefined (NaN, counted)
 * when either series is constant, e.g. all-zero attributions. Higher is better. Deterministic;
 * one `predictProba` call over n·(1 + groups) rows.
 * @example faithfulnessEstimate({ x, attributions, model }, { baseline: 0 }).mean
 * @since 0.3.0
 */
export function faithfulnessEstimate(input: ExtendedMetricInput, options: FaithfulnessEstimateOptions = {}): MetricResult {
  const fn = 'faithfulnessEstimate';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const model = scoredModel(given, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'logit', fn });
  const step = positiveInt(o.featuresInStep ?? 1, fn, 'options.featuresInStep');
  const fill = baselineFill(o.baseline ?? 'black', d, fn);
  const steps = stepCount(d, step);
  const orders = attributionOrders(attributions, 'most-relevant');
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, stepPerturbations(x, orders, step, 'single', fill), targets, steps);
  const values = new Float64Array(n);
  const drops = new Float64Array(steps);
  for (let i = 0; i < n; i++) {
    for (let s = 0; s < steps; s++) drops[s] = fx[i]! - fp[i * steps + s]!;
    values[i] = pearson(stepSums(row(attributions, i), orders[i]!, step), drops);
  }
  return summarizeValues('FAITHFULNESS_ESTIMATE', values);
}

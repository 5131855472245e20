import { XaiError, checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { baselineVector, pearson, prepare, rowRng, targetOutputs } from '../internal/common.js';
import { anyPresetOption, positiveInt, seedOption } from '../internal/options.js';
import { baselineRandomSubset } from '../internal/randomSubset.js';
import type { Baseline } from '../internal/common.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link faithfulnessCorrelation}. @since 0.2.0 */
export interface FaithfulnessCorrelationOptions extends ScoringOptions {
  /** Random subsets per instance (Quantus `nr_runs`). @defaultValue 100 */
  readonly samples?: number;
  /** Features per subset |S|. @defaultValue max(1, round(d / 4)) */
  readonly subsetSize?: number;
  /** Value(s) the subset is set to. @defaultValue 0; under `quantus` each row's minimum (Quantus' "black") */
  readonly baseline?: Baseline;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<FaithfulnessCorrelationOptions> = ['samples', 'subsetSize', 'baseline', 'seed', ...SCORING_KEYS];

/** Static facts about faithfulness correlation. @since 0.2.0 */
export const faithfulnessCorrelationInfo = {
  id: 'FAITHFULNESS_CORRELATION',
  name: 'Faithfulness correlation',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Bhatt et al. 2020, "Evaluating and Aggregating Feature-based Model Explanations", eq. 2 (μ_F); Quantus FaithfulnessCorrelation',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('FaithfulnessCorrelation'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking correlates only as far as the model is globally additive',
  nullMeaningful: true,
  nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
} as const;

/**
 * Faithfulness correlation (Bhatt et al. 2020): μ_F = corr over random subsets S of size |S| of
 * (Σ_{j∈S} g_j(x), f(x) − f(x with x_S = baseline)), Pearson as in Quantus. f is the target's
 * probability (a value model's output). Subsets come from the row's content-keyed stream.
 * Undefined (NaN, counted) when either series is constant, e.g. all-zero attributions.
 * Under `quantus` the subset is set to the row's minimum (Quantus' `perturb_baseline="black"`) and
 * logits are scored; Quantus' `subset_size=224` exceeds tabular widths, so `subsetSize` keeps this
 * default. One `predictProba` call over n·samples rows. Higher is better.
 * @example faithfulnessCorrelation({ x, attributions, model }, { samples: 100, subsetSize: 5 }).mean
 * @since 0.2.0
 */
export function faithfulnessCorrelation(input: ExtendedMetricInput, options: FaithfulnessCorrelationOptions = {}): MetricResult {
  const fn = 'faithfulnessCorrelation';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const quantus = preset === 'quantus';
  const model = scoredModel(given, { output: o.output, preset, quantus: 'logit', fn });
  const S = positiveInt(o.samples ?? 100, fn, 'options.samples');
  const k = positiveInt(o.subsetSize ?? Math.max(1, Math.round(d / 4)), fn, 'options.subsetSize');
  if (k > d) throw new XaiError('BAD_OPTION', `subsetSize ${k} exceeds the ${d} features`, { fn, arg: 'options.subsetSize', value: k });
  const seed = seedOption(o.seed ?? 0, fn);
  const rowMinimum = quantus && o.baseline === undefined;
  const base = baselineVector(o.baseline ?? 0, d, fn);
  const big = matrix(n * S, d);
  const sums = new Float64Array(n * S);
  const pool = new Int32Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const e = row(attributions, i);
    const rng = rowRng(x, i, seed, fn);
    if (rowMinimum) base.fill(Math.min(...xi));
    for (let s = 0; s < S; s++) {
      sums[i * S + s] = baselineRandomSubset(rng, pool, k, xi, e, base, big.data, (i * S + s) * d);
    }
  }
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, big, targets, S);
  const values = new Float64Array(n);
  const drops = new Float64Array(S);
  for (let i = 0; i < n; i++) {
    for (let s = 0; s < S; s++) drops[s] = fx[i]! - fp[i * S + s]!;
    values[i] = pearson(sums.subarray(i * S, (i + 1) * S), drops);
  }
  return summarizeValues('FAITHFULNESS_CORRELATION', values);
}

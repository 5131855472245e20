import { checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, Model, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { anyPresetOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { baselineVector, prepare, targetOutputs } from '../internal/common.js';
import type { Baseline } from '../internal/common.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link completeness}. @since 0.2.0 */
export interface CompletenessOptions extends ScoringOptions {
  /** The reference input x₀. @defaultValue 0; under `quantus` each row's minimum in every feature (Quantus' "black") */
  readonly baseline?: Baseline;
  /** Divide by |f(x) − f(x₀)| (NaN when that is 0). @defaultValue false */
  readonly relative?: boolean;
}

const KEYS: OptionKeys<CompletenessOptions> = ['baseline', 'relative', ...SCORING_KEYS];

/** Static facts about completeness. @since 0.2.0 */
export const completenessInfo = {
  id: 'COMPLETENESS',
  name: 'Completeness gap',
  family: 'axiomatic',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Sundararajan et al. 2017 (IG completeness axiom); Bach et al. 2015 (conservation); Quantus Completeness',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('Completeness'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: "meaningful: a shortcut's sum is unrelated to f(x) − f(x₀)",
  nullMeaningful: false,
  nullNote: 'not meaningful: Σ_j e_j is invariant under a feature permutation, so the null equals the explainer',
} as const;

/**
 * Completeness (summation-to-delta): |Σ_j Φ_j(x) − (f(x) − f(x₀))| with f the target's
 * probability (a value model's output) and x₀ the baseline — 0 for exact IG, Shapley values
 * (efficiency, with the same baseline) and DeepLIFT; Quantus returns the boolean
 * "Σ Φ == Δf" (exact equality, after normalising Φ by its batch maximum), this returns the gap
 * itself under every preset; `quantus` takes Quantus' logits and row-minimum baseline. Two
 * `predictProba` calls (the n rows, the baseline once; n baseline rows under `quantus`). Lower is better.
 * @example completeness({ x, attributions, model }, { baseline: 0 }).mean
 * @since 0.2.0
 */
export function completeness(input: ExtendedMetricInput, options: CompletenessOptions = {}): MetricResult {
  const fn = 'completeness';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const model = scoredModel(given, { output: o.output, preset, quantus: 'logit', fn });
  const fx = targetOutputs(model, x, targets, 1);
  const fb =
    preset === 'quantus' && o.baseline === undefined
      ? rowMinimumOutputs(model, x, targets)
      : sharedBaselineOutputs(model, o, d, targets, fn);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let sum = 0;
    for (let j = 0; j < d; j++) sum += e[j]!;
    const delta = fx[i]! - fb[i]!;
    const gap = Math.abs(sum - delta);
    values[i] = o.relative === true ? (delta === 0 ? Number.NaN : gap / Math.abs(delta)) : gap;
  }
  return summarizeValues('COMPLETENESS', values);
}

/** f_t(x₀) per row for one shared baseline (one model call of one row). */
function sharedBaselineOutputs(model: Model, o: CompletenessOptions, d: number, targets: Int32Array, fn: string): Float64Array {
  const pb = row(model.predictProba(matrix(1, d, baselineVector(o.baseline ?? 0, d, fn))), 0);
  return Float64Array.from(targets, (t) => pb[t]!);
}

/** f_t(x₀) with x₀ = (min_k x_k, …, min_k x_k) per row: Quantus' "black" baseline. */
function rowMinimumOutputs(model: Model, x: Matrix, targets: Int32Array): Float64Array {
  const x0 = matrix(x.rows, x.cols);
  for (let i = 0; i < x.rows; i++) x0.data.fill(Math.min(...row(x, i)), i * x.cols, (i + 1) * x.cols);
  return targetOutputs(model, x0, targets, 1);
}

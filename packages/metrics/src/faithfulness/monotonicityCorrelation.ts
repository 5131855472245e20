import { XaiError, checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys, Rng } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions, ScoringOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare, spearman } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { BLOCK_ROWS, featureNoiseEffects, uniformUnit } from '../internal/featureNoise.js';
import type { FeatureDraw } from '../internal/featureNoise.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link monotonicityCorrelation}. @since 0.2.0 */
export interface MonotonicityCorrelationOptions extends NoiseUnitsOptions, ScoringOptions {
  /** Draws per feature (Quantus `nr_samples`). @defaultValue 20 (100 under `quantus`) */
  readonly samples?: number;
  /**
   * Feature j is resampled as x_j + N(0, std²) (std·featureScale[j] when given); under `quantus`
   * it is replaced by U(0, 1) whatever the row's values, as Quantus' `perturb_baseline="uniform"`
   * draws (quantus/helpers/utils.py:163, np.random.uniform(low=0, high=1)), and `std` must be
   * left out. @defaultValue 0.1
   */
  readonly std?: number;
  /**
   * Custom replacement (Quantus `perturb_func`): the value feature j of row `x` takes in one draw,
   * in place of the preset's; called `samples` times per (row, feature), in draw order.
   */
  readonly perturb?: (x: Float64Array, j: number, rng: Rng) => number;
  /** Correlate |attribution| (Quantus `abs=True`) or the signed value. @defaultValue true */
  readonly abs?: boolean;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<MonotonicityCorrelationOptions> = [
  'samples',
  'std',
  'abs',
  'seed',
  'perturb',
  'featureScale',
  'keys',
  ...SCORING_KEYS,
];

/** Static facts about monotonicity correlation. @since 0.2.0 */
export const monotonicityCorrelationInfo = {
  id: 'MONOTONICITY_CORRELATION',
  name: 'Monotonicity correlation',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Nguyen & Martínez 2020, "On Quantitative Aspects of Model Interpretability", §3.2 (monotonicity); Quantus MonotonicityCorrelation',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('MonotonicityCorrelation'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed variance ranking tracks per-feature output variance only globally',
  nullMeaningful: true,
  nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
} as const;

/**
 * Monotonicity correlation (Nguyen & Martínez 2020): Spearman's ρ between |a_j| and the
 * expected squared output change when feature j alone is resampled,
 * v_j = E[(f(x) − f(x with x_j ~ N(x_j, std²)))²], one feature per step as Quantus'
 * default `features_in_step=1` (Quantus' 1/f(x)² scaling is a per-instance constant and
 * leaves ρ unchanged, so it is omitted). Ties get average ranks. Undefined (NaN, counted)
 * when the attributions or the v_j are constant. n·d·samples perturbed rows, one `predictProba`
 * call per block of ≈ 64k rows. Higher is better.
 * @example monotonicityCorrelation({ x, attributions, model }, { samples: 20 }).mean
 * @since 0.2.0
 */
export function monotonicityCorrelation(input: ExtendedMetricInput, options: MonotonicityCorrelationOptions = {}): MetricResult {
  const fn = 'monotonicityCorrelation';
  const o = checkOptions(options, KEYS, fn);
  const prepared = prepare(fn, input, ['model', 'attributions']);
  const p = {
    ...prepared,
    model: scoredModel(prepared.model, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'probability', fn }),
  };
  const { n, d, attributions } = p;
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  if (quantus && o.std !== undefined)
    throw new XaiError('BAD_OPTION', "the quantus preset replaces a feature by U(0, 1); leave 'std' out", {
      fn,
      arg: 'options.std',
      value: o.std,
    });
  const S = positiveInt(o.samples ?? (quantus ? 100 : 20), fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 0.1, 0, fn, 'options.std', true);
  const seed = seedOption(o.seed ?? 0, fn);
  const useAbs = o.abs ?? true;
  if (o.perturb !== undefined && typeof o.perturb !== 'function')
    throw new XaiError('BAD_OPTION', 'perturb must be a function (x, j, rng) => value', { fn, arg: 'options.perturb', value: o.perturb });
  const draw: FeatureDraw | null = o.perturb ?? (quantus ? uniformUnit : null);
  const effects = featureNoiseEffects(p, S, std, seed, fn, 'mean-square', BLOCK_ROWS, noiseUnits(fn, o, p.n, p.d), draw);
  const values = new Float64Array(n);
  const a = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    for (let j = 0; j < d; j++) a[j] = useAbs ? Math.abs(e[j]!) : e[j]!;
    values[i] = spearman(a, effects.subarray(i * d, (i + 1) * d));
  }
  return summarizeValues('MONOTONICITY_CORRELATION', values);
}

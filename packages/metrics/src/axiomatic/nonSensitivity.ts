import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions, ScoringOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { BLOCK_ROWS, featureNoiseEffects } from '../internal/featureNoise.js';

/** Options of {@link nonSensitivity}. @since 0.2.0 */
export interface NonSensitivityOptions extends NoiseUnitsOptions, ScoringOptions {
  /** Draws per feature. @defaultValue 10 */
  readonly samples?: number;
  /** Feature j is resampled as x_j + N(0, std²) (std·featureScale[j] when given). @defaultValue 1 */
  readonly std?: number;
  /**
   * A feature is a dummy when its effect (max |f(x') − f(x)| over its draws) is ≤ this times the
   * row's largest feature effect (relative, so a confident row, whose probabilities move by
   * ~1e-13, is judged by its own scale); every feature is a dummy when no feature moves f.
   * @defaultValue 1e-6
   */
  readonly outputEps?: number;
  /** An attribution is zero when |Φ_j| ≤ attributionEps · max_k |Φ_k| (relative). @defaultValue 1e-6 */
  readonly attributionEps?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS = ['samples', 'std', 'outputEps', 'attributionEps', 'seed', 'featureScale', 'keys', ...SCORING_KEYS];

/** Static facts about non-sensitivity. @since 0.2.0 */
export const nonSensitivityInfo = {
  id: 'NON_SENSITIVITY',
  name: 'Non-sensitivity violations',
  family: 'axiomatic',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Nguyen & Martínez 2020, "On Quantitative Aspects of Model Interpretability", §3.2 (non-sensitivity); Quantus NonSensitivity',
} as const;

/**
 * Non-sensitivity (Nguyen & Martínez 2020; the Dummy axiom): a feature the model does not
 * depend on must get zero attribution, and a zero attribution must mean no dependence.
 * Dummy features are detected by perturbation (feature j alone resampled `samples` times as
 * x_j + N(0, std²); dummy when its max |f(x') − f(x)| ≤ outputEps · the row's largest such
 * effect — relative, because an absolute threshold on probabilities calls every feature of a
 * confident row a dummy), zero attributions by
 * |Φ_j| ≤ attributionEps · max|Φ|; the value is the size of the symmetric difference of the
 * two sets (the set comparison of Quantus' NonSensitivity), i.e. the number of violating features.
 * n·d·samples perturbed rows, one `predictProba` call per block of ≈ 64k rows. Lower is better; 0 is perfect.
 * @example nonSensitivity({ x, attributions, model }).mean
 * @since 0.2.0
 */
export function nonSensitivity(input: ExtendedMetricInput, options: NonSensitivityOptions = {}): MetricResult {
  const fn = 'nonSensitivity';
  const o = checkOptions(options, KEYS, fn);
  const prepared = prepare(fn, input, ['model', 'attributions']);
  const p = { ...prepared, model: scoredModel(prepared.model, o.output, anyPresetOption(o.preset, fn), true, fn) }; // Quantus: softmax=True
  const { n, d, attributions } = p;
  const S = positiveInt(o.samples ?? 10, fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 1, 0, fn, 'options.std', true);
  const outEps = numberAtLeast(o.outputEps ?? 1e-6, 0, fn, 'options.outputEps');
  const attEps = numberAtLeast(o.attributionEps ?? 1e-6, 0, fn, 'options.attributionEps');
  const seed = seedOption(o.seed ?? 0, fn);
  const effects = featureNoiseEffects(p, S, std, seed, fn, 'max-abs', BLOCK_ROWS, noiseUnits(fn, o, p.n, p.d));
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let max = 0;
    let maxEffect = 0;
    for (let j = 0; j < d; j++) {
      max = Math.max(max, Math.abs(e[j]!));
      maxEffect = Math.max(maxEffect, effects[i * d + j]!);
    }
    let violations = 0;
    for (let j = 0; j < d; j++) {
      const dummy = effects[i * d + j]! <= outEps * maxEffect;
      const zero = Math.abs(e[j]!) <= attEps * max;
      if (dummy !== zero) violations++;
    }
    values[i] = violations;
  }
  return summarizeValues('NON_SENSITIVITY', values);
}

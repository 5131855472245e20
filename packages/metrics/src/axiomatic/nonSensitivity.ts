import { XaiError, checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions, ScoringOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare, targetOutputs } from '../internal/common.js';
import type { Prepared } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { BLOCK_ROWS, featureNoiseEffects } from '../internal/featureNoise.js';
import { quantusAttributions } from '../internal/quantusAttributions.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

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

/** Quantus' `eps` of NonSensitivity (attributions and output changes, both absolute). */
const QUANTUS_EPS = 1e-5;

const KEYS: OptionKeys<NonSensitivityOptions> = [
  'samples',
  'std',
  'outputEps',
  'attributionEps',
  'seed',
  'featureScale',
  'keys',
  ...SCORING_KEYS,
];

/** Static facts about non-sensitivity. @since 0.2.0 */
export const nonSensitivityInfo = {
  id: 'NON_SENSITIVITY',
  name: 'Non-sensitivity violations',
  family: 'axiomatic',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Nguyen & Martínez 2020, "On Quantitative Aspects of Model Interpretability", §3.2 (non-sensitivity); Quantus NonSensitivity',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('NonSensitivity'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a dense shortcut gives dummy features non-zero attribution',
  nullMeaningful: true,
  nullNote: 'meaningful: permutation moves zero attributions off the dummy features',
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
 * Under `quantus` it is Quantus' NonSensitivity exactly (deterministic): |Φ| divided by its batch
 * maximum, zero when < 1e-5 (`attributionEps`); feature j replaced by the row's minimum (Quantus'
 * "black" baseline), unchanged when |f(x) − f(x')| < 1e-5 (`outputEps`); one model call of n·d rows.
 * @example nonSensitivity({ x, attributions, model }).mean
 * @since 0.2.0
 */
export function nonSensitivity(input: ExtendedMetricInput, options: NonSensitivityOptions = {}): MetricResult {
  const fn = 'nonSensitivity';
  const o = checkOptions(options, KEYS, fn);
  const prepared = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const p = { ...prepared, model: scoredModel(prepared.model, { output: o.output, preset, quantus: 'probability', fn }) };
  if (preset === 'quantus') return quantusNonSensitivity(fn, p, o);
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

/** Quantus' NonSensitivity: feature j replaced by min_k x_k, absolute thresholds, batch-normalised |Φ|. */
function quantusNonSensitivity(fn: string, p: Prepared, o: NonSensitivityOptions): MetricResult {
  for (const key of ['samples', 'std', 'featureScale'] as const) {
    if (o[key] !== undefined)
      throw new XaiError('BAD_OPTION', `the quantus preset replaces each feature by the row minimum; leave '${key}' out`, {
        fn,
        arg: `options.${key}`,
        value: o[key],
      });
  }
  const outEps = numberAtLeast(o.outputEps ?? QUANTUS_EPS, 0, fn, 'options.outputEps');
  const attEps = numberAtLeast(o.attributionEps ?? QUANTUS_EPS, 0, fn, 'options.attributionEps');
  const { x, n, d, model, targets } = p;
  const a = quantusAttributions(p.attributions);
  const big = matrix(n * d, d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    let min = Infinity;
    for (const v of xi) min = Math.min(min, v);
    for (let j = 0; j < d; j++) {
      const at = (i * d + j) * d;
      big.data.set(xi, at);
      big.data[at + j] = min;
    }
  }
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, big, targets, d);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let violations = 0;
    for (let j = 0; j < d; j++) {
      const unchanged = Math.abs(fx[i]! - fp[i * d + j]!) < outEps;
      const zero = a[i * d + j]! < attEps;
      if (unchanged !== zero) violations++;
    }
    values[i] = violations;
  }
  return summarizeValues('NON_SENSITIVITY', values);
}

import { XaiError, checkOptions, describeValue, matrix, row, summarizeValues } from '@xai/core';
import type { MetricResult, Rng, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions, ScoringOptions } from '../extendedMetricTypes.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { baselineVector, noiseUnits, prepare, rowRng, targetOutputs } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import type { Baseline } from '../internal/common.js';
import { ALWAYS, captumPeer } from '../internal/metricPeers.js';

/**
 * A custom perturbation (Captum's `perturb_func`): write the perturbation I into
 * `perturbation` and the perturbed input into `perturbed` (usually x − I) for row `x`.
 * @since 0.2.0
 */
export type InfidelityPerturbFn = (x: Float64Array, rng: Rng, perturbation: Float64Array, perturbed: Float64Array) => void;

/** Options of {@link infidelity}. @since 0.2.0 */
export interface InfidelityOptions extends NoiseUnitsOptions, ScoringOptions {
  /** Perturbations per instance (Captum `n_perturb_samples`). @defaultValue 10 */
  readonly samples?: number;
  /**
   * `gaussian`: I ~ N(0, std²), x' = x − I. `subset`: I_j ∈ {0, 1} with probability
   * `subsetProbability`, x'_j = baseline_j where I_j = 1 (Yeh et al.'s sensitivity-n
   * scheme, Captum's test perturbation). Or a function. @defaultValue 'gaussian'
   */
  readonly perturbation?: 'gaussian' | 'subset' | InfidelityPerturbFn;
  /** Noise scale of `gaussian`, > 0 (std·featureScale[j] on feature j when given; `subset` and functions are not rescaled). @defaultValue 0.1 */
  readonly std?: number;
  /** Probability in (0, 1] that `subset` removes a feature. @defaultValue 0.5 */
  readonly subsetProbability?: number;
  /** Replacement value(s) of the `subset` scheme. @defaultValue 0 */
  readonly baseline?: Baseline;
  /** Captum's `normalize`: scale the attribution term by the optimal β = E[aᵀI·Δf] / E[(aᵀI)²]. @defaultValue false */
  readonly normalize?: boolean;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<InfidelityOptions> = [
  'samples',
  'perturbation',
  'std',
  'subsetProbability',
  'baseline',
  'normalize',
  'seed',
  'featureScale',
  'keys',
  ...SCORING_KEYS,
];

/** Static facts about infidelity. @since 0.2.0 */
export const infidelityInfo = {
  id: 'INFIDELITY',
  name: 'Infidelity',
  family: 'faithfulness',
  direction: 'lower-is-better',
  requires: ['model', 'attributions'],
  reference: 'Yeh et al. 2019, "On the (In)fidelity and Sensitivity of Explanations", def. 2.1; Captum captum.metrics.infidelity',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: captumPeer('infidelity'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote:
    'meaningful: a constant (mean-gradient) explanation is exact for a linear model, so the floor shows how much of the score local linearity alone buys',
  nullMeaningful: true,
  nullNote: 'meaningful: permuting features breaks the alignment of Iᵀe with f(x) − f(x − I)',
} as const;

/** {@link infidelity}'s result: per-instance values plus β when `normalize` is on. @since 0.2.0 */
export interface InfidelityResult extends MetricResult {
  /** The per-instance scaling β (1 without `normalize`). */
  readonly beta: Float64Array;
}

/**
 * Infidelity (Yeh et al. 2019): INFD(Φ, f, x) = E_I[(Iᵀ Φ(x) − (f(x) − f(x − I)))²], Monte-Carlo
 * over `samples` perturbations I, as Captum computes it; with `normalize` the attribution
 * term is scaled by the β minimising it, β = Σ aᵀI·Δf / Σ (aᵀI)² (Captum's safe division:
 * β = 0 when every aᵀI is 0), giving β²Σa² − 2βΣaΔ + ΣΔ² over samples. f is the target class
 * probability (or output column of a value model). Perturbations are drawn from a stream keyed
 * by the row's content and `seed`, so every explainer of a row sees the same I (common random
 * numbers). All n·samples perturbed rows go through one `predictProba` call. Lower is better.
 * @example infidelity({ x, attributions, model }, { samples: 10, std: 0.1 }).mean
 * @since 0.2.0
 */
export function infidelity(input: ExtendedMetricInput, options: InfidelityOptions = {}): InfidelityResult {
  const fn = 'infidelity';
  const o = checkOptions(options, KEYS, fn);
  const S = positiveInt(o.samples ?? 10, fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 0.1, 0, fn, 'options.std', true); // 0: I = 0, a vacuous perfect score
  const p = numberAtLeast(o.subsetProbability ?? 0.5, 0, fn, 'options.subsetProbability', true);
  if (p > 1)
    throw new XaiError('BAD_OPTION', `subsetProbability must be in (0, 1], got ${p}`, { fn, arg: 'options.subsetProbability', value: p });
  const seed = seedOption(o.seed ?? 0, fn);
  const normalize = o.normalize ?? false;
  const scheme = o.perturbation ?? 'gaussian';
  if (scheme !== 'gaussian' && scheme !== 'subset' && typeof scheme !== 'function') {
    throw new XaiError('BAD_OPTION', `perturbation must be 'gaussian', 'subset' or a function, got ${describeValue(scheme)}`, {
      fn,
      arg: 'options.perturbation',
      value: scheme,
    });
  }
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const model = scoredModel(given, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'logit', fn });
  const base = baselineVector(o.baseline ?? 0, d, fn);
  const { scale, keys } = noiseUnits(fn, o, n, d);

  const pert = new Float64Array(n * S * d);
  const big = matrix(n * S, d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const rng = rowRng(x, i, seed, fn, keys);
    for (let s = 0; s < S; s++) {
      const at = (i * S + s) * d;
      const I = pert.subarray(at, at + d);
      const xp = big.data.subarray(at, at + d);
      if (scheme === 'gaussian') {
        rng.fillNormal(I, 0, std);
        if (scale !== null) for (let j = 0; j < d; j++) I[j] = I[j]! * scale[j]!;
        for (let j = 0; j < d; j++) xp[j] = xi[j]! - I[j]!;
      } else if (scheme === 'subset') {
        for (let j = 0; j < d; j++) {
          const on = rng.uniform() < p;
          I[j] = on ? 1 : 0;
          xp[j] = on ? base[j]! : xi[j]!;
        }
      } else {
        scheme(xi, rng, I, xp);
      }
    }
  }
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, big, targets, S);
  const values = new Float64Array(n);
  const beta = new Float64Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let aa = 0;
    let ab = 0;
    let bb = 0;
    let sq = 0;
    for (let s = 0; s < S; s++) {
      const at = (i * S + s) * d;
      let a = 0;
      for (let j = 0; j < d; j++) a += pert[at + j]! * e[j]!;
      const b = fx[i]! - fp[i * S + s]!;
      aa += a * a;
      ab += a * b;
      bb += b * b;
      sq += (a - b) * (a - b);
    }
    if (normalize) {
      const bt = aa === 0 ? ab : ab / aa; // Captum's safe_div replaces a zero denominator by 1
      beta[i] = bt;
      values[i] = Math.max(0, (bt * bt * aa - 2 * bt * ab + bb) / S);
    } else values[i] = sq / S;
  }
  return { ...summarizeValues('INFIDELITY', values), beta };
}

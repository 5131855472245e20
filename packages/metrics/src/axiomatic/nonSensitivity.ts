import { checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { numberAtLeast, positiveInt, prepare, rowRng, seedOption, targetOutputs } from '../extended/internal/common.js';

/** Options of {@link nonSensitivity}. @since 0.2.0 */
export interface NonSensitivityOptions {
  /** Draws per feature. @defaultValue 10 */
  readonly samples?: number;
  /** Feature j is resampled as x_j + N(0, std²). @defaultValue 1 */
  readonly std?: number;
  /** A feature is a dummy when max |f(x') − f(x)| over its draws is ≤ this. @defaultValue 1e-8 */
  readonly outputEps?: number;
  /** An attribution is zero when |Φ_j| ≤ attributionEps · max_k |Φ_k| (relative). @defaultValue 1e-6 */
  readonly attributionEps?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS = ['samples', 'std', 'outputEps', 'attributionEps', 'seed'];

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
 * x_j + N(0, std²); dummy when every |f(x') − f(x)| ≤ outputEps), zero attributions by
 * |Φ_j| ≤ attributionEps · max|Φ|; the value is the size of the symmetric difference of the
 * two sets (the set comparison of Quantus' NonSensitivity), i.e. the number of violating features. One `predictProba`
 * call over n·d·samples rows. Lower is better; 0 is perfect.
 * @example nonSensitivity({ x, attributions, model }).mean
 * @since 0.2.0
 */
export function nonSensitivity(input: ExtendedMetricInput, options: NonSensitivityOptions = {}): MetricResult {
  const fn = 'nonSensitivity';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model, targets } = prepare(fn, input, ['model', 'attributions']);
  const S = positiveInt(o.samples ?? 10, fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 1, 0, fn, 'options.std', true);
  const outEps = numberAtLeast(o.outputEps ?? 1e-8, 0, fn, 'options.outputEps');
  const attEps = numberAtLeast(o.attributionEps ?? 1e-6, 0, fn, 'options.attributionEps');
  const seed = seedOption(o.seed ?? 0, fn);
  const per = d * S;
  const big = matrix(n * per, d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const rng = rowRng(x, i, seed, fn);
    for (let j = 0; j < d; j++) {
      for (let s = 0; s < S; s++) {
        const at = (i * per + j * S + s) * d;
        big.data.set(xi, at);
        big.data[at + j] = xi[j]! + std * rng.normal();
      }
    }
  }
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, big, targets, per);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let max = 0;
    for (let j = 0; j < d; j++) max = Math.max(max, Math.abs(e[j]!));
    let violations = 0;
    for (let j = 0; j < d; j++) {
      let effect = 0;
      for (let s = 0; s < S; s++) effect = Math.max(effect, Math.abs(fp[i * per + j * S + s]! - fx[i]!));
      const dummy = effect <= outEps;
      const zero = Math.abs(e[j]!) <= attEps * max;
      if (dummy !== zero) violations++;
    }
    values[i] = violations;
  }
  return summarizeValues('NON_SENSITIVITY', values);
}

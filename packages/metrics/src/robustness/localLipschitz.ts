import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult, Rng } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare, unitNoise } from '../internal/common.js';
import { numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { normOfDiff, reExplain } from '../internal/sensitivity.js';

/** Options of {@link localLipschitz}. @since 0.2.0 */
export interface LocalLipschitzOptions extends NoiseUnitsOptions {
  /** Neighbours per instance (Quantus `nr_samples`). @defaultValue 10 */
  readonly samples?: number;
  /** x' = x + N(0, std²), std > 0 (Quantus `perturb_std`); std·featureScale[j] on feature j, and ||x − x'|| on x / featureScale, when given. @defaultValue 0.1 */
  readonly std?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS = ['samples', 'std', 'seed', 'featureScale', 'keys'];

/** Static facts about the local Lipschitz estimate. @since 0.2.0 */
export const localLipschitzInfo = {
  id: 'LOCAL_LIPSCHITZ',
  name: 'Local Lipschitz estimate',
  family: 'robustness',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Alvarez-Melis & Jaakkola 2018, "On the Robustness of Interpretability Methods", eq. 3; Quantus LocalLipschitzEstimate',
} as const;

/**
 * Local Lipschitz estimate (Alvarez-Melis & Jaakkola 2018): L(x) = max_{x' ∈ N(x)} ||Φ(x) − Φ(x')||₂ / ||x − x'||₂
 * over `samples` Gaussian neighbours x' = x + N(0, std²) (Quantus' sampling in place of the
 * paper's optimisation, so it is a lower bound of the true local constant). Φ(x) is
 * `input.attributions` when given, else re-explained; the neighbours go through one explain
 * call; a non-finite re-explanation is a NON_FINITE error naming `localLipschitz → explain`.
 * A neighbour equal to x (possible only through rounding) is skipped; a row with no other
 * neighbour is NaN (counted). Lower is better.
 * @example localLipschitz({ x, model, explain }, { samples: 10, std: 0.1 }).mean
 * @since 0.2.0
 */
export function localLipschitz(input: ExtendedMetricInput, options: LocalLipschitzOptions = {}): MetricResult {
  const fn = 'localLipschitz';
  const o = checkOptions(options, KEYS, fn);
  const S = positiveInt(o.samples ?? 10, fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 0.1, 0, fn, 'options.std', true);
  const seed = seedOption(o.seed ?? 0, fn);
  const p = prepare(fn, input, ['model', 'explain']);
  const { scale, keys } = noiseUnits(fn, o, p.n, p.d);
  const perturb = (xi: Float64Array, rng: Rng, out: Float64Array): void => {
    for (let j = 0; j < out.length; j++) out[j] = xi[j]! + unitNoise(std, scale, j) * rng.normal();
  };
  const { big, e0, eb } = reExplain(p, S, seed, fn, perturb, keys);
  const values = new Float64Array(p.n);
  const tmp = new Float64Array(p.d);
  for (let i = 0; i < p.n; i++) {
    const xi = row(p.x, i);
    const e = row(e0, i);
    let best = Number.NaN;
    for (let s = 0; s < S; s++) {
      const dx = scale === null ? normOfDiff(xi, row(big, i * S + s), 'l2', tmp) : scaledDistance(xi, row(big, i * S + s), scale);
      if (dx === 0) continue;
      const v = normOfDiff(e, row(eb, i * S + s), 'l2', tmp) / dx;
      if (Number.isNaN(best) || v > best) best = v;
    }
    values[i] = best;
  }
  return summarizeValues('LOCAL_LIPSCHITZ', values);
}

/** ||(a − b) / s||₂. */
function scaledDistance(a: Float64Array, b: Float64Array, s: Float64Array): number {
  let acc = 0;
  for (let j = 0; j < a.length; j++) {
    const t = (a[j]! - b[j]!) / s[j]!;
    acc += t * t;
  }
  return Math.sqrt(acc);
}

import { XaiError, checkOptions, describeValue, matrix, row, summarizeValues } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, Rng, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare, unitNoise } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { normOfDiff, reExplain } from '../internal/sensitivity.js';
import { quantusPeer } from '../internal/metricPeers.js';
import { INPUT_INDEPENDENT_FLOOR, RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link localLipschitz}. @since 0.2.0 */
export interface LocalLipschitzOptions extends NoiseUnitsOptions {
  /** Neighbours per instance (Quantus `nr_samples`). @defaultValue 10 (200 under `quantus`) */
  readonly samples?: number;
  /** x' = x + N(0, std²), std > 0 (Quantus `perturb_std`); std·featureScale[j] on feature j, and ||x − x'|| on x / featureScale, when given. @defaultValue 0.1 */
  readonly std?: number;
  /** Custom neighbour (Quantus `perturb_func`): write x' for row `x` into `out`; not rescaled by `featureScale`. */
  readonly perturb?: (x: Float64Array, rng: Rng, out: Float64Array) => void;
  /**
   * `quantus`: Quantus' LocalLipschitzEstimate defaults — 200 neighbours, and its `normalise`:
   * Φ(x) divided by its largest |value| over the batch, each batch of neighbour explanations
   * (one neighbour per row) by its own, and its distance guard: ||x − x'|| + 1e-10 in the
   * denominator (quantus/functions/similarity_func.py:209, lipschitz_constant's eps). Every other
   * preset: raw explanations, no guard. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<LocalLipschitzOptions> = ['samples', 'std', 'seed', 'featureScale', 'keys', 'perturb', 'preset'];

/** Static facts about the local Lipschitz estimate. @since 0.2.0 */
export const localLipschitzInfo = {
  id: 'LOCAL_LIPSCHITZ',
  name: 'Local Lipschitz estimate',
  family: 'robustness',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Alvarez-Melis & Jaakkola 2018, "On the Robustness of Interpretability Methods", eq. 3; Quantus LocalLipschitzEstimate',
  representation: 'any',
  definedWhen: 'a neighbour differs from x',
  peer: quantusPeer('LocalLipschitzEstimate'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: INPUT_INDEPENDENT_FLOOR,
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
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
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  const S = positiveInt(o.samples ?? (quantus ? 200 : 10), fn, 'options.samples');
  const std = numberAtLeast(o.std ?? 0.1, 0, fn, 'options.std', true);
  const seed = seedOption(o.seed ?? 0, fn);
  if (o.perturb !== undefined && typeof o.perturb !== 'function')
    throw new XaiError('BAD_OPTION', `perturb must be a function, got ${describeValue(o.perturb)}`, {
      fn,
      arg: 'options.perturb',
      value: o.perturb,
    });
  const p = prepare(fn, input, ['model', 'explain']);
  const { scale, keys } = noiseUnits(fn, o, p.n, p.d);
  const perturb =
    o.perturb ??
    ((xi: Float64Array, rng: Rng, out: Float64Array): void => {
      for (let j = 0; j < out.length; j++) out[j] = xi[j]! + unitNoise(std, scale, j) * rng.normal();
    });
  const explained = reExplain(p, S, seed, fn, perturb, keys);
  const { big } = explained;
  const { e0, eb } = quantus ? quantusNormalised(explained.e0, explained.eb, S) : explained;
  const values = new Float64Array(p.n);
  const tmp = new Float64Array(p.d);
  for (let i = 0; i < p.n; i++) {
    const xi = row(p.x, i);
    const e = row(e0, i);
    let best = Number.NaN;
    for (let s = 0; s < S; s++) {
      const dx = scale === null ? normOfDiff(xi, row(big, i * S + s), 'l2', tmp) : scaledDistance(xi, row(big, i * S + s), scale);
      if (dx === 0 && !quantus) continue;
      const v = normOfDiff(e, row(eb, i * S + s), 'l2', tmp) / (quantus ? dx + QUANTUS_EPS : dx);
      if (Number.isNaN(best) || v > best) best = v;
    }
    values[i] = best;
  }
  return summarizeValues('LOCAL_LIPSCHITZ', values);
}

/** lipschitz_constant's guard on the input distance (quantus/functions/similarity_func.py:201). */
const QUANTUS_EPS = 1e-10;

/**
 * Quantus' normalise_by_max as LocalLipschitzEstimate applies it: e0 over the whole batch, the
 * neighbour explanations per step s (rows i·S + s for every i), each skipped when all zero.
 */
function quantusNormalised(e0: Matrix, eb: Matrix, S: number): { e0: Matrix; eb: Matrix } {
  const n = e0.rows;
  const groups = [Array.from({ length: n }, (_, i) => i)];
  const out0 = scaledByMax(e0, groups);
  const steps = Array.from({ length: S }, (_, s) => Array.from({ length: n }, (_, i) => i * S + s));
  return { e0: out0, eb: scaledByMax(eb, steps) };
}

/** A contiguous copy of m with each group of rows divided by its largest |value| (all-zero groups unchanged). */
function scaledByMax(m: Matrix, groups: readonly (readonly number[])[]): Matrix {
  const out = matrix(m.rows, m.cols);
  for (const rows of groups) {
    let max = 0;
    for (const i of rows) for (const v of row(m, i)) max = Math.max(max, Math.abs(v));
    for (const i of rows) {
      const r = row(m, i);
      for (let j = 0; j < m.cols; j++) out.data[i * m.cols + j] = max > 0 ? r[j]! / max : r[j]!;
    }
  }
  return out;
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

// Max- and avg-sensitivity (Yeh et al. 2019, Captum sensitivity_max): one kernel, two reductions.
import { XaiError, checkOptions, describeValue, row } from '@xai/core';
import type { AnyPreset, Rng, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, NoiseUnitsOptions } from '../extendedMetricTypes.js';
import { noiseUnits, prepare, unitNoise } from './common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from './options.js';
import { checkNorm, normOf, normOfDiff, reExplain } from './sensitivity.js';
import type { Norm } from './sensitivity.js';

export interface SensitivityOptions extends NoiseUnitsOptions {
  /** Perturbed inputs per instance (Captum `n_perturb_samples`; Quantus `nr_samples`). @defaultValue 10 (200 under `quantus`) */
  readonly samples?: number;
  /**
   * Radius r > 0 of the L∞ ball: x' = x + U(−r, r)^d (Captum `perturb_radius`, Quantus `lower_bound`;
   * r·featureScale[j] on feature j when given). @defaultValue 0.02 (0.2 under `quantus`)
   */
  readonly radius?: number;
  /**
   * `quantus`: Quantus' Max/AvgSensitivity defaults (200 samples, radius 0.2, ||e − e′|| / ||e||
   * with no guard: a zero ||e|| gives Infinity or NaN as numpy does). `captum` and ours: Captum's
   * sensitivity_max defaults. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
  /** Norm of e − e′ and of e (Captum `norm_ord`, 'fro' = l2). @defaultValue 'l2' */
  readonly norm?: Norm;
  /** Divide by ||e(x)|| (Captum and Quantus; a zero norm divides by 1, as Captum does, except under `quantus`). @defaultValue true */
  readonly normalize?: boolean;
  /** Custom perturbation (Captum `perturb_func`): write the perturbed row into `out`. */
  readonly perturb?: (x: Float64Array, rng: Rng, out: Float64Array) => void;
  /** @defaultValue 0 */
  readonly seed?: number;
}

export const SENSITIVITY_KEYS: OptionKeys<SensitivityOptions> = [
  'samples',
  'radius',
  'norm',
  'normalize',
  'perturb',
  'seed',
  'featureScale',
  'keys',
  'preset',
];

export function runSensitivity(fn: string, reduce: 'max' | 'mean', input: ExtendedMetricInput, options: SensitivityOptions): Float64Array {
  const o = checkOptions(options, SENSITIVITY_KEYS, fn);
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  const S = positiveInt(o.samples ?? (quantus ? 200 : 10), fn, 'options.samples');
  const r = numberAtLeast(o.radius ?? (quantus ? 0.2 : 0.02), 0, fn, 'options.radius', true); // r = 0: every neighbour is x, a vacuous 0
  const norm = checkNorm(o.norm ?? 'l2', fn);
  const normalize = o.normalize ?? true;
  const seed = seedOption(o.seed ?? 0, fn);
  if (o.perturb !== undefined && typeof o.perturb !== 'function')
    throw new XaiError('BAD_OPTION', `perturb must be a function, got ${describeValue(o.perturb)}`, {
      fn,
      arg: 'options.perturb',
      value: o.perturb,
    });
  const p = prepare(fn, input, ['model', 'explain']);
  const units = noiseUnits(fn, o, p.n, p.d);
  const sc = units.scale;
  const perturb =
    o.perturb ??
    (sc === null
      ? (xi: Float64Array, rng: Rng, out: Float64Array) => {
          for (let j = 0; j < out.length; j++) out[j] = xi[j]! + (2 * rng.uniform() - 1) * r;
        }
      : (xi: Float64Array, rng: Rng, out: Float64Array) => {
          for (let j = 0; j < out.length; j++) out[j] = xi[j]! + (2 * rng.uniform() - 1) * unitNoise(r, sc, j);
        });
  const { e0, eb } = reExplain(p, S, seed, 'sensitivity', perturb, units.keys);
  const values = new Float64Array(p.n);
  const tmp = new Float64Array(p.d);
  for (let i = 0; i < p.n; i++) {
    const e = row(e0, i);
    const en = normOf(e, norm);
    const denom = normalize && (quantus || en > 0) ? en : 1;
    // A NaN ratio (0 / 0, only under quantus) is skipped like numpy's nanmax / nanmean.
    let acc = reduce === 'max' ? -Infinity : 0;
    let defined = 0;
    for (let s = 0; s < S; s++) {
      const v = normOfDiff(e, row(eb, i * S + s), norm, tmp) / denom;
      if (Number.isNaN(v)) continue;
      defined++;
      if (reduce === 'max') {
        if (v > acc) acc = v;
      } else acc += v;
    }
    values[i] = defined === 0 ? Number.NaN : reduce === 'max' ? acc : acc / defined;
  }
  return values;
}

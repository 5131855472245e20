import { XaiError, checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { pearson, prepare, rowRng, targetOutputs } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import type { Prepared } from '../internal/common.js';
import { attributionOrders, stepCount, stepPerturbations, stepSums } from '../internal/featureSteps.js';
import { baselineFill } from '../internal/quantusBaseline.js';
import { baselineRandomSubset } from '../internal/randomSubset.js';
import type { BaselineFill, QuantusBaseline } from '../internal/quantusBaseline.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link sensitivityN}. @since 0.3.0 */
export interface SensitivityNOptions extends ScoringOptions {
  /** Replacement of a removed feature: a number, one per feature, or the row's min ('black') / max ('white'). @defaultValue 'black' (Quantus) */
  readonly baseline?: QuantusBaseline;
  /** Grid step of the subset size n (Quantus `features_in_step`). @defaultValue 1 */
  readonly featuresInStep?: number;
  /** Largest n as a share of the features (Quantus `n_max_percentage`). @defaultValue 0.8 */
  readonly nMaxPercentage?: number;
  /** Random subsets per instance and n. @defaultValue 10 */
  readonly samples?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<SensitivityNOptions> = ['baseline', 'featuresInStep', 'nMaxPercentage', 'samples', 'seed', ...SCORING_KEYS];

/** A sensitivity-n result: per-instance mean correlation, per-n figures. @since 0.3.0 */
export interface SensitivityNResult extends MetricResult {
  /** The subset sizes n of the grid. */
  readonly sizes: Int32Array;
  /** n x sizes: each instance's correlation at each n (NaN where undefined). */
  readonly byN: Matrix;
  /**
   * Quantus' own output, one value per n: the Pearson correlation ACROSS instances of the drop
   * after removing the top n features (signed, cumulative) with the attribution sum of the last
   * `featuresInStep` removed (Quantus sums only that step's features).
   */
  readonly acrossInstances: Float64Array;
}

/** Static facts about sensitivity-n. @since 0.3.0 */
export const sensitivityNInfo = {
  id: 'SENSITIVITY_N',
  name: 'Sensitivity-n',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Ancona et al. 2018, "Towards Better Understanding of Gradient-based Attribution Methods for Deep Neural Networks", §3.2 (sensitivity-n); Quantus SensitivityN (quantus/metrics/faithfulness/sensitivity_n.py)',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('SensitivityN'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed attribution vector sums over subsets as the model does only where it is globally additive',
  nullMeaningful: true,
  nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
} as const;

function checkedGrid(d: number, step: number, share: number, fn: string): Int32Array {
  // Quantus: max_features = int(n_max_percentage · d // features_in_step).
  const count = Math.floor((share * d) / step);
  if (count < 1)
    throw new XaiError('BAD_OPTION', `nMaxPercentage ${share} · ${d} features leaves no subset size of ${step} or more`, {
      fn,
      arg: 'options.nMaxPercentage',
      value: share,
    });
  return Int32Array.from({ length: count }, (_, k) => (k + 1) * step);
}

/** Per instance and n: Pearson over `samples` random subsets of size n of (Σ_S e, f(x) − f(x_S = baseline)). */
function perInstance(p: Prepared, sizes: Int32Array, samples: number, seed: number, fill: BaselineFill): Matrix {
  const { x, n, d, attributions, model, targets } = p;
  const per = sizes.length * samples;
  const big = matrix(n * per, d);
  const sums = new Float64Array(n * per);
  const pool = new Int32Array(d);
  const base = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const e = row(attributions, i);
    fill(xi, base);
    const rng = rowRng(x, i, seed, 'sensitivityN');
    for (let k = 0; k < per; k++) {
      const size = sizes[Math.floor(k / samples)]!;
      sums[i * per + k] = baselineRandomSubset(rng, pool, size, xi, e, base, big.data, (i * per + k) * d);
    }
  }
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, big, targets, per);
  const out = matrix(n, sizes.length);
  const drops = new Float64Array(samples);
  for (let i = 0; i < n; i++) {
    for (let g = 0; g < sizes.length; g++) {
      const at = i * per + g * samples;
      for (let s = 0; s < samples; s++) drops[s] = fx[i]! - fp[at + s]!;
      out.data[i * sizes.length + g] = pearson(sums.subarray(at, at + samples), drops);
    }
  }
  return out;
}

/** Quantus' cross-instance correlation at each n of the grid. */
function acrossInstances(p: Prepared, step: number, count: number, fill: BaselineFill): Float64Array {
  const { x, n, d, attributions, model, targets } = p;
  const steps = stepCount(d, step);
  const orders = attributionOrders(attributions, 'most-relevant');
  const fx = targetOutputs(model, x, targets, 1);
  const fp = targetOutputs(model, stepPerturbations(x, orders, step, 'remove', fill), targets, steps);
  const out = new Float64Array(count);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const sums = orders.map((order, i) => stepSums(row(attributions, i), order, step));
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < n; i++) {
      a[i] = fx[i]! - fp[i * steps + k]!;
      b[i] = sums[i]![k]!;
    }
    out[k] = pearson(a, b);
  }
  return out;
}

/**
 * Sensitivity-n (Ancona et al. 2018): for subset sizes n on a grid up to `nMaxPercentage`·d,
 * the Pearson correlation between Σ_{j∈S} e_j and the drop f(x) − f(x with x_S = baseline)
 * over random subsets S of size n. Per instance, `samples` subsets per n (from the row's
 * content-keyed stream), averaged over the grid's defined correlations (`byN` keeps each n;
 * NaN when none is defined). Quantus instead correlates across the instances of the batch at
 * each n, one fixed subset (the top n) per instance: that figure is `acrossInstances`. f is the scored output (`output`: the target's
 * probability by default, a value model's value). Higher is better. Two `predictProba` calls,
 * over n·grid·samples and n·⌈d / featuresInStep⌉ rows.
 * @example sensitivityN({ x, attributions, model }, { samples: 20 }).acrossInstances
 * @since 0.3.0
 */
export function sensitivityN(input: ExtendedMetricInput, options: SensitivityNOptions = {}): SensitivityNResult {
  const fn = 'sensitivityN';
  const o = checkOptions(options, KEYS, fn);
  const prepared = prepare(fn, input, ['model', 'attributions']);
  const p = {
    ...prepared,
    model: scoredModel(prepared.model, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'probability', fn }),
  };
  const step = positiveInt(o.featuresInStep ?? 1, fn, 'options.featuresInStep');
  const share = numberAtLeast(o.nMaxPercentage ?? 0.8, 0, fn, 'options.nMaxPercentage', true);
  if (share > 1)
    throw new XaiError('BAD_OPTION', `nMaxPercentage must be in (0, 1], got ${share}`, { fn, arg: 'options.nMaxPercentage', value: share });
  const samples = positiveInt(o.samples ?? 10, fn, 'options.samples');
  const seed = seedOption(o.seed ?? 0, fn);
  const fill = baselineFill(o.baseline ?? 'black', p.d, fn);
  const sizes = checkedGrid(p.d, step, share, fn);
  const byN = perInstance(p, sizes, samples, seed, fill);
  const values = new Float64Array(p.n);
  for (let i = 0; i < p.n; i++) {
    let s = 0;
    let c = 0;
    for (const v of row(byN, i)) {
      if (Number.isNaN(v)) continue;
      s += v;
      c++;
    }
    values[i] = c > 0 ? s / c : Number.NaN;
  }
  const across = acrossInstances(p, step, sizes.length, fill);
  return { ...summarizeValues('SENSITIVITY_N', values), sizes, byN, acrossInstances: across };
}

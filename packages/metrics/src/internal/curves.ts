// Deletion / insertion curves (Petsiuk et al. 2018) over tabular features: one batched
// predictProba call for all n·(d+1) curve points.
import { XaiError, argsort, checkOptions, describeValue, matrix, row } from '@xai/core';
import type { Matrix, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { anyPresetOption } from './options.js';
import { SCORING_KEYS, scoredModel } from './outputSpace.js';
import { baselineVector, prepare, targetOutputs } from './common.js';
import type { Baseline } from './common.js';

export interface CurveOptions extends ScoringOptions {
  /** Replacement value(s) of removed features. @defaultValue 0 */
  readonly baseline?: Baseline;
  /** Order features by signed attribution, most positive first (Petsiuk), or by |attribution|. @defaultValue 'signed' */
  readonly order?: 'signed' | 'absolute';
}

export const CURVE_KEYS: OptionKeys<CurveOptions> = ['baseline', 'order', ...SCORING_KEYS];

/**
 * Per-instance AUC and the curves (n x (d+1)). The AUC is the trapezoid over the fraction k/d ∈
 * [0, 1]; under `quantus` it is Quantus PixelFlipping's np.trapz(y, dx=1) over the d points after
 * each removal (the unperturbed point k = 0 is not on Quantus' curve).
 */
export function runCurve(
  fn: string,
  mode: 'deletion' | 'insertion',
  input: ExtendedMetricInput,
  options: CurveOptions,
): { values: Float64Array; curves: Matrix } {
  const o = checkOptions(options, CURVE_KEYS, fn);
  const order = o.order ?? 'signed';
  if (order !== 'signed' && order !== 'absolute')
    throw new XaiError('BAD_OPTION', `order must be 'signed' or 'absolute', got ${describeValue(order)}`, {
      fn,
      arg: 'options.order',
      value: order,
    });
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const preset = anyPresetOption(o.preset, fn);
  const model = scoredModel(given, { output: o.output, preset, quantus: 'probability', fn });
  const base = baselineVector(o.baseline ?? 0, d, fn);
  const per = d + 1;
  const big = matrix(n * per, d);
  const key = new Float64Array(d);
  const idx = new Int32Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const e = row(attributions, i);
    for (let j = 0; j < d; j++) key[j] = order === 'signed' ? e[j]! : Math.abs(e[j]!);
    argsort(key, true, idx); // stable: ties keep column order
    // Point k: the top-k features removed (deletion) or inserted into the baseline (insertion).
    const cur = new Float64Array(mode === 'deletion' ? xi : base);
    big.data.set(cur, i * per * d);
    for (let k = 1; k <= d; k++) {
      const j = idx[k - 1]!;
      cur[j] = mode === 'deletion' ? base[j]! : xi[j]!;
      big.data.set(cur, (i * per + k) * d);
    }
  }
  const f = targetOutputs(model, big, targets, per);
  const curves = matrix(n, per, f);
  const values = new Float64Array(n);
  const first = preset === 'quantus' ? 1 : 0;
  for (let i = 0; i < n; i++) {
    let auc = 0;
    for (let k = first; k < d; k++) auc += (f[i * per + k]! + f[i * per + k + 1]!) / 2;
    values[i] = preset === 'quantus' ? auc : auc / d;
  }
  return { values, curves };
}

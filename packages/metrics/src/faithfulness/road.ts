import { XaiError, argsort, assertFinite, assertMatrix, checkOptions, describeValue, matrix, row, summarizeValues } from '@xai/core';
import type { Matrix, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { SCORING_KEYS, scoredModel } from '../internal/outputSpace.js';
import { prepare, rowRng, targetOutputs } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, seedOption } from '../internal/options.js';
import { RowImputer, fitGaussian } from '../internal/gaussian.js';
import type { CurveResult } from './deletion.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { RANDOM_ORDER_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link road}. @since 0.2.0 */
export interface RoadOptions extends ScoringOptions {
  /** Training (background) rows, m x d: the Gaussian feature model the removed features are imputed from. Required. */
  readonly background: Matrix;
  /** Fractions of the features removed, each rounded to k = round(p·d) features. @defaultValue [0.1, 0.2, …, 0.9] */
  readonly fractions?: readonly number[];
  /** MoRF (most relevant first; lower is better) or LeRF (least relevant first; higher is better). @defaultValue 'morf' */
  readonly order?: 'morf' | 'lerf';
  /** `noisy`: draw x_R from the conditional Gaussian (the "noisy" imputation); `mean`: its mean. @defaultValue 'noisy' */
  readonly imputation?: 'noisy' | 'mean';
  /** Ridge added to the covariance diagonal. @defaultValue 1e-6 · mean variance */
  readonly ridge?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
}

const KEYS: OptionKeys<RoadOptions> = ['background', 'fractions', 'order', 'imputation', 'ridge', 'seed', ...SCORING_KEYS];
const DEFAULT_FRACTIONS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

const ROAD_REFERENCE =
  'Rong et al. 2022, "A Consistent and Efficient Evaluation Strategy for Attribution Methods" (ROAD), §4; tabular imputer: conditional Gaussian in place of the pixel-neighbourhood noisy linear imputation';

/** Static facts about ROAD with most-relevant-first removal (the output should fall: lower is better). @since 0.2.0 */
export const roadMorfInfo = {
  id: 'ROAD_MORF',
  name: 'ROAD (remove and debias), MoRF',
  family: 'faithfulness',
  direction: 'lower-is-better',
  requires: ['model', 'attributions', 'background'],
  reference: ROAD_REFERENCE,
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('ROAD'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking removes in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/** Static facts about ROAD with least-relevant-first removal (the output should stay: higher is better). @since 0.2.0 */
export const roadLerfInfo = {
  id: 'ROAD_LERF',
  name: 'ROAD (remove and debias), LeRF',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions', 'background'],
  reference: ROAD_REFERENCE,
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('ROAD'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: the shortcut ranking keeps features in a global order',
  nullMeaningful: true,
  nullNote: RANDOM_ORDER_NULL,
} as const;

/**
 * ROAD (Rong et al. 2022) without retraining: remove the top (MoRF) or bottom (LeRF) k features
 * by signed attribution for each fraction, impute them from the kept ones, and record the
 * target's probability (a value model's output); the value is the mean over the fractions.
 * Rong et al.'s noisy linear imputation averages an image pixel's grid neighbours; tabular
 * features have no grid, so the imputation here is its tabular counterpart — the conditional
 * Gaussian fitted on `background` (E[x_R | x_K], plus a draw from the conditional covariance
 * when `noisy`): the imputed values follow the kept features, so the removal mask does not
 * leak through out-of-distribution values, which is ROAD's point. NaN (counted) when a
 * conditional covariance is not positive definite. Draws keyed by row content and `seed`.
 * One `predictProba` call over n·fractions rows; Σ is factored once per row (see `RowImputer`).
 * The direction depends on `order`, so the result and the registry carry two ids: `ROAD_MORF`
 * (lower is better) and `ROAD_LERF` (higher is better).
 * @example road({ x, attributions, model }, { background: xTrain, order: 'morf' }).mean
 * @since 0.2.0
 */
export function road(input: ExtendedMetricInput, options: RoadOptions): CurveResult {
  const fn = 'road';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const model = scoredModel(given, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'probability', fn });
  if (o.background === undefined)
    throw new XaiError('BAD_OPTION', 'ROAD needs background rows (the training data) to impute removed features', {
      fn,
      arg: 'options.background',
      value: undefined,
    });
  assertMatrix(o.background, fn, 'options.background', { cols: d });
  assertFinite(o.background, fn, 'options.background');
  if (o.background.rows < 2)
    throw new XaiError('BAD_OPTION', `background needs at least 2 rows, got ${o.background.rows}`, {
      fn,
      arg: 'options.background',
      value: o.background.rows,
    });
  const fractions = o.fractions ?? DEFAULT_FRACTIONS;
  if (!Array.isArray(fractions) || fractions.length === 0 || fractions.some((p) => typeof p !== 'number' || !(p >= 0 && p <= 1))) {
    throw new XaiError('BAD_OPTION', `fractions must be a non-empty list of numbers in [0, 1], got ${describeValue(fractions)}`, {
      fn,
      arg: 'options.fractions',
      value: fractions,
    });
  }
  const order = o.order ?? 'morf';
  if (order !== 'morf' && order !== 'lerf')
    throw new XaiError('BAD_OPTION', `order must be 'morf' or 'lerf', got ${describeValue(order)}`, {
      fn,
      arg: 'options.order',
      value: order,
    });
  const imputation = o.imputation ?? 'noisy';
  if (imputation !== 'noisy' && imputation !== 'mean')
    throw new XaiError('BAD_OPTION', `imputation must be 'noisy' or 'mean', got ${describeValue(imputation)}`, {
      fn,
      arg: 'options.imputation',
      value: imputation,
    });
  const ridge = o.ridge === undefined ? undefined : numberAtLeast(o.ridge, 0, fn, 'options.ridge');
  const seed = seedOption(o.seed ?? 0, fn);
  const g = fitGaussian(o.background, ridge);
  const imputer = new RowImputer(g);
  const F = fractions.length;
  const big = matrix(n * F, d);
  const ok = new Uint8Array(n * F);
  const idx = new Int32Array(d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    argsort(row(attributions, i), order === 'morf', idx); // stable: ties keep column order
    imputer.setRow(xi, idx);
    const rng = imputation === 'noisy' ? rowRng(x, i, seed, fn) : undefined;
    for (let f = 0; f < F; f++) {
      const k = Math.round(fractions[f]! * d);
      const at = (i * F + f) * d;
      ok[i * F + f] = imputer.impute(xi, k, big.data.subarray(at, at + d), rng) ? 1 : 0;
    }
  }
  const out = targetOutputs(model, big, targets, F);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let f = 0; f < F; f++) {
      if (ok[i * F + f] === 0) out[i * F + f] = Number.NaN;
      s += out[i * F + f]!;
    }
    values[i] = s / F;
  }
  return { ...summarizeValues(order === 'morf' ? 'ROAD_MORF' : 'ROAD_LERF', values), curves: matrix(n, F, out) };
}

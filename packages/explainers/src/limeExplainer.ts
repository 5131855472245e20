import type { ExplainOptions, FeatureGroups, Matrix, Model } from '@xai/core';
import {
  booleanOption,
  checkOptions,
  describeValue,
  enumOption,
  featureUnits,
  intOption,
  isValueModel,
  numberOption,
  substream,
  unitIds,
  XaiError,
} from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { ResolvedCommon } from './internal/common.js';
import { columnMeans, instancesPerChunk, resolveCommon } from './internal/common.js';
import { featureScaleOption, scaleForWidth, scaleRecord } from './internal/featureScale.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
import { limeKernelWeight } from './internal/limeKernel.js';
import type { NoiseFit, NoiseFitSettings } from './internal/limeNoiseFits.js';
import { NUMPY_CHECKPOINT_BYTES, NUMPY_FIT_CACHE_BYTES, keyedNoiseFit, numpyFitKey, numpyNoiseFit } from './internal/limeNoiseFits.js';
import { predictRows } from './internal/modelCalls.js';
import { EXPLAIN_OPTION_KEYS, prepareBatch } from './internal/prepareBatch.js';
import { sharedRidgeApply } from './internal/sharedRidge.js';
import type { SharedRidge } from './internal/sharedRidge.js';
import { groupsOption, vectorOption } from './internal/validate.js';

/**
 * What the surrogate regresses. 'class1-signed' (OpenXAI): P(class 1), coefficients times
 * +1 when the explained label is 1 and −1 when it is 0 (binary models only).
 * 'target': the explained class's probability directly. For two classes both give the
 * same attributions (ridge is linear in y and P(0) = 1 − P(1)).
 */
export type LimeRegressionTarget = 'class1-signed' | 'target';

/**
 * Where the perturbation noise comes from.
 * 'keyed' (every preset's default): row i draws from `substream(seed, key_i, 'lime')`, so an
 * explanation depends only on (seed, row content or key), never on the batch it came in.
 * 'numpy-batch': the released OpenXAI stream — numpy's legacy `RandomState(seed)`, reseeded
 * once per `explain` call, row at batch position p using the normals [p·m, (p+1)·m),
 * m = samples·d (all `samples` rows drawn, row 0's draw discarded and replaced by the
 * instance). Positions are 0..n−1 unless `batchPositions` is given; `keys` are ignored.
 * How either is fitted: see {@link LimeFit}.
 */
export type LimeNoise = 'keyed' | 'numpy-batch';

/**
 * How the weighted ridge is fitted.
 * 'noise' (every preset's default): with samples x + n_s (n_0 = 0), the kernel weights and the
 * centred design depend on the noise only, so one factorisation of the ridge serves every row of
 * a key (or of a released position: the stability metrics explain every anchor's neighbours at
 * positions 0..N−1, and a worker keeps those factorisations) and x enters through the model
 * outputs alone.
 * 'samples': each row is fitted on its own samples, centred on their weighted mean, as sklearn's
 * Ridge fits lime's neighbourhood: one d x d factorisation per row.
 * The two differ only by rounding (≤ 1e-12 in an attribution; ≤ 2.1e-14 relative in the
 * stability scores of an `openxai` protocol sample). 'noise' also fits on the samples when a
 * factorisation is not clearly positive definite (that solver falls back to an SVD).
 */
export type LimeFit = 'noise' | 'samples';

/** Whether the kernel width is multiplied by sqrt(d) (lime's and OpenXAI's code) or used as is (the paper). */
export type KernelWidthScale = 'sqrt-d' | 'absolute';

/**
 * With `featureScale` (s), LIME works in scale units: the noise is std·s[j]·N(0, 1) on
 * feature j, the kernel distance is ‖(z − x) / s‖, the ridge is fitted on z / s, and each
 * coefficient is divided by s[j], so attributions are per unit of the model's input. With
 * `groups` only the kernel distance is scaled (the unit coefficients are already in output units).
 */
export interface LimeOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** Neighbourhood size, the instance itself included. @defaultValue 1000 */
  readonly samples?: number;
  /** Std of the Gaussian perturbation of every feature, in input units. @defaultValue 0.1 */
  readonly std?: number;
  /** Kernel width multiplier. @defaultValue 0.75 */
  readonly kernelWidth?: number;
  /** @defaultValue 'sqrt-d' (openxai), 'absolute' (paper, default) */
  readonly kernelWidthScale?: KernelWidthScale;
  /** Ridge penalty (intercept not penalised). @defaultValue 1 */
  readonly alpha?: number;
  /** @defaultValue 'class1-signed' (openxai), 'target' (paper, default) */
  readonly regressionTarget?: LimeRegressionTarget;
  /** @defaultValue 'keyed' (every preset); 'numpy-batch' reproduces the released code's draws exactly */
  readonly noise?: LimeNoise;
  /** @defaultValue 'noise' (every preset): one factorisation per noise draw; 'samples' fits every row on its own samples */
  readonly fit?: LimeFit;
  /**
   * Feature groups (one-hot blocks, sensor channels): LIME then works in Captum Lime's binary
   * interpretable space — every unit (a group, or a column in no group) is switched on (x's
   * values) or off (`maskBaseline`'s values) as one unit, each with probability 1/2 (the first
   * sample all on); kernel weights on the input-space distance to x as in the Gaussian mode;
   * ridge on the 0/1 unit matrix. A unit's coefficient is written to every column of the
   * unit (Captum's `feature_mask` convention).
   */
  readonly groups?: FeatureGroups;
  /** Values of switched-off units with `groups`. @defaultValue 'zeros' (Captum's default baseline); 'mean' needs `train` */
  readonly maskBaseline?: 'zeros' | 'mean' | Float64Array | readonly number[];
}

/**
 * Per-call options of a LIME explainer: core's `ExplainOptions` (whose `batchPositions` place
 * the rows of `noise: 'numpy-batch'` in the released batch: row at position p uses the normals
 * [p·m, (p+1)·m), m = samples·d; keyed noise ignores them) plus `sharedNoise`.
 * A plain `ExplainOptions` is accepted as is, so the core `Explainer` contract holds.
 */
export interface LimeExplainOptions extends ExplainOptions {
  /**
   * Keyed noise only: every row uses the noise of the first row's key (`keys[0]`, or row 0's
   * content hash), as if all keys were equal. Rows that share a key (this option, or equal
   * `keys` such as the stability metrics' common random numbers) share one factorisation of
   * the weighted ridge problem (see {@link LimeNoise}), so per row only the model call and one
   * (d x samples) matrix-vector product remain.
   * @defaultValue false
   */
  readonly sharedNoise?: boolean;
}

/** `limeExplainer`'s return type: a configured explainer that also takes `batchPositions`. */
export interface LimeExplainer extends ConfiguredExplainer<LimeConfig> {
  explain(model: Model, x: Matrix, options?: LimeExplainOptions): Matrix;
}

export interface LimeConfig {
  readonly samples: number;
  readonly std: number;
  readonly kernelWidth: number;
  readonly kernelWidthScale: KernelWidthScale;
  readonly alpha: number;
  readonly regressionTarget: LimeRegressionTarget;
  readonly noise: LimeNoise;
  readonly fit: LimeFit;
  /** Units given by `groups` (null: Gaussian perturbation of every column). */
  readonly groups: readonly (readonly number[])[] | null;
  readonly maskBaseline: 'zeros' | 'mean' | 'vector';
  /** The resolved off values (null for 'zeros'). */
  readonly maskBaselineVector: readonly number[] | null;
  readonly batchRows: number;
  /** Per-feature units of the noise, the kernel distance and the ridge (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** The paper's LIME settings, which `default` keeps and `captum` runs too. */
const LIME_PAPER_DEFAULTS = {
  samples: 1000,
  std: 0.1,
  kernelWidth: 0.75,
  kernelWidthScale: 'absolute',
  alpha: 1,
  regressionTarget: 'target',
  noise: 'keyed',
  fit: 'noise',
} as const;

/**
 * The most memory one worker (a JavaScript realm: a process or a worker thread) keeps between
 * calls for LIME's `numpy-batch` noise, per seed: the factorisations of released positions
 * (192 MiB, least recently used dropped first) and the numpy stream's checkpoints (20 MB). What
 * is kept changes the speed, never a result. Memory plans add it per worker.
 * @since 0.3.0
 */
export const LIME_CACHE_BYTES = NUMPY_FIT_CACHE_BYTES + NUMPY_CHECKPOINT_BYTES;

/** Per-preset defaults (OpenXAI: lime_tabular with its sample-around-instance change). */
export const limeDefaults: Readonly<
  Record<ExplainerPreset, Omit<LimeConfig, 'batchRows' | 'groups' | 'maskBaseline' | 'maskBaselineVector'>>
> = {
  default: LIME_PAPER_DEFAULTS,
  openxai: {
    samples: 1000,
    std: 0.1,
    kernelWidth: 0.75,
    kernelWidthScale: 'sqrt-d',
    alpha: 1,
    regressionTarget: 'class1-signed',
    noise: 'keyed',
    fit: 'noise',
  },
  paper: LIME_PAPER_DEFAULTS,
  // Captum's Lime (Bernoulli masks, cosine kernel, Lasso) is another estimator: the default LIME runs.
  captum: LIME_PAPER_DEFAULTS,
};

/** The option keys `limeExplainer` accepts. @since 0.3.0 */
export const LIME_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'samples',
  'std',
  'kernelWidth',
  'kernelWidthScale',
  'alpha',
  'regressionTarget',
  'noise',
  'fit',
  'groups',
  'maskBaseline',
  'featureScale',
] as const satisfies readonly (keyof LimeOptions & string)[];

/** Step 1 of the factory: the configuration from the preset's row and the overrides, and the mask baseline's values. */
function resolveLimeConfig(
  fn: string,
  options: LimeOptions,
  common: ResolvedCommon,
  scale: Float64Array | null,
): { config: LimeConfig; maskVector: Float64Array | null } {
  const base = limeDefaults[common.row];
  const groups = options.groups === undefined ? null : groupsOption(fn, options.groups);
  const mb = options.maskBaseline ?? 'zeros';
  let maskVector: Float64Array | null = null;
  if (mb === 'mean') {
    if (common.train === undefined)
      throw new XaiError('BAD_OPTION', "maskBaseline 'mean' needs the training features: pass { train }", {
        fn,
        arg: 'maskBaseline',
        value: mb,
      });
    maskVector = columnMeans(common.train);
  } else if (mb !== 'zeros') maskVector = vectorOption(fn, 'maskBaseline', mb);
  const config: LimeConfig = {
    samples: options.samples === undefined ? base.samples : intOption(options.samples, fn, 'samples', { min: 2 }),
    std: options.std === undefined ? base.std : numberOption(options.std, fn, 'std', { above: 0 }),
    kernelWidth: options.kernelWidth === undefined ? base.kernelWidth : numberOption(options.kernelWidth, fn, 'kernelWidth', { above: 0 }),
    kernelWidthScale:
      options.kernelWidthScale === undefined
        ? base.kernelWidthScale
        : enumOption(options.kernelWidthScale, fn, 'kernelWidthScale', { values: ['sqrt-d', 'absolute'] as const }),
    alpha: options.alpha === undefined ? base.alpha : numberOption(options.alpha, fn, 'alpha', { min: 0 }),
    regressionTarget:
      options.regressionTarget === undefined
        ? base.regressionTarget
        : enumOption(options.regressionTarget, fn, 'regressionTarget', { values: ['class1-signed', 'target'] as const }),
    noise: options.noise === undefined ? base.noise : enumOption(options.noise, fn, 'noise', { values: ['keyed', 'numpy-batch'] as const }),
    fit: options.fit === undefined ? base.fit : enumOption(options.fit, fn, 'fit', { values: ['noise', 'samples'] as const }),
    groups,
    maskBaseline: mb === 'zeros' || mb === 'mean' ? mb : 'vector',
    maskBaselineVector: maskVector === null ? null : Array.from(maskVector),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  if (groups !== null && config.noise === 'numpy-batch') {
    throw new XaiError('BAD_OPTION', "groups use the binary on/off sampling, which has no released numpy stream; use noise 'keyed'", {
      fn,
      arg: 'groups',
      value: 'numpy-batch',
    });
  }
  const seed = common.seed;
  if (config.noise === 'numpy-batch' && !(seed >= 0 && seed <= 0xffffffff)) {
    throw new XaiError(
      'BAD_OPTION',
      `noise 'numpy-batch' seeds numpy's RandomState, which takes an integer in [0, 2^32); got ${describeValue(seed)}`,
      { fn, arg: 'seed', value: seed },
    );
  }
  return { config, maskVector };
}

/**
 * LIME for tabular data ('lime'), as OpenXAI runs it: the first neighbour is the instance,
 * the others x + std·N(0, 1) on every feature (no discretisation, no training-std scaling);
 * weights sqrt(exp(−‖z − x‖² / w²)); a weighted ridge regression with intercept on all d
 * features; its coefficients are the attributions. The noise comes from
 * `substream(seed, key_i, 'lime')` ('keyed') or from the released numpy stream
 * ('numpy-batch', see {@link LimeNoise}); the neighbourhoods of a chunk of rows are one
 * `predictProba` call.
 * @example limeExplainer({ preset: 'openxai' }).explain(model, x)
 * @example limeExplainer({ preset: 'openxai', noise: 'numpy-batch' }).explain(model, x, { batchPositions: [200, 201] })
 * @since 0.1.0
 */
export function limeExplainer(options: LimeOptions = {}): LimeExplainer {
  const fn = 'limeExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, LIME_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const { config, maskVector } = resolveLimeConfig(fn, options, common, scale);
  const seed = common.seed;
  return {
    id: 'lime',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: LimeExplainOptions): Matrix {
      const efn = 'limeExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows, true, LIME_EXPLAIN_KEYS);
      const { n, d } = b;
      const sc = scaleForWidth(efn, scale, d);
      const classes = b.model.classes;
      // A value (regression) model is explained on its output `target`: no label-sign flip.
      const signed = config.regressionTarget === 'class1-signed' && !isValueModel(b.model);
      if (signed && classes !== 2) {
        throw new XaiError(
          'NOT_SUPPORTED',
          `regressionTarget 'class1-signed' (OpenXAI's label-sign flip) needs a binary model, this one has ${classes} classes; use regressionTarget 'target'`,
          { fn: efn, arg: 'regressionTarget', value: classes },
        );
      }
      const shared = explainOptions?.sharedNoise === undefined ? false : booleanOption(explainOptions.sharedNoise, efn, 'sharedNoise');
      const numpy = config.noise === 'numpy-batch';
      if (shared && numpy)
        throw new XaiError('BAD_OPTION', "sharedNoise needs noise 'keyed' (the released numpy stream gives every row its own draws)", {
          fn: efn,
          arg: 'sharedNoise',
          value: true,
        });
      const width = config.kernelWidth * (config.kernelWidthScale === 'sqrt-d' ? Math.sqrt(d) : 1);
      const keys = shared ? new Float64Array(n).fill(b.keys[0] ?? 0) : b.keys;
      if (config.groups !== null) return explainMasked(efn, b, keys, config, seed, width, signed, maskVector, sc);
      const positions = numpy ? batchPositionsOf(efn, explainOptions?.batchPositions, n, config.samples * d) : null;
      const settings: NoiseFitSettings = {
        seed,
        samples: config.samples,
        d,
        std: config.std,
        width,
        alpha: config.alpha,
        factorise: config.fit === 'noise',
      };
      const source = positions === null ? keyedFits(settings, keys) : numpyFits(settings, positions, sc);
      return explainGaussian(
        efn,
        b,
        config,
        width,
        signed,
        sc,
        positions === null ? groupedByKey(keys) : ascendingOrder(positions),
        source,
      );
    },
  };
}

/** Per-call option keys of a LIME explainer. */
const LIME_EXPLAIN_KEYS = [...EXPLAIN_OPTION_KEYS, 'sharedNoise'] as const;

/** Where each row's noise fit comes from: `fitOf(i)` while its neighbourhood is filled, `done(i)` after its fit. */
interface FitSource {
  fitOf(i: number): NoiseFit;
  done(i: number): void;
}

/**
 * Keyed noise: one fit per key of this call, kept until the key's last row is explained. Every
 * keyed row is fitted from its key's factorisation, shared or not, so a row's attributions never
 * depend on which other rows came in the same call.
 */
function keyedFits(settings: NoiseFitSettings, keys: Float64Array): FitSource {
  const left = new Map<number, number>();
  for (let i = 0; i < keys.length; i++) left.set(keys[i]!, (left.get(keys[i]!) ?? 0) + 1);
  const fits = new Map<number, NoiseFit>();
  return {
    fitOf(i) {
      const k = keys[i]!;
      let f = fits.get(k);
      if (f === undefined) {
        f = keyedNoiseFit(settings, k);
        fits.set(k, f);
      }
      return f;
    },
    done(i) {
      const k = keys[i]!;
      const r = left.get(k)! - 1;
      left.set(k, r);
      if (r === 0) fits.delete(k);
    },
  };
}

/** numpy-batch noise: the fit of each row's released position (worker-wide cache, see limeNoiseFits). */
function numpyFits(settings: NoiseFitSettings, positions: Float64Array, sc: Float64Array | null): FitSource {
  const configKey = numpyFitKey(settings, sc);
  return { fitOf: (i) => numpyNoiseFit(settings, configKey, positions[i]!), done: () => {} };
}

/** Row i's neighbourhood into z from `start`: row 0 is x, the others x + noise (noise · s in scale units). */
function fillNeighbourhood(
  x: Float64Array,
  xo: number,
  d: number,
  S: number,
  noise: Float64Array,
  sc: Float64Array | null,
  z: Float64Array,
  start: number,
): void {
  for (let j = 0; j < d; j++) z[start + j] = x[xo + j]!;
  // One flat loop over the S·d entries with a running column (a row loop of d = 7..60 steps
  // pays its set-up S times: 1.5x slower).
  const n = S * d;
  let j = 0;
  if (sc === null) {
    for (let q = d; q < n; q++) {
      z[start + q] = noise[q]! + x[xo + j]!;
      if (++j === d) j = 0;
    }
  } else {
    for (let q = d; q < n; q++) {
      z[start + q] = noise[q]! * sc[j]! + x[xo + j]!;
      if (++j === d) j = 0;
    }
  }
}

/** Buffers of the per-row surrogate fit. */
interface FitWork {
  readonly y: Float64Array;
  readonly w: Float64Array;
  readonly coef: Float64Array;
  readonly rhs: Float64Array;
  readonly work: ReturnType<typeof createLeastSquaresWork>;
  /** Scaled: the per-row ridge's design in scale units. */
  readonly design: Float64Array | null;
}

/**
 * The kernel-weighted ridge of row i on its neighbourhood (z from row `start`), its coefficients
 * into coef: from the noise's factorisation, or (when that is not clearly positive definite)
 * fitted on the samples themselves, whose solver falls back to an SVD.
 */
function fitRow(
  i: number,
  x: Float64Array,
  d: number,
  z: Float64Array,
  probs: Float64Array,
  start: number,
  classes: number,
  col: number,
  config: LimeConfig,
  width: number,
  sc: Float64Array | null,
  ridge: SharedRidge | null,
  fit: FitWork,
): void {
  const S = config.samples;
  const { y, w, coef, work, design } = fit;
  const xo = i * d;
  for (let s = 0; s < S; s++) y[s] = probs[(start + s) * classes + col]!;
  if (ridge !== null) {
    sharedRidgeApply(ridge, y, coef, fit.rhs);
  } else if (design === null) {
    for (let s = 0; s < S; s++) {
      const o = (start + s) * d;
      let dist2 = 0;
      for (let j = 0; j < d; j++) {
        const t = z[o + j]! - x[xo + j]!;
        dist2 += t * t;
      }
      w[s] = limeKernelWeight(dist2, width);
    }
    weightedLeastSquares(z.subarray(start * d, (start + S) * d), S, d, y, w, config.alpha, true, coef, work);
  } else {
    scaledDesign(z, start * d, S, d, sc!, design);
    for (let s = 0; s < S; s++) w[s] = limeKernelWeight(scaledDistance2(z, (start + s) * d, x, xo, d, sc!), width);
    weightedLeastSquares(design, S, d, y, w, config.alpha, true, coef, work);
  }
}

/**
 * LIME with Gaussian neighbourhoods: per chunk of rows (in `order`: numpy-batch by position,
 * keyed rows sharing a key together), fill every neighbourhood from its noise fit, one model
 * call, then each row's surrogate.
 */
function explainGaussian(
  efn: string,
  b: ReturnType<typeof prepareBatch>,
  config: LimeConfig,
  width: number,
  signed: boolean,
  sc: Float64Array | null,
  order: Int32Array,
  source: FitSource,
): Matrix {
  const { n, d } = b;
  const classes = b.model.classes;
  const S = config.samples;
  const perRow = S * d;
  const out = new Float64Array(n * d);
  const per = instancesPerChunk(S, config.batchRows);
  const cap = Math.min(per, n);
  const z = new Float64Array(cap * perRow);
  const probs = new Float64Array(cap * S * classes);
  const fits: NoiseFit[] = new Array(cap);
  const fit: FitWork = {
    y: new Float64Array(S),
    w: new Float64Array(S),
    coef: new Float64Array(d),
    rhs: new Float64Array(d),
    work: createLeastSquaresWork(d),
    design: sc === null ? null : new Float64Array(perRow),
  };
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    for (let q = c0; q < c1; q++) {
      const i = order[q]!;
      fits[q - c0] = source.fitOf(i);
      fillNeighbourhood(b.x, i * d, d, S, fits[q - c0]!.noise, sc, z, (q - c0) * perRow);
    }
    const rows = (c1 - c0) * S;
    predictRows(b.model, { rows, cols: d, data: z.subarray(0, rows * d) }, efn, config.batchRows, probs);
    for (let q = c0; q < c1; q++) {
      const i = order[q]!;
      const xo = i * d;
      const col = signed ? 1 : b.targets[i]!;
      const sign = signed ? (b.targets[i] === 1 ? 1 : -1) : 1;
      fitRow(i, b.x, d, z, probs, (q - c0) * S, classes, col, config, width, sc, fits[q - c0]!.ridge, fit);
      const coef = fit.coef;
      // Scaled: a coefficient per scale unit is coef / s per unit of the model's input.
      if (sc === null) for (let j = 0; j < d; j++) out[xo + j] = sign * coef[j]!;
      else for (let j = 0; j < d; j++) out[xo + j] = (sign * coef[j]!) / sc[j]!;
      source.done(i);
    }
  }
  return { rows: n, cols: d, data: out };
}

/** Row indices with equal keys next to each other (groups in order of first appearance). */
function groupedByKey(keys: Float64Array): Int32Array {
  const first = new Map<number, number>();
  for (let i = 0; i < keys.length; i++) if (!first.has(keys[i]!)) first.set(keys[i]!, i);
  const order = Int32Array.from({ length: keys.length }, (_, i) => i);
  return order.sort((a, c) => first.get(keys[a]!)! - first.get(keys[c]!)! || a - c);
}

/**
 * LIME over feature units (Captum Lime with a feature_mask): binary on/off samples per unit,
 * off units at the mask baseline, ridge with intercept on the 0/1 unit matrix.
 */
function explainMasked(
  efn: string,
  b: ReturnType<typeof prepareBatch>,
  keys: Float64Array,
  config: LimeConfig,
  seed: number,
  width: number,
  signed: boolean,
  maskVector: Float64Array | null,
  sc: Float64Array | null,
): Matrix {
  const { n, d } = b;
  const classes = b.model.classes;
  const units = featureUnits(d, config.groups ?? undefined, efn, 'groups');
  const ids = unitIds(d, units);
  const U = units.length;
  const off = maskVector ?? new Float64Array(d);
  if (off.length !== d)
    throw new XaiError('SHAPE_MISMATCH', `maskBaseline has ${off.length} features, the model takes ${d}`, {
      fn: efn,
      arg: 'maskBaseline',
      value: off.length,
    });
  const S = config.samples;
  const out = new Float64Array(n * d);
  const per = instancesPerChunk(S, config.batchRows);
  const cap = Math.min(per, n);
  const masks = new Float64Array(cap * S * U);
  const z = new Float64Array(cap * S * d);
  const probs = new Float64Array(cap * S * classes);
  const y = new Float64Array(S);
  const w = new Float64Array(S);
  const coef = new Float64Array(U);
  const work = createLeastSquaresWork(U);
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    for (let i = c0; i < c1; i++) {
      const mo = (i - c0) * S * U;
      const rng = substream(seed, keys[i]!, 'lime-mask');
      masks.fill(1, mo, mo + U);
      for (let s = 1; s < S; s++) for (let u = 0; u < U; u++) masks[mo + s * U + u] = rng.uniform() < 0.5 ? 1 : 0;
      const xo = i * d;
      for (let s = 0; s < S; s++) {
        const o = ((i - c0) * S + s) * d;
        const m = mo + s * U;
        for (let j = 0; j < d; j++) z[o + j] = masks[m + ids[j]!] === 1 ? b.x[xo + j]! : off[j]!;
      }
    }
    const rows = (c1 - c0) * S;
    predictRows(b.model, { rows, cols: d, data: z.subarray(0, rows * d) }, efn, config.batchRows, probs);
    for (let i = c0; i < c1; i++) {
      const start = (i - c0) * S;
      const xo = i * d;
      const col = signed ? 1 : b.targets[i]!;
      for (let s = 0; s < S; s++) {
        const o = (start + s) * d;
        let dist2 = 0;
        if (sc !== null) dist2 = scaledDistance2(z, o, b.x, xo, d, sc);
        else
          for (let j = 0; j < d; j++) {
            const t = z[o + j]! - b.x[xo + j]!;
            dist2 += t * t;
          }
        w[s] = limeKernelWeight(dist2, width);
        y[s] = probs[(start + s) * classes + col]!;
      }
      weightedLeastSquares(masks.subarray(start * U, (start + S) * U), S, U, y, w, config.alpha, true, coef, work);
      const sign = signed ? (b.targets[i] === 1 ? 1 : -1) : 1;
      for (let j = 0; j < d; j++) out[xo + j] = sign * coef[ids[j]!]!;
    }
  }
  return { rows: n, cols: d, data: out };
}

/** ‖(z − x) / s‖² of the sample at z[o..] from the instance at x[xo..]. */
function scaledDistance2(z: Float64Array, o: number, x: Float64Array, xo: number, d: number, sc: Float64Array): number {
  let dist2 = 0;
  for (let j = 0; j < d; j++) {
    const t = (z[o + j]! - x[xo + j]!) / sc[j]!;
    dist2 += t * t;
  }
  return dist2;
}

/** The S samples from z[from..] divided by s column-wise: the ridge's design in scale units. */
function scaledDesign(z: Float64Array, from: number, S: number, d: number, sc: Float64Array, out: Float64Array): void {
  for (let s = 0; s < S; s++) {
    const o = s * d;
    for (let j = 0; j < d; j++) out[o + j] = z[from + o + j]! / sc[j]!;
  }
}

/** Validated batch positions (default 0..n−1); each p·perRow must stay a safe integer. */
function batchPositionsOf(fn: string, value: unknown, n: number, perRow: number): Float64Array {
  const out = new Float64Array(n);
  if (value === undefined) {
    for (let i = 0; i < n; i++) out[i] = i;
    return out;
  }
  if (value === null || typeof value !== 'object' || typeof (value as ArrayLike<number>).length !== 'number') {
    throw new XaiError('BAD_INPUT', `expected an array of non-negative integers, got ${describeValue(value)}`, {
      fn,
      arg: 'batchPositions',
      value,
    });
  }
  const v = value as ArrayLike<unknown>;
  if (v.length !== n)
    throw new XaiError('SHAPE_MISMATCH', `has ${v.length} entries for ${n} rows`, { fn, arg: 'batchPositions', value: v.length });
  for (let i = 0; i < n; i++) {
    const p = v[i];
    if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0 || !Number.isSafeInteger((p + 1) * perRow)) {
      throw new XaiError('BAD_INPUT', `entry ${i} is ${describeValue(p)}, not a batch position (an integer >= 0)`, {
        fn,
        arg: 'batchPositions',
        value: p,
        index: i,
      });
    }
    out[i] = p;
  }
  return out;
}

/** Row indices sorted by position (stable). */
function ascendingOrder(positions: Float64Array): Int32Array {
  const order = Int32Array.from({ length: positions.length }, (_, i) => i);
  return order.sort((a, b) => positions[a]! - positions[b]! || a - b);
}

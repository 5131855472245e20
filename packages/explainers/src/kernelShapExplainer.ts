import type { ExplainOptions, Matrix, Model, Rng } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, contiguous, describeValue, substream, toRows } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { columnMeans, instancesPerChunk, resolveCommon } from './internal/common.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { shapleySizeCdf } from './internal/shapleySizeCdf.js';
import { booleanOption, checkKnownKeys, oneOf, positiveInteger, positiveNumber, vectorOption } from './internal/validate.js';

/**
 * 'captum': Captum's KernelShap as OpenXAI runs it — the full and the empty coalition
 * first (weight `endpointWeight`), then coalitions whose size k ∈ [1, d−1] is drawn with
 * probability ∝ (d−1)/(k(d−k)) and whose members are uniform; an ordinary weighted
 * linear regression with intercept on the binary matrix; no efficiency constraint.
 * 'constrained': Lundberg & Lee's KernelSHAP — Shapley-kernel weights, complementary
 * (paired) sampling, Σφ = v(all) − v(none) enforced, exact enumeration when d is small.
 */
export type KernelShapVariant = 'captum' | 'constrained';

/** Values that absent features take: all zeros, the training mean, a training sample, a vector or rows. */
export type KernelShapBackground = 'zeros' | 'mean' | 'sample' | Float64Array | readonly number[] | Matrix;

export interface KernelShapOptions extends CommonExplainerOptions {
  /** @defaultValue 'captum' (openxai, paper), 'constrained' (default) */
  readonly variant?: KernelShapVariant;
  /** Coalitions evaluated per instance, the full and the empty one included. @defaultValue 500 */
  readonly samples?: number;
  /**
   * Absent features take these values; with several rows v(S) is the mean prediction over
   * them. @defaultValue 'zeros' (captum: Captum's default baseline), 'mean' (constrained)
   */
  readonly background?: KernelShapBackground;
  /** Rows drawn from `train` for background 'sample'. @defaultValue 10 */
  readonly backgroundSize?: number;
  /** Constrained only: enumerate all 2^d coalitions ('auto': when d <= maxExactFeatures). @defaultValue 'auto' */
  readonly exact?: boolean | 'auto';
  /** @defaultValue 10 */
  readonly maxExactFeatures?: number;
  /** Constrained only: draw coalitions with their complements. @defaultValue true */
  readonly paired?: boolean;
  /** Captum only: regression weight of the full and empty coalitions. @defaultValue 1e6 */
  readonly endpointWeight?: number;
}

export interface KernelShapConfig {
  readonly variant: KernelShapVariant;
  readonly samples: number;
  readonly background: 'zeros' | 'mean' | 'sample' | 'vector' | 'matrix';
  /** Resolved background rows as plain numbers, for reports (null for 'zeros', which adapts to the model's inputDim). */
  readonly backgroundRows: readonly (readonly number[])[] | null;
  readonly exact: boolean | 'auto';
  readonly maxExactFeatures: number;
  readonly paired: boolean;
  readonly endpointWeight: number;
  readonly batchRows: number;
}

type KernelShapPresetDefaults = Pick<KernelShapConfig, 'variant' | 'samples' | 'exact' | 'maxExactFeatures' | 'paired' | 'endpointWeight'> & { background: 'zeros' | 'mean'; backgroundSize: number };

/** Per-preset defaults: OpenXAI calls Captum KernelShap(n_samples=500) with its zero baseline. */
export const kernelShapDefaults: Readonly<Record<Preset, KernelShapPresetDefaults>> = {
  default: { variant: 'constrained', samples: 500, background: 'mean', backgroundSize: 10, exact: 'auto', maxExactFeatures: 10, paired: true, endpointWeight: 1e6 },
  openxai: { variant: 'captum', samples: 500, background: 'zeros', backgroundSize: 10, exact: 'auto', maxExactFeatures: 10, paired: true, endpointWeight: 1e6 },
  paper: { variant: 'captum', samples: 500, background: 'zeros', backgroundSize: 10, exact: 'auto', maxExactFeatures: 10, paired: true, endpointWeight: 1e6 },
};

/** Above this many features exact enumeration is refused (2^24 coalitions per row). */
const EXACT_LIMIT = 24;

/**
 * KernelSHAP ('shap'). Every coalition of every row of a chunk (times every background
 * row) goes to `predictProba` as one matrix; the coalitions of row i come from
 * `substream(seed, key_i, 'kernelshap')`.
 * @example kernelShapExplainer({ preset: 'default', train }).explain(model, x)
 * @since 0.1.0
 */
export function kernelShapExplainer(options: KernelShapOptions = {}): ConfiguredExplainer<KernelShapConfig> {
  const fn = 'kernelShapExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'variant', 'samples', 'background', 'backgroundSize', 'exact', 'maxExactFeatures', 'paired', 'endpointWeight']);
  const base = kernelShapDefaults[common.preset];
  const variant = options.variant === undefined ? base.variant : oneOf(fn, 'variant', options.variant, ['captum', 'constrained'] as const);
  const exact = options.exact === undefined ? base.exact : options.exact === 'auto' ? 'auto' : booleanOption(fn, 'exact', options.exact);
  if (variant === 'captum' && exact === true) {
    throw new XaiError('BAD_OPTION', "exact enumeration is only offered by the 'constrained' variant", { fn, arg: 'exact', value: true });
  }
  const backgroundOption = options.background ?? (options.variant === undefined ? base.background : variant === 'captum' ? 'zeros' : 'mean');
  const backgroundSize = options.backgroundSize === undefined ? base.backgroundSize : positiveInteger(fn, 'backgroundSize', options.backgroundSize);
  const { kind, rows } = resolveBackground(fn, backgroundOption, common.train, backgroundSize, common.seed);
  const config: KernelShapConfig = {
    variant,
    samples: options.samples === undefined ? base.samples : positiveInteger(fn, 'samples', options.samples, 2),
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    exact,
    maxExactFeatures: options.maxExactFeatures === undefined ? base.maxExactFeatures : positiveInteger(fn, 'maxExactFeatures', options.maxExactFeatures),
    paired: options.paired === undefined ? base.paired : booleanOption(fn, 'paired', options.paired),
    endpointWeight: options.endpointWeight === undefined ? base.endpointWeight : positiveNumber(fn, 'endpointWeight', options.endpointWeight),
    batchRows: common.batchRows,
  };
  const seed = common.seed;
  return {
    id: 'shap',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return explainKernelShap(model, x, explainOptions, config, rows, seed);
    },
  };
}

function resolveBackground(fn: string, option: KernelShapBackground, train: Matrix | undefined, size: number, seed: number): { kind: KernelShapConfig['background']; rows: Matrix | null } {
  if (option === 'zeros') return { kind: 'zeros', rows: null };
  if (option === 'mean' || option === 'sample') {
    if (train === undefined) {
      throw new XaiError('BAD_OPTION', `background '${option}' needs the training features: pass { train }, or choose background 'zeros' or a vector`, { fn, arg: 'background', value: option });
    }
    if (option === 'mean') return { kind: 'mean', rows: { rows: 1, cols: train.cols, data: columnMeans(train) } };
    const k = Math.min(size, train.rows);
    const pick = substream(seed, 'kernelshap-background').choice(train.rows, k);
    const t = contiguous(train);
    const data = new Float64Array(k * train.cols);
    for (let r = 0; r < k; r++) data.set(t.data.subarray(pick[r]! * train.cols, (pick[r]! + 1) * train.cols), r * train.cols);
    return { kind: 'sample', rows: { rows: k, cols: train.cols, data } };
  }
  if (option instanceof Float64Array || Array.isArray(option)) {
    const v = vectorOption(fn, 'background', option);
    return { kind: 'vector', rows: { rows: 1, cols: v.length, data: v } };
  }
  if (option !== null && typeof option === 'object' && 'data' in option) {
    try {
      assertMatrix(option, fn, 'background');
      assertFinite(option, fn, 'background');
    } catch (e) {
      if (e instanceof XaiError) throw new XaiError('BAD_OPTION', e.message, { ...e.details, fn, arg: 'background' });
      throw e;
    }
    if (option.rows < 1) throw new XaiError('BAD_OPTION', 'background has no rows', { fn, arg: 'background', value: 0 });
    return { kind: 'matrix', rows: contiguous(option, true) };
  }
  throw new XaiError('BAD_OPTION', `expected 'zeros', 'mean', 'sample', a vector or a Matrix, got ${describeValue(option)}`, { fn, arg: 'background', value: option });
}

function drawSize(rng: Rng, cdf: Float64Array): number {
  const u = rng.uniform();
  let k = 0;
  while (k < cdf.length - 1 && u >= cdf[k]!) k++;
  return k + 1;
}

/** Writes a uniformly random k-subset (as 0/1) of d features into z[o..o+d). */
function drawSubset(rng: Rng, d: number, k: number, perm: Int32Array, z: Float64Array, o: number): void {
  for (let j = 0; j < k; j++) {
    const r = j + Math.floor(rng.uniform() * (d - j));
    const t = perm[j]!;
    perm[j] = perm[r]!;
    perm[r] = t;
  }
  z.fill(0, o, o + d);
  for (let j = 0; j < k; j++) z[o + perm[j]!] = 1;
}

/** Shapley-kernel weight of a coalition of size k among d features. */
function shapleyKernel(d: number, k: number): number {
  let comb = 1;
  for (let t = 1; t <= k; t++) comb = (comb * (d - k + t)) / t;
  return (d - 1) / (comb * k * (d - k));
}

function explainKernelShap(model: Model, x: Matrix, explainOptions: ExplainOptions | undefined, config: KernelShapConfig, background: Matrix | null, seed: number): Matrix {
  const efn = 'kernelShapExplainer.explain';
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const { n, d } = b;
  const classes = b.model.classes;
  const bg = background ?? { rows: 1, cols: d, data: new Float64Array(d) };
  if (bg.cols !== d) throw new XaiError('SHAPE_MISMATCH', `the background has ${bg.cols} features, the model takes ${d}`, { fn: efn, arg: 'background', value: bg.cols });
  const B = bg.rows;
  const constrained = config.variant === 'constrained';
  const exact = constrained && (config.exact === true || (config.exact === 'auto' && d <= config.maxExactFeatures));
  if (exact && d > EXACT_LIMIT) {
    throw new XaiError('BAD_OPTION', `exact enumeration of 2^${d} coalitions per row is too large (limit d <= ${EXACT_LIMIT}); use exact 'auto' or false`, { fn: efn, arg: 'exact', value: d });
  }
  // Coalition layout per instance: row 0 = full, row 1 = empty, then the others.
  const C = exact ? 2 ** d : config.samples;
  const coalitions = new Float64Array((exact ? 1 : Math.min(instancesPerChunk(C * B, config.batchRows), n)) * C * d);
  const kernelWeights = new Float64Array(C);
  if (exact) {
    coalitions.fill(1, 0, d);
    let r = 2;
    for (let mask = 1; mask < 2 ** d - 1; mask++, r++) {
      let k = 0;
      for (let j = 0; j < d; j++) if ((mask >>> j) & 1) { coalitions[r * d + j] = 1; k++; }
      kernelWeights[r] = shapleyKernel(d, k);
    }
  } else {
    kernelWeights.fill(1);
    kernelWeights[0] = config.endpointWeight;
    kernelWeights[1] = config.endpointWeight;
  }
  const cdf = shapleySizeCdf(d);
  const perm = new Int32Array(d);
  const per = instancesPerChunk(C * B, config.batchRows);
  const cap = Math.min(per, n);
  const inputs = new Float64Array(cap * C * B * d);
  const probs = new Float64Array(cap * C * B * classes);
  const v = new Float64Array(C);
  const out = new Float64Array(n * d);
  const coef = new Float64Array(d);
  const dc = Math.max(1, d - 1);
  const design = constrained ? new Float64Array(C * dc) : new Float64Array(0);
  const target = constrained ? new Float64Array(C) : new Float64Array(0);
  const work = createLeastSquaresWork(constrained ? dc : d);
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    for (let i = c0; i < c1; i++) {
      const zo = exact ? 0 : (i - c0) * C * d;
      if (!exact) sampleCoalitions(substream(seed, b.keys[i]!, 'kernelshap'), d, C, constrained && config.paired, cdf, perm, coalitions, zo);
      const xo = i * d;
      for (let c = 0; c < C; c++) {
        const zc = zo + c * d;
        for (let r = 0; r < B; r++) {
          const o = (((i - c0) * C + c) * B + r) * d;
          const bo = r * d;
          for (let j = 0; j < d; j++) inputs[o + j] = coalitions[zc + j] === 1 ? b.x[xo + j]! : bg.data[bo + j]!;
        }
      }
    }
    const rows = (c1 - c0) * C * B;
    predictRows(b.model, { rows, cols: d, data: inputs.subarray(0, rows * d) }, efn, config.batchRows, probs);
    for (let i = c0; i < c1; i++) {
      const t = b.targets[i]!;
      for (let c = 0; c < C; c++) {
        let s = 0;
        for (let r = 0; r < B; r++) s += probs[(((i - c0) * C + c) * B + r) * classes + t]!;
        v[c] = s / B;
      }
      const zo = exact ? 0 : (i - c0) * C * d;
      const xo = i * d;
      if (!constrained) {
        weightedLeastSquares(coalitions.subarray(zo, zo + C * d), C, d, v, kernelWeights, 0, true, coef, work);
        for (let j = 0; j < d; j++) out[xo + j] = coef[j]!;
        continue;
      }
      const vFull = v[0]!;
      const vEmpty = v[1]!;
      const delta = vFull - vEmpty;
      if (d === 1) {
        out[xo] = delta;
        continue;
      }
      // Eliminate the last feature with the constraint φ_{d−1} = Δ − Σ_{j<d−1} φ_j.
      const m = C - 2;
      for (let c = 0; c < m; c++) {
        const zc = zo + (c + 2) * d;
        const zl = coalitions[zc + d - 1]!;
        for (let j = 0; j < dc; j++) design[c * dc + j] = coalitions[zc + j]! - zl;
        target[c] = v[c + 2]! - vEmpty - zl * delta;
      }
      weightedLeastSquares(design, m, dc, target, kernelWeights.subarray(2), 0, false, coef, work);
      let sum = 0;
      for (let j = 0; j < dc; j++) {
        out[xo + j] = coef[j]!;
        sum += coef[j]!;
      }
      out[xo + d - 1] = delta - sum;
    }
  }
  return { rows: n, cols: d, data: out };
}

/** Rows 0/1 = full/empty coalition; the rest drawn from the Shapley size distribution. */
function sampleCoalitions(rng: Rng, d: number, C: number, paired: boolean, cdf: Float64Array, perm: Int32Array, z: Float64Array, zo: number): void {
  z.fill(1, zo, zo + d);
  z.fill(0, zo + d, zo + 2 * d);
  for (let j = 0; j < d; j++) perm[j] = j; // same start for every row: order independence
  for (let c = 2; c < C; c++) {
    const o = zo + c * d;
    if (d < 2) {
      // No proper coalition exists; repeat the endpoints.
      z.fill(c % 2 === 0 ? 1 : 0, o, o + d);
    } else if (paired && (c - 2) % 2 === 1) {
      for (let j = 0; j < d; j++) z[o + j] = 1 - z[o - d + j]!;
    } else {
      drawSubset(rng, d, drawSize(rng, cdf), perm, z, o);
    }
  }
}

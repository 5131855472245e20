import type { ExplainOptions, Matrix, Model } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, contiguous, describeValue, substream, toRows } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { columnMeans, instancesPerChunk, resolveCommon } from './internal/common.js';
import { constrainedShapley, createConstrainedShapleyWork } from './internal/constrainedShapley.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { kMeansSummary } from './internal/kMeansSummary.js';
import { enumerateCoalitions, sampleCoalitions } from './internal/shapleyCoalitions.js';
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

/**
 * Values that absent features take: all zeros, the training mean (one row), a seeded
 * sample of training rows, a seeded weighted k-means summary of train (each centre replaced
 * by its nearest training row, weighted by its cluster's share), a vector or explicit rows.
 */
export type KernelShapBackground = 'zeros' | 'mean' | 'sample' | 'kmeans' | Float64Array | readonly number[] | Matrix;

export interface KernelShapOptions extends CommonExplainerOptions {
  /** @defaultValue 'captum' (openxai, paper), 'constrained' (default) */
  readonly variant?: KernelShapVariant;
  /**
   * Coalitions per instance, the full and the empty one included (sampled mode); each costs
   * `backgroundPerCoalition` model rows. 'auto': 5·d clamped to [100, 500] — the regression
   * has d − 1 unknowns, so its noise grows like sqrt(d / samples).
   * @defaultValue 500 (openxai, paper), 'auto' (default: 100 coalitions x 5 k-means rows at d <= 20)
   */
  readonly samples?: number | 'auto';
  /**
   * Absent features take these values. The game is v(S) = mean over the background rows b
   * of p_target(x_S, b_rest); v(∅) = mean_b p_target(b) is computed over all rows once per
   * call, so the constrained variant's Σφ = p(x) − mean_b p(b) holds exactly.
   * 'kmeans' and 'sample' use real training rows (seeded by `seed`), so one-hot groups and
   * other joint constraints stay valid — the training mean does not. 'kmeans' rows are
   * weighted by their cluster shares (v(S) = Σ_r w_r p_target(x_S, b_r)).
   * @defaultValue 'zeros' (openxai, paper: Captum's default baseline), 'kmeans' (default)
   */
  readonly background?: KernelShapBackground;
  /**
   * 'kmeans': clusters (at most; fewer when train has fewer distinct rows). 'sample': rows
   * drawn without replacement (all of train if it has fewer).
   * @defaultValue 5 ('kmeans'), 50 ('sample')
   */
  readonly backgroundSize?: number;
  /**
   * Sampled mode: background rows each coalition is evaluated with. With m < B rows, coalition
   * s of an instance uses rows (o + s·m + q) mod B, q < m, o drawn per instance (a pair of
   * complementary coalitions shares them), so every row serves equally often and v(S) is
   * estimated without bias at m model rows per coalition instead of B. 'all': every row
   * (the averaged game evaluated exactly, B times the cost). Exact mode always uses all rows.
   * @defaultValue 'all'
   */
  readonly backgroundPerCoalition?: number | 'all';
  /**
   * Constrained only: enumerate all 2^d coalitions × all background rows. 'auto': when
   * d <= maxExactFeatures and 2^d·B <= maxExactRows.
   * @defaultValue 'auto'
   */
  readonly exact?: boolean | 'auto';
  /** @defaultValue 10 */
  readonly maxExactFeatures?: number;
  /** Model rows per instance (2^d times the background rows) that 'auto' may spend on enumeration. @defaultValue 2048 */
  readonly maxExactRows?: number;
  /** Constrained only: draw coalitions with their complements. @defaultValue true */
  readonly paired?: boolean;
  /** Captum only: regression weight of the full and empty coalitions. @defaultValue 1e6 */
  readonly endpointWeight?: number;
}

export interface KernelShapConfig {
  readonly variant: KernelShapVariant;
  readonly samples: number | 'auto';
  readonly background: 'zeros' | 'mean' | 'sample' | 'kmeans' | 'vector' | 'matrix';
  /** Resolved background rows as plain numbers, for reports (null for 'zeros', which adapts to the model's inputDim). */
  readonly backgroundRows: readonly (readonly number[])[] | null;
  /** Weight of each background row in v(S) ('kmeans': cluster shares); null = equal weights. */
  readonly backgroundWeights: readonly number[] | null;
  readonly backgroundPerCoalition: number | 'all';
  readonly exact: boolean | 'auto';
  readonly maxExactFeatures: number;
  readonly maxExactRows: number;
  readonly paired: boolean;
  readonly endpointWeight: number;
  readonly batchRows: number;
}

type KernelShapPresetDefaults = Pick<KernelShapConfig, 'variant' | 'samples' | 'backgroundPerCoalition' | 'exact' | 'maxExactFeatures' | 'maxExactRows' | 'paired' | 'endpointWeight'> & {
  background: 'zeros' | 'kmeans';
  /** `backgroundSize` when not given, by background kind. */
  backgroundSize: { readonly kmeans: number; readonly sample: number };
};

/**
 * Per-preset defaults: OpenXAI calls Captum KernelShap(n_samples=500) with its zero
 * baseline. `default` runs the constrained estimator against a 5-row weighted k-means summary
 * of train with 'auto' coalitions (100 up to d = 20): 500 model rows per explanation there,
 * as many as the training-mean background with 500 coalitions (see the README for the
 * measured accuracy/cost trade-off).
 */
export const kernelShapDefaults: Readonly<Record<Preset, KernelShapPresetDefaults>> = {
  default: { variant: 'constrained', samples: 'auto', background: 'kmeans', backgroundSize: { kmeans: 5, sample: 50 }, backgroundPerCoalition: 'all', exact: 'auto', maxExactFeatures: 10, maxExactRows: 2048, paired: true, endpointWeight: 1e6 },
  openxai: { variant: 'captum', samples: 500, background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 }, backgroundPerCoalition: 'all', exact: 'auto', maxExactFeatures: 10, maxExactRows: 2048, paired: true, endpointWeight: 1e6 },
  paper: { variant: 'captum', samples: 500, background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 }, backgroundPerCoalition: 'all', exact: 'auto', maxExactFeatures: 10, maxExactRows: 2048, paired: true, endpointWeight: 1e6 },
};

/** samples 'auto': 5 coalitions per feature, at least 100 and at most 500. */
function autoSamples(d: number): number {
  return Math.min(500, Math.max(100, 5 * d));
}

/** Exact enumeration is refused above this many model rows per instance (2^d·B). */
const EXACT_ROW_LIMIT = 2 ** 24;

/**
 * KernelSHAP ('shap'). Every coalition of every row of a chunk (times its background rows),
 * plus the background itself once, goes to `predictProba` as one matrix; the coalitions and
 * background offsets of row i come from `substream(seed, key_i, 'kernelshap')`.
 * @example kernelShapExplainer({ preset: 'default', train }).explain(model, x)
 * @since 0.1.0
 */
export function kernelShapExplainer(options: KernelShapOptions = {}): ConfiguredExplainer<KernelShapConfig> {
  const fn = 'kernelShapExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'variant', 'samples', 'background', 'backgroundSize', 'backgroundPerCoalition', 'exact', 'maxExactFeatures', 'maxExactRows', 'paired', 'endpointWeight']);
  const base = kernelShapDefaults[common.preset];
  const variant = options.variant === undefined ? base.variant : oneOf(fn, 'variant', options.variant, ['captum', 'constrained'] as const);
  const exact = options.exact === undefined ? base.exact : options.exact === 'auto' ? 'auto' : booleanOption(fn, 'exact', options.exact);
  if (variant === 'captum' && exact === true) {
    throw new XaiError('BAD_OPTION', "exact enumeration is only offered by the 'constrained' variant", { fn, arg: 'exact', value: true });
  }
  const backgroundOption = options.background ?? (options.variant === undefined ? base.background : variant === 'captum' ? 'zeros' : 'kmeans');
  const backgroundSize = options.backgroundSize === undefined ? (backgroundOption === 'sample' ? base.backgroundSize.sample : base.backgroundSize.kmeans) : positiveInteger(fn, 'backgroundSize', options.backgroundSize);
  const perCoalition = options.backgroundPerCoalition;
  const backgroundPerCoalition = perCoalition === undefined ? base.backgroundPerCoalition : perCoalition === 'all' ? 'all' : positiveInteger(fn, 'backgroundPerCoalition', perCoalition);
  const { kind, rows, weights } = resolveBackground(fn, backgroundOption, common.train, backgroundSize, common.seed);
  const config: KernelShapConfig = {
    variant,
    samples: options.samples === undefined ? base.samples : options.samples === 'auto' ? 'auto' : positiveInteger(fn, 'samples', options.samples, 2),
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    backgroundWeights: weights === null ? null : Array.from(weights),
    backgroundPerCoalition,
    exact,
    maxExactFeatures: options.maxExactFeatures === undefined ? base.maxExactFeatures : positiveInteger(fn, 'maxExactFeatures', options.maxExactFeatures),
    maxExactRows: options.maxExactRows === undefined ? base.maxExactRows : positiveInteger(fn, 'maxExactRows', options.maxExactRows),
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
      return explainKernelShap(model, x, explainOptions, config, rows, weights, seed);
    },
  };
}

function resolveBackground(fn: string, option: KernelShapBackground, train: Matrix | undefined, size: number, seed: number): { kind: KernelShapConfig['background']; rows: Matrix | null; weights: Float64Array | null } {
  if (option === 'zeros') return { kind: 'zeros', rows: null, weights: null };
  if (option === 'mean' || option === 'sample' || option === 'kmeans') {
    if (train === undefined) {
      throw new XaiError('BAD_OPTION', `background '${option}' needs the training features: pass { train }, or choose background 'zeros' or a vector`, { fn, arg: 'background', value: option });
    }
    if (option === 'mean') return { kind: 'mean', rows: { rows: 1, cols: train.cols, data: columnMeans(train) }, weights: null };
    const t = contiguous(train);
    if (option === 'kmeans') {
      const s = kMeansSummary(t.data, train.rows, train.cols, size, substream(seed, 'kernelshap-kmeans'));
      return { kind: 'kmeans', rows: { rows: s.rows, cols: train.cols, data: s.data }, weights: s.weights };
    }
    const k = Math.min(size, train.rows);
    const pick = substream(seed, 'kernelshap-background').choice(train.rows, k);
    const data = new Float64Array(k * train.cols);
    for (let r = 0; r < k; r++) data.set(t.data.subarray(pick[r]! * train.cols, (pick[r]! + 1) * train.cols), r * train.cols);
    return { kind: 'sample', rows: { rows: k, cols: train.cols, data }, weights: null };
  }
  if (option instanceof Float64Array || Array.isArray(option)) {
    const v = vectorOption(fn, 'background', option);
    return { kind: 'vector', rows: { rows: 1, cols: v.length, data: v }, weights: null };
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
    return { kind: 'matrix', rows: contiguous(option, true), weights: null };
  }
  throw new XaiError('BAD_OPTION', `expected 'zeros', 'mean', 'sample', 'kmeans', a vector or a Matrix, got ${describeValue(option)}`, { fn, arg: 'background', value: option });
}


function explainKernelShap(model: Model, x: Matrix, explainOptions: ExplainOptions | undefined, config: KernelShapConfig, background: Matrix | null, weights: Float64Array | null, seed: number): Matrix {
  const efn = 'kernelShapExplainer.explain';
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const { n, d } = b;
  const classes = b.model.classes;
  const bg = background ?? { rows: 1, cols: d, data: new Float64Array(d) };
  if (bg.cols !== d) throw new XaiError('SHAPE_MISMATCH', `the background has ${bg.cols} features, the model takes ${d}`, { fn: efn, arg: 'background', value: bg.cols });
  const B = bg.rows;
  const constrained = config.variant === 'constrained';
  const exact = constrained && (config.exact === true || (config.exact === 'auto' && d <= config.maxExactFeatures && 2 ** d * B <= config.maxExactRows));
  if (exact && 2 ** d * B > EXACT_ROW_LIMIT) {
    throw new XaiError('BAD_OPTION', `exact enumeration needs 2^${d} coalitions x ${B} background rows per instance, over the limit of 2^24 model rows; use exact 'auto' or false, or a smaller background`, { fn: efn, arg: 'exact', value: d });
  }
  const out = new Float64Array(n * d);
  if (n === 0) return { rows: 0, cols: d, data: out };
  const C = exact ? 2 ** d : config.samples === 'auto' ? autoSamples(d) : config.samples;
  // Background rows per proper coalition; with m < B each coalition takes m of them in turn.
  const m = exact || config.backgroundPerCoalition === 'all' ? B : Math.min(B, config.backgroundPerCoalition);
  const cycled = m < B;
  const pairedDraws = !exact && constrained && config.paired;
  // Model rows per instance: x itself (v(N)), then every proper coalition m times. v(∅) is
  // the same for every instance: the B background rows go once into the first call.
  const R = 1 + (C - 2) * m;
  const per = instancesPerChunk(R, config.batchRows);
  const cap = Math.min(per, n);
  const coalitions = new Float64Array((exact ? 1 : cap) * C * d);
  const kernelWeights = new Float64Array(C);
  if (exact) enumerateCoalitions(d, coalitions, kernelWeights);
  else {
    kernelWeights.fill(1);
    kernelWeights[0] = config.endpointWeight;
    kernelWeights[1] = config.endpointWeight;
  }
  const cdf = shapleySizeCdf(d);
  const perm = new Int32Array(d);
  const inputs = new Float64Array((B + cap * R) * d);
  const probs = new Float64Array((B + cap * R) * classes);
  const emptyValue = new Float64Array(classes);
  // B·w_r: a row drawn uniformly and scaled by it estimates Σ_r w_r p_r without bias.
  const scaled = new Float64Array(B);
  for (let r = 0; r < B; r++) scaled[r] = weights === null ? 1 : B * weights[r]!;
  const offsets = new Int32Array(cap);
  const v = new Float64Array(C);
  const coef = new Float64Array(d);
  const ls = createLeastSquaresWork(constrained ? Math.max(1, d - 1) : d);
  const cw = createConstrainedShapleyWork(d, ls);
  const bgData = bg.data;
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    const lead = c0 === 0 ? B : 0;
    if (lead > 0) inputs.set(bgData.subarray(0, B * d), 0);
    for (let i = c0; i < c1; i++) {
      const zo = exact ? 0 : (i - c0) * C * d;
      let offset = 0;
      if (!exact) {
        const rng = substream(seed, b.keys[i]!, 'kernelshap');
        sampleCoalitions(rng, d, C, pairedDraws, cdf, perm, coalitions, zo);
        if (cycled) offset = Math.floor(rng.uniform() * B);
        offsets[i - c0] = offset;
      }
      const xo = i * d;
      let o = (lead + (i - c0) * R) * d;
      inputs.set(b.x.subarray(xo, xo + d), o);
      o += d;
      for (let c = 2; c < C; c++) {
        const zc = zo + c * d;
        const slot = pairedDraws ? (c - 2) >> 1 : c - 2;
        for (let q = 0; q < m; q++, o += d) {
          const bo = (cycled ? (offset + slot * m + q) % B : q) * d;
          for (let j = 0; j < d; j++) inputs[o + j] = coalitions[zc + j] === 1 ? b.x[xo + j]! : bgData[bo + j]!;
        }
      }
    }
    const rows = lead + (c1 - c0) * R;
    predictRows(b.model, { rows, cols: d, data: inputs.subarray(0, rows * d) }, efn, config.batchRows, probs);
    if (lead > 0) {
      for (let r = 0; r < B; r++) for (let k = 0; k < classes; k++) emptyValue[k] += (scaled[r]! / B) * probs[r * classes + k]!;
    }
    for (let i = c0; i < c1; i++) {
      const t = b.targets[i]!;
      let p = lead + (i - c0) * R;
      v[0] = probs[p * classes + t]!;
      v[1] = emptyValue[t]!;
      p++;
      const offset = offsets[i - c0]!;
      for (let c = 2; c < C; c++) {
        const slot = pairedDraws ? (c - 2) >> 1 : c - 2;
        let s = 0;
        for (let q = 0; q < m; q++, p++) s += scaled[cycled ? (offset + slot * m + q) % B : q]! * probs[p * classes + t]!;
        v[c] = s / m;
      }
      const zo = exact ? 0 : (i - c0) * C * d;
      const xo = i * d;
      if (!constrained) {
        weightedLeastSquares(coalitions.subarray(zo, zo + C * d), C, d, v, kernelWeights, 0, true, coef, ls);
        for (let j = 0; j < d; j++) out[xo + j] = coef[j]!;
      } else if (d === 1) {
        out[xo] = v[0]! - v[1]!;
      } else {
        constrainedShapley(coalitions, zo + 2 * d, C - 2, v, kernelWeights, 2, v[1]!, v[0]! - v[1]!, out, xo, cw);
      }
    }
  }
  return { rows: n, cols: d, data: out };
}

import type { ExplainOptions, FeatureGroups, Matrix, Model } from '@xai/core';
import {
  booleanOption,
  checkOptions,
  enumOption,
  featureUnits,
  intOption,
  numberOption,
  substream,
  toRows,
  unitIds,
  XaiError,
} from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { constrainedShapley, constrainedShapleyFactor, createConstrainedShapleyWork } from './internal/constrainedShapley.js';
import type { SharedLeastSquares } from './internal/sharedLeastSquares.js';
import { createSharedLeastSquares, sharedLeastSquaresSolve } from './internal/sharedLeastSquares.js';
import { createLeastSquaresWork, weightedLeastSquares } from './internal/leastSquares.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { backgroundSize, resolveBackground } from './internal/background.js';
import { featureScaleOption, scaleRecord } from './internal/featureScale.js';
import { enumerateCoalitions, sampleCoalitions } from './internal/shapleyCoalitions.js';
import { shapleySizeCdf } from './internal/shapleySizeCdf.js';
import { groupsOption } from './internal/validate.js';

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

export interface KernelShapOptions extends CommonExplainerOptions, FeatureScaleOption {
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
   * Constrained only: enumerate all 2^d coalitions (units with `groups`) × all background
   * rows, so φ are the exact Shapley values of the averaged game. 'auto': exactly when
   * d <= maxExactFeatures, whatever the background size (and, if `maxExactRows` is given,
   * 2^d·B <= maxExactRows); otherwise `samples` coalitions are drawn. Enumeration streams
   * the coalitions through the model in calls of at most `batchRows` rows, so its memory
   * does not grow with 2^d·B.
   * @defaultValue 'auto'
   */
  readonly exact?: boolean | 'auto';
  /** @defaultValue 10 */
  readonly maxExactFeatures?: number;
  /** A cap on the model rows per instance (2^d times the background rows) that 'auto' may spend on enumeration. @defaultValue none */
  readonly maxExactRows?: number;
  /** Constrained only: draw coalitions with their complements. @defaultValue true */
  readonly paired?: boolean;
  /** Captum only: regression weight of the full and empty coalitions. @defaultValue 1e6 */
  readonly endpointWeight?: number;
  /**
   * Feature groups switched on/off as one unit (Captum's feature_mask, SHAP's grouped
   * features): coalitions are drawn over units (a group, or a column in no group), and a
   * unit's value is written to every column of the unit (Captum's convention). Exact
   * enumeration and `maxExactFeatures` then count units.
   */
  readonly groups?: FeatureGroups;
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
  /** null: no cap (enumerate whenever d <= maxExactFeatures). */
  readonly maxExactRows: number | null;
  readonly paired: boolean;
  readonly endpointWeight: number;
  readonly groups: readonly (readonly number[])[] | null;
  readonly batchRows: number;
  /** Units of the k-means background's distances (absent: absolute). */
  readonly featureScale?: readonly number[];
}

type KernelShapPresetDefaults = Pick<
  KernelShapConfig,
  'variant' | 'samples' | 'backgroundPerCoalition' | 'exact' | 'maxExactFeatures' | 'maxExactRows' | 'paired' | 'endpointWeight'
> & {
  background: 'zeros' | 'kmeans';
  /** `backgroundSize` when not given, by background kind. */
  backgroundSize: { readonly kmeans: number; readonly sample: number };
};

/** Captum KernelShap's settings, as the released code calls it (500 samples, zero baseline). */
const CAPTUM_DEFAULTS: KernelShapPresetDefaults = {
  variant: 'captum',
  samples: 500,
  background: 'zeros',
  backgroundSize: { kmeans: 5, sample: 50 },
  backgroundPerCoalition: 'all',
  exact: 'auto',
  maxExactFeatures: 10,
  maxExactRows: null,
  paired: true,
  endpointWeight: 1e6,
};

/**
 * Per-preset defaults: OpenXAI calls Captum KernelShap(n_samples=500) with its zero
 * baseline. `default` runs the constrained estimator against a 5-row weighted k-means summary
 * of train with 'auto' coalitions (100 up to d = 20): 500 model rows per explanation there,
 * as many as the training-mean background with 500 coalitions (see the README for the
 * measured accuracy/cost trade-off).
 */
export const kernelShapDefaults: Readonly<Record<ExplainerPreset, KernelShapPresetDefaults>> = {
  default: {
    variant: 'constrained',
    samples: 'auto',
    background: 'kmeans',
    backgroundSize: { kmeans: 5, sample: 50 },
    backgroundPerCoalition: 'all',
    exact: 'auto',
    maxExactFeatures: 10,
    maxExactRows: null,
    paired: true,
    endpointWeight: 1e6,
  },
  openxai: CAPTUM_DEFAULTS,
  // The paper states no KernelSHAP settings beyond the released code's.
  paper: CAPTUM_DEFAULTS,
  // Captum KernelShap.attribute's own defaults: n_samples = 25, zero baselines.
  captum: { ...CAPTUM_DEFAULTS, samples: 25 },
};

/** samples 'auto': 5 coalitions per feature, at least 100 and at most 500. */
function autoSamples(d: number): number {
  return Math.min(500, Math.max(100, 5 * d));
}

/** Exact enumeration is refused above this many units: its coalition table holds 2^U x U values. */
const EXACT_UNIT_LIMIT = 20;

/** The option keys `kernelShapExplainer` accepts. @since 0.3.0 */
export const KERNEL_SHAP_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'variant',
  'samples',
  'background',
  'backgroundSize',
  'backgroundPerCoalition',
  'exact',
  'maxExactFeatures',
  'maxExactRows',
  'paired',
  'endpointWeight',
  'groups',
  'featureScale',
] as const satisfies readonly (keyof KernelShapOptions & string)[];

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
  checkOptions(options, KERNEL_SHAP_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = kernelShapDefaults[common.row];
  const variant =
    options.variant === undefined
      ? base.variant
      : enumOption(options.variant, fn, 'variant', { values: ['captum', 'constrained'] as const });
  const exact = options.exact === undefined ? base.exact : options.exact === 'auto' ? 'auto' : booleanOption(options.exact, fn, 'exact');
  if (variant === 'captum' && exact === true) {
    throw new XaiError('BAD_OPTION', "exact enumeration is only offered by the 'constrained' variant", { fn, arg: 'exact', value: true });
  }
  const backgroundOption =
    options.background ?? (options.variant === undefined ? base.background : variant === 'captum' ? 'zeros' : 'kmeans');
  const size = backgroundSize(fn, backgroundOption, options.backgroundSize, base.backgroundSize);
  const perCoalition = options.backgroundPerCoalition;
  const backgroundPerCoalition =
    perCoalition === undefined
      ? base.backgroundPerCoalition
      : perCoalition === 'all'
        ? 'all'
        : intOption(perCoalition, fn, 'backgroundPerCoalition', { min: 1 });
  const { kind, rows, weights } = resolveBackground(fn, backgroundOption, common.train, size, common.seed, scale);
  const config: KernelShapConfig = {
    variant,
    samples:
      options.samples === undefined
        ? base.samples
        : options.samples === 'auto'
          ? 'auto'
          : intOption(options.samples, fn, 'samples', { min: 2 }),
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    backgroundWeights: weights === null ? null : Array.from(weights),
    backgroundPerCoalition,
    exact,
    maxExactFeatures:
      options.maxExactFeatures === undefined
        ? base.maxExactFeatures
        : intOption(options.maxExactFeatures, fn, 'maxExactFeatures', { min: 1 }),
    maxExactRows: options.maxExactRows === undefined ? base.maxExactRows : intOption(options.maxExactRows, fn, 'maxExactRows', { min: 1 }),
    paired: options.paired === undefined ? base.paired : booleanOption(options.paired, fn, 'paired'),
    endpointWeight:
      options.endpointWeight === undefined ? base.endpointWeight : numberOption(options.endpointWeight, fn, 'endpointWeight', { above: 0 }),
    groups: options.groups === undefined ? null : groupsOption(fn, options.groups),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
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

/** Step 1: units, exact or sampled, coalition count and model rows per instance. */
interface KernelShapPlan {
  readonly U: number;
  readonly ids: Int32Array;
  readonly B: number;
  readonly constrained: boolean;
  readonly exact: boolean;
  /** Coalitions per instance (2^U when exact), the first two being N and ∅. */
  readonly C: number;
  /** Background rows per proper coalition; with m < B each coalition takes m of them in turn. */
  readonly m: number;
  readonly cycled: boolean;
  readonly pairedDraws: boolean;
  /** Model rows per instance: x itself (v(N)), then every proper coalition m times. */
  readonly R: number;
  /** Scratch of the sampled fill: each background row interleaved with the instance (B x d x 2). */
  readonly pick: Float64Array;
}

function planKernelShap(efn: string, config: KernelShapConfig, d: number, B: number): KernelShapPlan {
  // Coalitions are over units (a group or an ungrouped column); without groups, unit j = column j.
  const units = featureUnits(d, config.groups ?? undefined, efn, 'groups');
  const U = units.length;
  const constrained = config.variant === 'constrained';
  const exact =
    constrained &&
    (config.exact === true ||
      (config.exact === 'auto' && U <= config.maxExactFeatures && (config.maxExactRows === null || 2 ** U * B <= config.maxExactRows)));
  if (exact && U > EXACT_UNIT_LIMIT) {
    throw new XaiError(
      'BAD_OPTION',
      `exact enumeration of 2^${U} coalitions is over the limit of 2^${EXACT_UNIT_LIMIT}; use exact 'auto' or false, or group features`,
      { fn: efn, arg: 'exact', value: U },
    );
  }
  const C = exact ? 2 ** U : config.samples === 'auto' ? autoSamples(U) : config.samples;
  const m = exact || config.backgroundPerCoalition === 'all' ? B : Math.min(B, config.backgroundPerCoalition);
  const pairedDraws = !exact && constrained && config.paired;
  return {
    U,
    ids: unitIds(d, units),
    B,
    constrained,
    exact,
    C,
    m,
    cycled: m < B,
    pairedDraws,
    R: 1 + (C - 2) * m,
    pick: new Float64Array(exact ? 0 : 2 * B * d),
  };
}

/** The coalitions of one instance: drawn from its key's stream, or reused from an earlier row with the same key. */
interface CoalitionDraws {
  /** Rows left to explain per key. */
  readonly left: Map<number, number>;
  readonly draws: Map<number, { z: Float64Array; offset: number }>;
}

/** Step 2 (sampled): row i's coalitions and its model rows — x, then each proper coalition over m background rows. */
function fillInstance(
  plan: KernelShapPlan,
  i: number,
  rowInCall: number,
  x: Float64Array,
  d: number,
  key: number,
  seed: number,
  cache: CoalitionDraws,
  coalitions: Float64Array,
  zo: number,
  bgData: Float64Array,
  inputs: Float64Array,
  cdf: Float64Array,
): number {
  const { U, C, m, B, cycled, pairedDraws, ids } = plan;
  let offset = 0;
  const cached = cache.draws.get(key);
  if (cached !== undefined) {
    coalitions.set(cached.z, zo);
    offset = cached.offset;
  } else {
    const rng = substream(seed, key, 'kernelshap');
    sampleCoalitions(rng, U, C, pairedDraws, cdf, coalitions, zo);
    if (cycled) offset = Math.floor(rng.uniform() * B);
    if (cache.left.get(key)! > 1) cache.draws.set(key, { z: coalitions.slice(zo, zo + C * U), offset });
  }
  const xo = i * d;
  let o = rowInCall * d;
  inputs.set(x.subarray(xo, xo + d), o);
  o += d;
  // pick[(r·d + j)·2 + present]: background row r's value of column j, or x's. A coalition's
  // entries are exactly 0 or 1, so they index pick directly: no branch (a compare-and-select
  // mispredicts on half the entries; 3.5x slower).
  const pick = pickTable(plan, x, xo, d, bgData);
  for (let c = 2; c < C; c++) {
    const zc = zo + c * U;
    const slot = pairedDraws ? (c - 2) >> 1 : c - 2;
    for (let q = 0; q < m; q++, o += d) {
      const po = (cycled ? (offset + slot * m + q) % B : q) * 2 * d;
      for (let j = 0; j < d; j++) inputs[o + j] = pick[po + 2 * j + coalitions[zc + ids[j]!]!]!;
    }
  }
  return offset;
}

/** Interleaves every background row with x (see fillInstance), in the plan's scratch. */
function pickTable(plan: KernelShapPlan, x: Float64Array, xo: number, d: number, bgData: Float64Array): Float64Array {
  const pick = plan.pick;
  for (let r = 0; r < plan.B; r++)
    for (let j = 0; j < d; j++) {
      pick[(r * d + j) * 2] = bgData[r * d + j]!;
      pick[(r * d + j) * 2 + 1] = x[xo + j]!;
    }
  return pick;
}

/** Step 3: v(S) of every coalition of one instance from the model's outputs (v(∅) shared by every instance). */
function coalitionValues(
  plan: KernelShapPlan,
  probs: Float64Array,
  first: number,
  classes: number,
  t: number,
  emptyValue: Float64Array,
  scaled: Float64Array,
  offset: number,
  v: Float64Array,
): void {
  const { C, m, B, cycled, pairedDraws } = plan;
  let p = first;
  v[0] = probs[p * classes + t]!;
  v[1] = emptyValue[t]!;
  p++;
  for (let c = 2; c < C; c++) {
    const slot = pairedDraws ? (c - 2) >> 1 : c - 2;
    let s = 0;
    for (let q = 0; q < m; q++, p++) s += scaled[cycled ? (offset + slot * m + q) % B : q]! * probs[p * classes + t]!;
    v[c] = s / m;
  }
}

/** Workspaces of the Shapley regression. */
interface SolveWork {
  readonly coef: Float64Array;
  readonly ls: ReturnType<typeof createLeastSquaresWork>;
  readonly cw: ReturnType<typeof createConstrainedShapleyWork>;
  /** One factorisation per key shared by two or more rows (evicted after the last). */
  readonly factors: Map<number, SharedLeastSquares | null>;
}

/**
 * Step 4: φ of one instance — the kernel-weighted regression (Captum) or the constrained
 * estimator — from the shared factorisation of its coalitions when given (the same bits as
 * the per-row solve: every sum is formed in the same order), else solved on its own.
 */
function solveInstance(
  plan: KernelShapPlan,
  coalitions: Float64Array,
  zo: number,
  kernelWeights: Float64Array,
  v: Float64Array,
  factor: SharedLeastSquares | null,
  work: SolveWork,
  phi: Float64Array,
): void {
  const { U, C, constrained } = plan;
  if (!constrained) {
    if (factor !== null) sharedLeastSquaresSolve(factor, v, 0, work.coef);
    else weightedLeastSquares(coalitions.subarray(zo, zo + C * U), C, U, v, kernelWeights, 0, true, work.coef, work.ls);
    phi.set(work.coef);
  } else if (U === 1) {
    phi[0] = v[0]! - v[1]!;
  } else {
    constrainedShapley(coalitions, zo + 2 * U, C - 2, v, kernelWeights, 2, v[1]!, v[0]! - v[1]!, phi, 0, work.cw, factor);
  }
}

/** The factorisation of the coalitions at zo (null when the problem has no regression, U = 1 under the constraint). */
function coalitionFactor(
  plan: KernelShapPlan,
  coalitions: Float64Array,
  zo: number,
  kernelWeights: Float64Array,
  work: SolveWork,
): SharedLeastSquares | null {
  const { U, C, constrained } = plan;
  if (constrained && U === 1) return null;
  return constrained
    ? constrainedShapleyFactor(coalitions, zo + 2 * U, C - 2, kernelWeights, 2, work.cw)
    : createSharedLeastSquares(coalitions, zo, C, U, kernelWeights, 0, 0, true);
}

/** What both explain paths read: the rows, the background and its weights, the plan and the solver's workspaces. */
interface KernelShapRun {
  readonly b: ReturnType<typeof prepareBatch>;
  readonly efn: string;
  readonly config: KernelShapConfig;
  readonly plan: KernelShapPlan;
  readonly bg: Matrix;
  /** B·w_r: a row drawn uniformly and scaled by it estimates Σ_r w_r p_r without bias. */
  readonly scaled: Float64Array;
  readonly work: SolveWork;
  readonly out: Float64Array;
}

/** The explain step: the exact or the sampled path. */
function explainKernelShap(
  model: Model,
  x: Matrix,
  explainOptions: ExplainOptions | undefined,
  config: KernelShapConfig,
  background: Matrix | null,
  weights: Float64Array | null,
  seed: number,
): Matrix {
  const efn = 'kernelShapExplainer.explain';
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const { n, d } = b;
  const bg = background ?? { rows: 1, cols: d, data: new Float64Array(d) };
  if (bg.cols !== d)
    throw new XaiError('SHAPE_MISMATCH', `the background has ${bg.cols} features, the model takes ${d}`, {
      fn: efn,
      arg: 'background',
      value: bg.cols,
    });
  const B = bg.rows;
  const plan = planKernelShap(efn, config, d, B);
  const out = new Float64Array(n * d);
  if (n === 0) return { rows: 0, cols: d, data: out };
  const scaled = new Float64Array(B);
  for (let r = 0; r < B; r++) scaled[r] = weights === null ? 1 : B * weights[r]!;
  const ls = createLeastSquaresWork(plan.constrained ? Math.max(1, plan.U - 1) : plan.U);
  const work: SolveWork = { coef: new Float64Array(plan.U), ls, cw: createConstrainedShapleyWork(plan.U, ls), factors: new Map() };
  const run: KernelShapRun = { b, efn, config, plan, bg, scaled, work, out };
  if (plan.exact) explainExact(run);
  else explainSampled(run, seed);
  return { rows: n, cols: d, data: out };
}

/**
 * Sampled coalitions: per chunk of rows, fill every instance's coalition rows, one model call
 * (the background rows go once into the first), then v and φ per row. Rows drawn from the same
 * key (the stability metrics' common random numbers) share their coalitions and one factorisation.
 */
function explainSampled(run: KernelShapRun, seed: number): void {
  const { b, efn, config, plan, bg, scaled, work, out } = run;
  const { n, d } = b;
  const classes = b.model.classes;
  const { U, C, R, B, ids } = plan;
  const per = instancesPerChunk(R, config.batchRows);
  const cap = Math.min(per, n);
  const coalitions = new Float64Array(cap * C * U);
  const kernelWeights = new Float64Array(C).fill(1);
  kernelWeights[0] = config.endpointWeight;
  kernelWeights[1] = config.endpointWeight;
  const cdf = shapleySizeCdf(U);
  const inputs = new Float64Array((B + cap * R) * d);
  const probs = new Float64Array((B + cap * R) * classes);
  const emptyValue = new Float64Array(classes);
  const offsets = new Int32Array(cap);
  const v = new Float64Array(C);
  const phi = new Float64Array(U);
  const cache: CoalitionDraws = { left: new Map(), draws: new Map() };
  for (let i = 0; i < n; i++) cache.left.set(b.keys[i]!, (cache.left.get(b.keys[i]!) ?? 0) + 1);
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    const lead = c0 === 0 ? B : 0;
    if (lead > 0) inputs.set(bg.data.subarray(0, B * d), 0);
    for (let i = c0; i < c1; i++) {
      const zo = (i - c0) * C * U;
      const rowInCall = lead + (i - c0) * R;
      offsets[i - c0] = fillInstance(plan, i, rowInCall, b.x, d, b.keys[i]!, seed, cache, coalitions, zo, bg.data, inputs, cdf);
    }
    const rows = lead + (c1 - c0) * R;
    predictRows(b.model, { rows, cols: d, data: inputs.subarray(0, rows * d) }, efn, config.batchRows, probs);
    if (lead > 0) backgroundValue(probs, B, classes, scaled, emptyValue);
    for (let i = c0; i < c1; i++) {
      const zo = (i - c0) * C * U;
      coalitionValues(plan, probs, lead + (i - c0) * R, classes, b.targets[i]!, emptyValue, scaled, offsets[i - c0]!, v);
      const key = b.keys[i]!;
      let factor: SharedLeastSquares | null = null;
      if (cache.left.get(key)! > 1 || work.factors.has(key)) {
        if (!work.factors.has(key)) work.factors.set(key, coalitionFactor(plan, coalitions, zo, kernelWeights, work));
        factor = work.factors.get(key) ?? null;
      }
      solveInstance(plan, coalitions, zo, kernelWeights, v, factor, work, phi);
      const r = cache.left.get(key)! - 1;
      cache.left.set(key, r);
      if (r === 0) {
        work.factors.delete(key);
        cache.draws.delete(key);
      }
      for (let j = 0; j < d; j++) out[i * d + j] = phi[ids[j]!]!;
    }
  }
}

/** v(∅) = Σ_r (B·w_r / B) p_r over the background rows, the first B rows of probs. */
function backgroundValue(probs: Float64Array, B: number, classes: number, scaled: Float64Array, emptyValue: Float64Array): void {
  for (let r = 0; r < B; r++) for (let k = 0; k < classes; k++) emptyValue[k] = emptyValue[k]! + (scaled[r]! / B) * probs[r * classes + k]!;
}

/**
 * Exact enumeration: the 2^U coalitions (one table, one factorisation for every row), v(∅) and
 * every p(x) in one call, then the (instance, coalition) pairs in order through the model in
 * calls of at most max(batchRows, B) rows, each coalition's B rows in one call; an instance is
 * solved once its last coalition's value is in. Memory does not grow with 2^U·B.
 */
function explainExact(run: KernelShapRun): void {
  const { b, efn, config, plan, bg, scaled, work, out } = run;
  const { n, d } = b;
  const classes = b.model.classes;
  const { U, C, B, ids } = plan;
  const coalitions = new Float64Array(C * U);
  const kernelWeights = new Float64Array(C);
  enumerateCoalitions(U, coalitions, kernelWeights);
  const factor = coalitionFactor(plan, coalitions, 0, kernelWeights, work);
  // v(∅) and v(N) of every row: the background rows, then the instances, through one call.
  const lead = new Float64Array((B + n) * d);
  lead.set(bg.data.subarray(0, B * d), 0);
  lead.set(b.x.subarray(0, n * d), B * d);
  const leadProbs = predictRows(b.model, { rows: B + n, cols: d, data: lead }, efn, config.batchRows).data;
  const emptyValue = new Float64Array(classes);
  backgroundValue(leadProbs, B, classes, scaled, emptyValue);
  const v = new Float64Array(C);
  const phi = new Float64Array(U);
  const finish = (i: number): void => {
    solveInstance(plan, coalitions, 0, kernelWeights, v, factor, work, phi);
    for (let j = 0; j < d; j++) out[i * d + j] = phi[ids[j]!]!;
  };
  const start = (i: number): void => {
    v[0] = leadProbs[(B + i) * classes + b.targets[i]!]!;
    v[1] = emptyValue[b.targets[i]!]!;
  };
  if (C === 2) {
    for (let i = 0; i < n; i++) {
      start(i);
      finish(i);
    }
    return;
  }
  const perCall = Math.max(1, Math.floor(config.batchRows / B));
  const inputs = new Float64Array(Math.min(perCall, n * (C - 2)) * B * d);
  const probs = new Float64Array((inputs.length / d) * classes);
  let i = 0;
  let c = 2;
  while (i < n) {
    // Fill up to perCall (instance, coalition) pairs from (i, c) on.
    let fi = i;
    let fc = c;
    let pairs = 0;
    for (; pairs < perCall && fi < n; pairs++) {
      const xo = fi * d;
      const zc = fc * U;
      for (let q = 0; q < B; q++) {
        const o = (pairs * B + q) * d;
        for (let j = 0; j < d; j++) inputs[o + j] = coalitions[zc + ids[j]!] === 1 ? b.x[xo + j]! : bg.data[q * d + j]!;
      }
      if (++fc === C) {
        fi++;
        fc = 2;
      }
    }
    predictRows(b.model, { rows: pairs * B, cols: d, data: inputs.subarray(0, pairs * B * d) }, efn, config.batchRows, probs);
    // The same pairs again: each coalition's value, and a finished instance solved.
    for (let p = 0; p < pairs; p++) {
      if (c === 2) start(i);
      const t = b.targets[i]!;
      let sum = 0;
      for (let q = 0; q < B; q++) sum += scaled[q]! * probs[(p * B + q) * classes + t]!;
      v[c] = sum / B;
      if (++c === C) {
        finish(i);
        i++;
        c = 2;
      }
    }
  }
}

import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { booleanOption, checkOptions, contiguous, enumOption, intOption, XaiError } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { IntegrationMethod } from './quadratureRule.js';
import { INTEGRATION_METHODS, quadratureRule } from './quadratureRule.js';
import { resolveCommon } from './internal/common.js';
import { baselineFor, resolveBaseline } from './internal/baseline.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { predictRows, requireGradient } from './internal/modelCalls.js';
import { pointGradients } from './internal/pointGradients.js';
import { prepareBatch } from './internal/prepareBatch.js';

/** The IG reference point: the training mean, the origin, or a given vector. */
export type IgBaseline = 'mean' | 'zeros' | Float64Array | readonly number[];

export interface IntegratedGradientsOptions extends CommonExplainerOptions {
  /** @defaultValue 'gausslegendre' (Captum's default) */
  readonly method?: IntegrationMethod;
  /** Quadrature nodes along the path. @defaultValue 50 */
  readonly steps?: number;
  /**
   * true: standard IG, (x − baseline) ⊙ path-averaged gradient, which sums to
   * f(x) − f(baseline). false: the path-averaged gradient itself (OpenXAI's setting).
   * @defaultValue false (openxai), true (paper, default)
   */
  readonly multiplyByInputs?: boolean;
  /** @defaultValue 'mean' (needs `train`) */
  readonly baseline?: IgBaseline;
  /** @defaultValue 'probability' */
  readonly output?: OutputSpace;
}

export interface IntegratedGradientsConfig {
  readonly method: IntegrationMethod;
  readonly steps: number;
  readonly multiplyByInputs: boolean;
  readonly baseline: 'mean' | 'zeros' | 'vector';
  /** The resolved baseline as plain numbers, for reports (null for 'zeros', which adapts to the model's inputDim). */
  readonly baselineVector: readonly number[] | null;
  readonly output: OutputSpace;
  readonly batchRows: number;
}

/** Per-preset defaults: OpenXAI runs Captum IG with multiply_by_inputs = False. */
export const integratedGradientsDefaults: Readonly<
  Record<
    ExplainerPreset,
    { method: IntegrationMethod; steps: number; multiplyByInputs: boolean; baseline: 'mean' | 'zeros'; output: OutputSpace }
  >
> = {
  default: { method: 'gausslegendre', steps: 50, multiplyByInputs: true, baseline: 'mean', output: 'probability' },
  openxai: { method: 'gausslegendre', steps: 50, multiplyByInputs: false, baseline: 'mean', output: 'probability' },
  paper: { method: 'gausslegendre', steps: 50, multiplyByInputs: true, baseline: 'mean', output: 'probability' },
  // Captum IntegratedGradients.attribute: n_steps = 50, 'gausslegendre', baselines zero, multiply_by_inputs = True.
  captum: { method: 'gausslegendre', steps: 50, multiplyByInputs: true, baseline: 'zeros', output: 'probability' },
};

/**
 * Per-row completeness check of an IG run (Captum's "convergence delta"). In exact
 * arithmetic Σ_j ḡ_j (x_j − b_j) = f(x) − f(b) (ḡ = the path-averaged gradient, f = the
 * explained class's probability or logit); the quadrature only approximates the path
 * integral, and on piecewise-linear (ReLU) models its integrand jumps at every activation
 * switch, so the error shrinks only like 1/steps there.
 */
export interface IgCompleteness {
  /** The attributions, exactly as `explain` returns them. */
  readonly attributions: Matrix;
  /** f_target(x_i) − f_target(b) per row, in the configured output space. */
  readonly outputDelta: Float64Array;
  /**
   * Σ_j ḡ_ij (x_ij − b_j) − outputDelta_i per row: with `multiplyByInputs` this is
   * Σ_j φ_ij − (f(x_i) − f(b)); without it the sum is formed from the returned
   * path-averaged gradients.
   */
  readonly gap: Float64Array;
}

/**
 * The IG explainer: a core `Explainer` (its `explain` is unchanged) plus an opt-in
 * completeness diagnostic that costs one extra forward pass over the rows and the baseline.
 */
export interface IntegratedGradientsExplainer extends ConfiguredExplainer<IntegratedGradientsConfig> {
  /**
   * Same attributions as `explain(model, x, options)`, with the per-row completeness gap.
   * Output 'logit' needs `model.logits` (NOT_SUPPORTED otherwise).
   */
  explainWithCompleteness(model: Model, x: Matrix, options?: ExplainOptions): IgCompleteness;
}

/** The option keys `integratedGradientsExplainer` accepts. @since 0.3.0 */
export const INTEGRATED_GRADIENTS_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'method',
  'steps',
  'multiplyByInputs',
  'baseline',
  'output',
] as const satisfies readonly (keyof IntegratedGradientsOptions & string)[];

/** What a path integration returns beside the attributions (for the completeness check). */
interface IgRun {
  readonly attributions: Matrix;
  readonly targets: Int32Array;
  readonly baseline: Float64Array;
  readonly x: Float64Array;
  readonly model: Model;
}

/** Step 1: the configuration from the preset's row and the overrides. */
function resolveIgConfig(fn: string, options: IntegratedGradientsOptions): IntegratedGradientsConfig {
  const common = resolveCommon(fn, options);
  checkOptions(options, INTEGRATED_GRADIENTS_OPTION_KEYS, fn);
  const base = integratedGradientsDefaults[common.row];
  const method = options.method === undefined ? base.method : enumOption(options.method, fn, 'method', { values: INTEGRATION_METHODS });
  const steps =
    options.steps === undefined ? base.steps : intOption(options.steps, fn, 'steps', { min: method === 'riemann_trapezoid' ? 2 : 1 });
  const baselineOption = options.baseline ?? base.baseline;
  if (baselineOption === 'mean' && common.train === undefined) {
    throw new XaiError(
      'BAD_OPTION',
      "baseline 'mean' needs the training features: pass { train }, or choose baseline 'zeros' or a vector",
      {
        fn,
        arg: 'baseline',
        value: 'mean',
      },
    );
  }
  const baseline = resolveBaseline(fn, baselineOption, common.train);
  return {
    method,
    steps,
    multiplyByInputs:
      options.multiplyByInputs === undefined ? base.multiplyByInputs : booleanOption(options.multiplyByInputs, fn, 'multiplyByInputs'),
    baseline: baseline.kind,
    baselineVector: baseline.vector === null ? null : Array.from(baseline.vector),
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    batchRows: common.batchRows,
  };
}

/** Step 2: Σ_k w_k ∇f_t(b + α_k (x − b)) per row, times (x − b) when `multiplyByInputs`. */
function integratePaths(
  config: IntegratedGradientsConfig,
  rule: { alphas: Float64Array; weights: Float64Array },
  baselineVector: Float64Array | null,
  model: Model,
  x: Matrix,
  explainOptions: ExplainOptions | undefined,
  efn: string,
): IgRun {
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const dm = requireGradient(b.model, efn);
  const { n, d } = b;
  const bl = baselineFor({ kind: config.baseline, vector: baselineVector }, d, efn);
  const K = rule.alphas.length;
  const out = pointGradients(dm, b.targets, d, config.output, efn, config.batchRows, {
    points: K,
    fill(i, path, start) {
      const xo = i * d;
      for (let k = 0; k < K; k++) {
        const a = rule.alphas[k]!;
        const o = start + k * d;
        for (let j = 0; j < d; j++) path[o + j] = bl[j]! + a * (b.x[xo + j]! - bl[j]!);
      }
    },
    reduce(i, grads, start, sums) {
      const o = i * d;
      for (let k = 0; k < K; k++) {
        const w = rule.weights[k]!;
        const g = start + k * d;
        for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! + w * grads[g + j]!;
      }
      if (config.multiplyByInputs) for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! * (b.x[o + j]! - bl[j]!);
    },
  });
  return { attributions: { rows: n, cols: d, data: out }, targets: b.targets, baseline: bl, x: b.x, model: b.model };
}

/** Step 3 (opt in): f_t(x) − f_t(b) per row from one forward pass over the rows and the baseline, and the gap to Σφ. */
function completenessOf(config: IntegratedGradientsConfig, run: IgRun, model: Model, efn: string): IgCompleteness {
  const { attributions, targets, baseline, x: xs, model: checked } = run;
  const { rows: n, cols: d } = attributions;
  if (config.output === 'logit' && typeof model.logits !== 'function') {
    throw new XaiError('NOT_SUPPORTED', "the completeness check of output 'logit' needs model.logits", {
      fn: efn,
      arg: 'model',
      value: 'no logits',
    });
  }
  const both = new Float64Array((n + 1) * d);
  both.set(xs.subarray(0, n * d));
  both.set(baseline, n * d);
  const points: Matrix = { rows: n + 1, cols: d, data: both };
  const k = checked.classes;
  const f =
    config.output === 'logit'
      ? logitRows(checked, points, efn, config.batchRows)
      : predictRows(checked, points, efn, config.batchRows).data;
  const outputDelta = new Float64Array(n);
  const gap = new Float64Array(n);
  const a = attributions.data;
  for (let i = 0; i < n; i++) {
    const t = targets[i]!;
    outputDelta[i] = f[i * k + t]! - f[n * k + t]!;
    let s = 0;
    if (config.multiplyByInputs) for (let j = 0; j < d; j++) s += a[i * d + j]!;
    else for (let j = 0; j < d; j++) s += a[i * d + j]! * (xs[i * d + j]! - baseline[j]!);
    gap[i] = s - outputDelta[i]!;
  }
  return { attributions, outputDelta, gap };
}

/**
 * Integrated Gradients ('ig'): Σ_k w_k ∇p_target(b + α_k (x − b)) over the quadrature
 * rule (α_k, w_k), times (x − b) when `multiplyByInputs`. All path points of a chunk of
 * rows go to `model.inputGradient` as one matrix.
 * @example integratedGradientsExplainer({ preset: 'openxai', train }).explain(model, x)
 * @since 0.1.0
 */
export function integratedGradientsExplainer(options: IntegratedGradientsOptions = {}): IntegratedGradientsExplainer {
  const fn = 'integratedGradientsExplainer';
  const common = resolveCommon(fn, options);
  const config = resolveIgConfig(fn, options);
  const rule = quadratureRule(config.method, config.steps);
  const baselineVector = config.baselineVector === null ? null : Float64Array.from(config.baselineVector);
  return {
    id: 'ig',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return integratePaths(config, rule, baselineVector, model, x, explainOptions, 'integratedGradientsExplainer.explain').attributions;
    },
    explainWithCompleteness(model: Model, x: Matrix, explainOptions?: ExplainOptions): IgCompleteness {
      const efn = 'integratedGradientsExplainer.explainWithCompleteness';
      return completenessOf(config, integratePaths(config, rule, baselineVector, model, x, explainOptions, efn), model, efn);
    },
  };
}

/** Logits of every row (x contiguous) in chunks of `batchRows`, checked for shape and finiteness. */
function logitRows(model: Model, x: Matrix, fn: string, batchRows: number): Float64Array {
  const k = model.classes;
  const d = x.cols;
  const out = new Float64Array(x.rows * k);
  const logits = model.logits as (m: Matrix) => Matrix;
  for (let s = 0; s < x.rows; s += batchRows) {
    const e = Math.min(x.rows, s + batchRows);
    const z = logits.call(model, { rows: e - s, cols: d, data: x.data.subarray(s * d, e * d) });
    if (z === null || typeof z !== 'object' || !(z.data instanceof Float64Array) || z.rows !== e - s || z.cols !== k) {
      throw new XaiError('SHAPE_MISMATCH', `model.logits returned a matrix that is not ${e - s}x${k}`, {
        fn,
        arg: 'model',
        value: z === null || typeof z !== 'object' ? z : `${z.rows}x${z.cols}`,
      });
    }
    const data = contiguous(z).data;
    for (let q = 0; q < (e - s) * k; q++) {
      const v = data[q]!;
      if (!Number.isFinite(v)) throw new XaiError('NON_FINITE', `model.logits returned ${v}`, { fn, arg: 'model', value: v });
      out[s * k + q] = v;
    }
  }
  return out;
}

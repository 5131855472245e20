import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { checkOptions, enumOption, isValueModel, XaiError } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { predictRows } from './internal/modelCalls.js';
import { baselineFor, resolveBaseline } from './internal/baseline.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { denseLayersOf, networkOutputs, preActivations } from './internal/denseLayers.js';
import { RESCALE_EPS, inputMultipliers } from './internal/rescaleMultipliers.js';

export interface DeepLiftOptions extends CommonExplainerOptions {
  /** The reference input. @defaultValue 'zeros' (Captum's default); 'mean' needs `train` */
  readonly baseline?: 'zeros' | 'mean' | Float64Array | readonly number[];
  /**
   * Explain the target logit, or its probability ('probability': binary models only, where
   * p_t = σ(z_t − z_other) and the sigmoid gets its own rescale multiplier). A value
   * (regression) model is explained on its output whatever this says.
   * @defaultValue 'probability'
   */
  readonly output?: OutputSpace;
}

export interface DeepLiftConfig {
  readonly baseline: 'zeros' | 'mean' | 'vector';
  readonly baselineVector: readonly number[] | null;
  readonly output: OutputSpace;
  readonly batchRows: number;
}

/** Per-preset defaults. */
export const deepLiftDefaults: Readonly<Record<ExplainerPreset, { baseline: 'zeros'; output: OutputSpace }>> = {
  default: { baseline: 'zeros', output: 'probability' },
  openxai: { baseline: 'zeros', output: 'probability' },
  paper: { baseline: 'zeros', output: 'probability' },
  captum: { baseline: 'zeros', output: 'probability' },
};

/** The option keys `deepLiftExplainer` accepts. @since 0.3.0 */
export const DEEP_LIFT_OPTION_KEYS = [...COMMON_OPTION_KEYS, 'baseline', 'output'] as const satisfies readonly (keyof DeepLiftOptions &
  string)[];

/**
 * DeepLIFT with the rescale rule ('deeplift', Shrikumar et al. 2017; Captum DeepLift) on a dense
 * network read from `model.layers` (ReLU, tanh, sigmoid or linear activations): each
 * nonlinearity passes the multiplier Δa/Δz between x and the baseline (its derivative at x when
 * |Δz| ≤ 1e-9), linear layers pass Wᵀ; φ = m ⊙ (x − baseline). The explained output of row i is
 * output `targets[i]` of a value (regression) model (target 0 by default), or the target class's
 * logit or binary probability of a classifier (the predicted class by default).
 * Completeness holds exactly: Σφ = f_t(x) − f_t(baseline).
 * The layers are checked against the model's own outputs on the rows (within 1e-6, relative for
 * values, so a float32 model passes; completeness then holds for the float64 forward pass of its
 * layers; NOT_SUPPORTED when they do not reproduce them, or when the model exposes no layers).
 * @example deepLiftExplainer({ baseline: 'mean', train }).explain(ann, x)
 * @since 0.2.0
 */
export function deepLiftExplainer(options: DeepLiftOptions = {}): ConfiguredExplainer<DeepLiftConfig> {
  const fn = 'deepLiftExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, DEEP_LIFT_OPTION_KEYS, fn);
  const base = deepLiftDefaults[common.row];
  const option = options.baseline ?? base.baseline;
  const baseline = resolveBaseline(fn, option, common.train);
  const config: DeepLiftConfig = {
    baseline: baseline.kind,
    baselineVector: baseline.vector === null ? null : Array.from(baseline.vector),
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    batchRows: common.batchRows,
  };
  return {
    id: 'deeplift',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'deepLiftExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const { n, d } = b;
      const head = headOf(b.model, config.output, efn);
      const layers = denseLayersOf(b.model, efn);
      const bl = baselineFor(baseline, d, efn);
      const out = new Float64Array(n * d);
      if (n === 0) return { rows: 0, cols: d, data: out };
      const zx = preActivations(layers, b.x, n);
      const zb = preActivations(layers, bl, 1);
      const fx = networkOutputs(layers, zx);
      checkLayersAreModel(b.model, head, fx, { rows: n, cols: d, data: b.x }, efn, config.batchRows);
      const m = headMultipliers(head, fx, networkOutputs(layers, zb), b.targets, b.model.classes);
      const mx = inputMultipliers(layers, zx, zb, m, n);
      for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) out[i * d + j] = mx[i * d + j]! * (b.x[i * d + j]! - bl[j]!);
      return { rows: n, cols: d, data: out };
    },
  };
}

/** What the explained output is: a value model's output, a logit, or a binary class probability. */
type DeepLiftHead = 'value' | 'logit' | 'probability';

function headOf(model: Model, output: OutputSpace, fn: string): DeepLiftHead {
  if (isValueModel(model)) return 'value';
  if (output === 'logit') return 'logit';
  if (model.classes !== 2)
    throw new XaiError(
      'NOT_SUPPORTED',
      `output 'probability' is exact for binary models only (softmax over ${model.classes} classes has no rescale rule with completeness); use output 'logit'`,
      { fn, arg: 'output', value: model.classes },
    );
  return 'probability';
}

/** The layers must be the model: their outputs (softmax for a classifier) against predictProba, within 1e-6. */
function checkLayersAreModel(model: Model, head: DeepLiftHead, fx: Float64Array, x: Matrix, fn: string, batchRows: number): void {
  const K = model.classes;
  const p = predictRows(model, x, fn, batchRows).data;
  for (let i = 0; i < x.rows; i++) {
    const row = fx.subarray(i * K, (i + 1) * K);
    let mx = -Infinity;
    for (let c = 0; c < K; c++) mx = Math.max(mx, row[c]!);
    let s = 0;
    if (head !== 'value') for (let c = 0; c < K; c++) s += Math.exp(row[c]! - mx);
    for (let c = 0; c < K; c++) {
      const mine = head === 'value' ? row[c]! : Math.exp(row[c]! - mx) / s;
      const theirs = p[i * K + c]!;
      const tolerance = head === 'value' ? 1e-6 * Math.max(1, Math.abs(theirs)) : 1e-6;
      if (Math.abs(mine - theirs) > tolerance) {
        const what = head === 'value' ? 'the outputs of predictProba' : 'predictProba';
        throw new XaiError(
          'NOT_SUPPORTED',
          `model.layers do not reproduce ${what} (row ${i}, output ${c}); DeepLIFT needs the model's exact layers`,
          {
            fn,
            arg: 'model',
            value: i,
          },
        );
      }
    }
  }
}

/**
 * Multipliers at the network's outputs (n x K): 1 on the target for a value or a logit; for
 * a binary probability p_t = σ(z_t − z_o), the sigmoid's rescale multiplier r on z_t and −r on z_o.
 */
function headMultipliers(head: DeepLiftHead, fx: Float64Array, fb: Float64Array, targets: Int32Array, K: number): Float64Array {
  const n = targets.length;
  const m = new Float64Array(n * K);
  for (let i = 0; i < n; i++) {
    const t = targets[i]!;
    if (head !== 'probability') {
      m[i * K + t] = 1;
      continue;
    }
    const o = 1 - t;
    const sx = fx[i * K + t]! - fx[i * K + o]!;
    const sb = fb[t]! - fb[o]!;
    const px = 1 / (1 + Math.exp(-sx));
    const pb = 1 / (1 + Math.exp(-sb));
    const r = Math.abs(sx - sb) > RESCALE_EPS ? (px - pb) / (sx - sb) : px * (1 - px);
    m[i * K + t] = r;
    m[i * K + o] = -r;
  }
  return m;
}

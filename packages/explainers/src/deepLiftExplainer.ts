import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { XaiError, describeValue, isValueModel } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { predictRows } from './internal/modelCalls.js';
import { baselineFor, resolveBaseline } from './internal/baseline.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { checkKnownKeys, oneOf } from './internal/validate.js';

export interface DeepLiftOptions extends CommonExplainerOptions {
  /** The reference input. @defaultValue 'zeros' (Captum's default); 'mean' needs `train` */
  readonly baseline?: 'zeros' | 'mean' | Float64Array | readonly number[];
  /**
   * Explain the target logit, or its probability ('probability': binary models only, where
   * p_t = σ(z_t − z_other) and the sigmoid gets its own rescale multiplier).
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
export const deepLiftDefaults: Readonly<Record<Preset, { baseline: 'zeros'; output: OutputSpace }>> = {
  default: { baseline: 'zeros', output: 'probability' },
  openxai: { baseline: 'zeros', output: 'probability' },
  paper: { baseline: 'zeros', output: 'probability' },
};

/** A dense layer as @xai/models' NeuralModel exposes it (`model.layers`). */
interface LayerView {
  readonly inputDim: number;
  readonly outputDim: number;
  readonly weight: Matrix;
  readonly bias: Float64Array;
  readonly activation: string;
}

const ACTS = ['relu', 'none', 'tanh', 'sigmoid'];

/** |Δz| below which the rescale multiplier Δa/Δz is replaced by the derivative at x. */
const RESCALE_EPS = 1e-9;

function act(a: string, z: number): number {
  if (a === 'relu') return Math.max(z, 0);
  if (a === 'tanh') return Math.tanh(z);
  if (a === 'sigmoid') return 1 / (1 + Math.exp(-z));
  return z;
}

function actDerivative(a: string, z: number): number {
  if (a === 'relu') return z > 0 ? 1 : 0;
  if (a === 'tanh') return 1 - Math.tanh(z) ** 2;
  if (a === 'sigmoid') {
    const s = 1 / (1 + Math.exp(-z));
    return s * (1 - s);
  }
  return 1;
}

function layersOf(model: Model, fn: string): LayerView[] {
  const layers = (model as { layers?: unknown }).layers;
  const fail = (why: string): never => {
    throw new XaiError(
      'NOT_SUPPORTED',
      `DeepLIFT needs the model's dense layers (an @xai/models LR/ANN/MLP, or an ONNX MLP imported into one): ${why}`,
      { fn, arg: 'model', value: why },
    );
  };
  if (!Array.isArray(layers) || layers.length === 0) return fail('model.layers is missing');
  let dim = model.inputDim;
  for (const [l, L] of (layers as LayerView[]).entries()) {
    if (L === null || typeof L !== 'object' || L.inputDim !== dim || !(L.bias instanceof Float64Array) || L.weight?.data === undefined)
      fail(`layer ${l} is not a dense layer taking ${dim} inputs`);
    if (!ACTS.includes(L.activation)) fail(`layer ${l} has activation ${describeValue(L.activation)}`);
    dim = L.outputDim;
  }
  if (dim !== model.classes) fail(`the last layer has ${dim} outputs, the model ${model.classes} classes`);
  return layers as LayerView[];
}

/** Pre-activations of every layer for the rows of x (n x d), as flat arrays. */
function forward(layers: readonly LayerView[], x: Float64Array, n: number): Float64Array[] {
  const pres: Float64Array[] = [];
  let h = x;
  for (const L of layers) {
    const W = L.weight.data;
    const ws = L.weight.stride ?? L.weight.cols;
    const wo = L.weight.offset ?? 0;
    const m = L.outputDim;
    const k = L.inputDim;
    const z = new Float64Array(n * m);
    const a = new Float64Array(n * m);
    for (let i = 0; i < n; i++) {
      for (let o = 0; o < m; o++) {
        let s = L.bias[o]!;
        const r = wo + o * ws;
        for (let q = 0; q < k; q++) s += W[r + q]! * h[i * k + q]!;
        z[i * m + o] = s;
        a[i * m + o] = act(L.activation, s);
      }
    }
    pres.push(z);
    h = a;
  }
  return pres;
}

/**
 * DeepLIFT with the rescale rule ('deeplift', Shrikumar et al. 2017; Captum DeepLift) on a dense
 * network read from `model.layers` (ReLU, tanh, sigmoid or linear hidden activations): each
 * nonlinearity passes the multiplier Δa/Δz between x and the baseline (its derivative at x when
 * |Δz| < 1e-9), linear layers pass Wᵀ; φ = m ⊙ (x − baseline). Completeness holds exactly:
 * Σφ = f_t(x) − f_t(baseline) (logit, or binary probability through a final sigmoid rescale).
 * The layers are checked against the model's own probabilities on the rows (within 1e-6, so a
 * float32 model passes; completeness then holds for the float64 forward pass of its layers;
 * NOT_SUPPORTED when they
 * do not reproduce them, or when the model exposes no layers).
 * @example deepLiftExplainer({ baseline: 'mean', train }).explain(ann, x)
 * @since 0.2.0
 */
export function deepLiftExplainer(options: DeepLiftOptions = {}): ConfiguredExplainer<DeepLiftConfig> {
  const fn = 'deepLiftExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'baseline', 'output']);
  const base = deepLiftDefaults[common.preset];
  const option = options.baseline ?? base.baseline;
  const baseline = resolveBaseline(fn, option, common.train);
  const config: DeepLiftConfig = {
    baseline: baseline.kind,
    baselineVector: baseline.vector === null ? null : Array.from(baseline.vector),
    output: options.output === undefined ? base.output : oneOf(fn, 'output', options.output, OUTPUT_SPACES),
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
      const K = b.model.classes;
      if (isValueModel(b.model))
        throw new XaiError('NOT_SUPPORTED', "DeepLIFT here reads a softmax classifier's layers; value models are not supported", {
          fn: efn,
          arg: 'model',
          value: 'value',
        });
      const layers = layersOf(b.model, efn);
      const prob = config.output === 'probability';
      if (prob && K !== 2)
        throw new XaiError(
          'NOT_SUPPORTED',
          `output 'probability' is exact for binary models only (softmax over ${K} classes has no rescale rule with completeness); use output 'logit'`,
          { fn: efn, arg: 'output', value: K },
        );
      const bl = baselineFor(baseline, d, efn);
      const out = new Float64Array(n * d);
      if (n === 0) return { rows: 0, cols: d, data: out };
      const zx = forward(layers, b.x, n);
      const zb = forward(layers, bl, 1);
      const L = layers.length;
      // The layers must be the model: compare their softmax with predictProba.
      const p = predictRows(b.model, { rows: n, cols: d, data: b.x }, efn, config.batchRows).data;
      const logits = zx[L - 1]!;
      for (let i = 0; i < n; i++) {
        let mx = -Infinity;
        for (let c = 0; c < K; c++) mx = Math.max(mx, logits[i * K + c]!);
        let s = 0;
        for (let c = 0; c < K; c++) s += Math.exp(logits[i * K + c]! - mx);
        for (let c = 0; c < K; c++) {
          if (Math.abs(Math.exp(logits[i * K + c]! - mx) / s - p[i * K + c]!) > 1e-6) {
            throw new XaiError(
              'NOT_SUPPORTED',
              `model.layers do not reproduce predictProba (row ${i}, class ${c}); DeepLIFT needs the model's exact layers`,
              { fn: efn, arg: 'model', value: i },
            );
          }
        }
      }
      // Multipliers at the logits.
      let m = new Float64Array(n * K);
      const lb = zb[L - 1]!;
      for (let i = 0; i < n; i++) {
        const t = b.targets[i]!;
        if (!prob) {
          m[i * K + t] = 1;
          continue;
        }
        const o = 1 - t;
        const sx = logits[i * K + t]! - logits[i * K + o]!;
        const sb = lb[t]! - lb[o]!;
        const px = 1 / (1 + Math.exp(-sx));
        const pb = 1 / (1 + Math.exp(-sb));
        const r = Math.abs(sx - sb) > RESCALE_EPS ? (px - pb) / (sx - sb) : px * (1 - px);
        m[i * K + t] = r;
        m[i * K + o] = -r;
      }
      for (let l = L - 1; l >= 0; l--) {
        const Ly = layers[l]!;
        const mo = Ly.outputDim;
        const k = Ly.inputDim;
        if (Ly.activation !== 'none') {
          const z = zx[l]!;
          const z0 = zb[l]!;
          for (let i = 0; i < n; i++) {
            for (let o = 0; o < mo; o++) {
              const dz = z[i * mo + o]! - z0[o]!;
              const r =
                Math.abs(dz) > RESCALE_EPS
                  ? (act(Ly.activation, z[i * mo + o]!) - act(Ly.activation, z0[o]!)) / dz
                  : actDerivative(Ly.activation, z[i * mo + o]!);
              m[i * mo + o] = m[i * mo + o]! * r;
            }
          }
        }
        const W = Ly.weight.data;
        const ws = Ly.weight.stride ?? Ly.weight.cols;
        const wo = Ly.weight.offset ?? 0;
        const next = new Float64Array(n * k);
        for (let i = 0; i < n; i++) {
          for (let o = 0; o < mo; o++) {
            const v = m[i * mo + o]!;
            if (v === 0) continue;
            const r = wo + o * ws;
            for (let q = 0; q < k; q++) next[i * k + q] = next[i * k + q]! + v * W[r + q]!;
          }
        }
        m = next;
      }
      for (let i = 0; i < n; i++) for (let j = 0; j < d; j++) out[i * d + j] = m[i * d + j]! * (b.x[i * d + j]! - bl[j]!);
      return { rows: n, cols: d, data: out };
    },
  };
}

import type { Explainer, ExplainOptions, Matrix, Model } from '@xai/core';
import { checkOptions, describeValue, enumOption, intOption, numberOption, substream, XaiError } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { GradientOptions } from './gradientExplainer.js';
import { gradientExplainer } from './gradientExplainer.js';
import { gradientXInputExplainer } from './gradientXInputExplainer.js';
import type { IntegratedGradientsOptions } from './integratedGradientsExplainer.js';
import { integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { featureScaleOption, scaleForWidth, scaleNoise, scaleRecord } from './internal/featureScale.js';
import { prepareBatch } from './internal/prepareBatch.js';

/** Captum NoiseTunnel's aggregation of the attributions at the noisy copies. */
export type NoiseTunnelType = 'smoothgrad' | 'smoothgrad_sq' | 'vargrad';

/** Explainers a noise tunnel can wrap: Gradient (Saliency, abs = false), Gradient × Input, IG. */
export type NoiseTunnelBase = 'grad' | 'itg' | 'ig';

/** The explainers a tunnel can wrap, read from the type so the list is written once. */
const TUNNEL_BASES = Object.keys({ grad: 0, itg: 0, ig: 0 } satisfies Record<NoiseTunnelBase, 0>) as readonly NoiseTunnelBase[];

export interface NoiseTunnelOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** @defaultValue 'grad' */
  readonly base?: NoiseTunnelBase;
  /** @defaultValue 'smoothgrad' */
  readonly type?: NoiseTunnelType;
  /** Noisy copies per instance. @defaultValue 100 (openxai), 500 (default, paper) for 'grad' / 'itg'; 20 for 'ig' */
  readonly samples?: number;
  /** Std of the Gaussian noise, in input units (times `featureScale[j]` when given). @defaultValue 0.1 */
  readonly std?: number;
  /** Options of the base explainer (its own preset defaults apply; `preset`, `seed`, `train`, `batchRows` are passed through). */
  readonly baseOptions?: GradientOptions | IntegratedGradientsOptions;
}

export interface NoiseTunnelConfig {
  readonly base: NoiseTunnelBase;
  readonly type: NoiseTunnelType;
  readonly samples: number;
  readonly std: number;
  /** The base explainer's resolved configuration. */
  readonly baseConfig: Readonly<object>;
  readonly batchRows: number;
  /** Per-feature noise units (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset sample counts by base (SmoothGrad's for the gradient bases; IG costs `steps` gradients per sample). */
export const noiseTunnelDefaults: Readonly<Record<ExplainerPreset, { samples: Readonly<Record<NoiseTunnelBase, number>>; std: number }>> = {
  default: { samples: { grad: 500, itg: 500, ig: 20 }, std: 0.1 },
  openxai: { samples: { grad: 100, itg: 100, ig: 20 }, std: 0.1 },
  paper: { samples: { grad: 500, itg: 500, ig: 20 }, std: 0.1 },
  // Captum NoiseTunnel.attribute: nt_samples = 5, stdevs = 1.0 whatever it wraps.
  captum: { samples: { grad: 5, itg: 5, ig: 5 }, std: 1 },
};

/** The option keys `noiseTunnelExplainer` accepts. @since 0.3.0 */
export const NOISE_TUNNEL_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'base',
  'type',
  'samples',
  'std',
  'baseOptions',
  'featureScale',
] as const satisfies readonly (keyof NoiseTunnelOptions & string)[];

/**
 * A noise tunnel (Captum NoiseTunnel) over Gradient, Gradient × Input or IG: the base
 * explainer's attributions a_s at x + N(0, std²) (s = 1..samples, the explained target fixed
 * to x's), aggregated as their mean ('smoothgrad'), the mean of their squares
 * ('smoothgrad_sq', SmoothGrad²) or their population variance mean(a²) − mean(a)² ('vargrad').
 * Ids in createExplainer: 'sg2' (grad, smoothgrad_sq), 'vargrad' (grad, vargrad), 'ig-sg' and
 * 'itg-sg' (smoothgrad over IG and Gradient × Input). The noise of row i comes from
 * `substream(seed, key_i, 'noisetunnel')`; the noisy copies of a chunk of rows are one call
 * of the base explainer (which batches its own model calls).
 * @example noiseTunnelExplainer({ type: 'vargrad' }).explain(model, x)
 * @since 0.2.0
 */
export function noiseTunnelExplainer(options: NoiseTunnelOptions = {}, id = 'noisetunnel'): ConfiguredExplainer<NoiseTunnelConfig> {
  const fn = 'noiseTunnelExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, NOISE_TUNNEL_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const baseId = options.base === undefined ? 'grad' : enumOption(options.base, fn, 'base', { values: TUNNEL_BASES });
  const d0 = noiseTunnelDefaults[common.row];
  const bo = options.baseOptions ?? {};
  if (bo === null || typeof bo !== 'object')
    throw new XaiError('BAD_OPTION', `expected an options object, got ${describeValue(bo)}`, { fn, arg: 'baseOptions', value: bo });
  const pass = {
    preset: common.preset,
    seed: common.seed,
    batchRows: common.batchRows,
    ...(common.train !== undefined ? { train: common.train } : {}),
  };
  let base: ConfiguredExplainer<object>;
  if (baseId === 'ig') base = integratedGradientsExplainer({ ...pass, ...(bo as IntegratedGradientsOptions) });
  else if (baseId === 'itg') base = gradientXInputExplainer({ ...pass, ...(bo as GradientOptions) });
  else base = gradientExplainer({ ...pass, ...(bo as GradientOptions) });
  const config: NoiseTunnelConfig = {
    base: baseId,
    type:
      options.type === undefined
        ? 'smoothgrad'
        : enumOption(options.type, fn, 'type', { values: ['smoothgrad', 'smoothgrad_sq', 'vargrad'] as const }),
    samples: options.samples === undefined ? d0.samples[baseId] : intOption(options.samples, fn, 'samples', { min: 1 }),
    std: options.std === undefined ? d0.std : numberOption(options.std, fn, 'std', { min: 0 }),
    baseConfig: base.config,
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  const seed = common.seed;
  return {
    id,
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return explainTunnel(base, model, x, explainOptions, config, seed, scale);
    },
  };
}

function explainTunnel(
  base: Explainer,
  model: Model,
  x: Matrix,
  explainOptions: ExplainOptions | undefined,
  config: NoiseTunnelConfig,
  seed: number,
  scale: Float64Array | null,
): Matrix {
  const efn = 'noiseTunnelExplainer.explain';
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const { n, d } = b;
  const sc = scaleForWidth(efn, scale, d);
  const S = config.samples;
  const out = new Float64Array(n * d);
  const sq = new Float64Array(config.type === 'vargrad' ? n * d : 0);
  // One base call per chunk: bounded by batchRows noisy rows (the base batches further).
  const per = instancesPerChunk(S, config.batchRows);
  const cap = Math.min(per, n);
  const noisy = new Float64Array(cap * S * d);
  const targets = new Int32Array(cap * S);
  const keys = new Float64Array(cap * S);
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    for (let i = c0; i < c1; i++) {
      const start = (i - c0) * S * d;
      substream(seed, b.keys[i]!, 'noisetunnel').fillNormal(noisy, 0, config.std, start, start + S * d);
      if (sc !== null) scaleNoise(noisy, start, start + S * d, sc);
      const xo = i * d;
      for (let s = 0; s < S; s++) {
        const o = start + s * d;
        for (let j = 0; j < d; j++) noisy[o + j] = noisy[o + j]! + b.x[xo + j]!;
      }
      targets.fill(b.targets[i]!, (i - c0) * S, (i - c0 + 1) * S);
      keys.fill(b.keys[i]!, (i - c0) * S, (i - c0 + 1) * S);
    }
    const rows = (c1 - c0) * S;
    const a = base.explain(
      b.model,
      { rows, cols: d, data: noisy.subarray(0, rows * d) },
      { targets: targets.subarray(0, rows), keys: keys.subarray(0, rows) },
    ).data;
    for (let i = c0; i < c1; i++) {
      const start = (i - c0) * S * d;
      const o = i * d;
      for (let s = 0; s < S; s++) {
        const g = start + s * d;
        for (let j = 0; j < d; j++) {
          const v = a[g + j]!;
          if (config.type === 'smoothgrad') out[o + j] = out[o + j]! + v;
          else {
            out[o + j] = out[o + j]! + v * v;
            if (config.type === 'vargrad') sq[o + j] = sq[o + j]! + v;
          }
        }
      }
      for (let j = 0; j < d; j++) {
        out[o + j] = out[o + j]! / S;
        if (config.type === 'vargrad') {
          const m = sq[o + j]! / S;
          out[o + j] = out[o + j]! - m * m;
        }
      }
    }
  }
  return { rows: n, cols: d, data: out };
}

import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { substream } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { featureScaleOption, scaleForWidth, scaleNoise, scaleRecord } from './internal/featureScale.js';
import { gradientRows, requireGradient } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { checkKnownKeys, nonNegativeNumber, oneOf, positiveInteger } from './internal/validate.js';

export interface SmoothGradOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** Noisy copies per instance. @defaultValue 100 (openxai), 500 (paper, default) */
  readonly samples?: number;
  /** Standard deviation of the Gaussian noise, in input units (times `featureScale[j]` when given). @defaultValue 0.1 */
  readonly std?: number;
  /** @defaultValue 'probability' */
  readonly output?: OutputSpace;
}

export interface SmoothGradConfig {
  readonly samples: number;
  readonly std: number;
  readonly output: OutputSpace;
  readonly batchRows: number;
  /** Per-feature noise units (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset defaults: the released code uses 100 samples, the paper states 500. */
export const smoothGradDefaults: Readonly<Record<Preset, Omit<SmoothGradConfig, 'batchRows'>>> = {
  default: { samples: 500, std: 0.1, output: 'probability' },
  openxai: { samples: 100, std: 0.1, output: 'probability' },
  paper: { samples: 500, std: 0.1, output: 'probability' },
};

/**
 * SmoothGrad ('sg', Captum NoiseTunnel 'smoothgrad' over Saliency with abs = false): the
 * mean of d p_target / d x at x + N(0, std²) over `samples` draws. The noise of row i
 * comes from `substream(seed, key_i, 'smoothgrad')`; all noisy copies of a chunk of rows
 * go to `model.inputGradient` as one matrix.
 * @example smoothGradExplainer({ preset: 'openxai' }).explain(model, x)
 * @since 0.1.0
 */
export function smoothGradExplainer(options: SmoothGradOptions = {}): ConfiguredExplainer<SmoothGradConfig> {
  const fn = 'smoothGradExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'samples', 'std', 'output', 'featureScale']);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = smoothGradDefaults[common.preset];
  const config: SmoothGradConfig = {
    samples: options.samples === undefined ? base.samples : positiveInteger(fn, 'samples', options.samples),
    std: options.std === undefined ? base.std : nonNegativeNumber(fn, 'std', options.std),
    output: options.output === undefined ? base.output : oneOf(fn, 'output', options.output, OUTPUT_SPACES),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  const seed = common.seed;
  return {
    id: 'sg',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'smoothGradExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const dm = requireGradient(b.model, efn);
      const { n, d } = b;
      const sc = scaleForWidth(efn, scale, d);
      const S = config.samples;
      const out = new Float64Array(n * d);
      const per = instancesPerChunk(S, config.batchRows);
      const cap = Math.min(per, n);
      const noisy = new Float64Array(cap * S * d);
      const rowTargets = new Int32Array(cap * S);
      const grads = new Float64Array(cap * S * d);
      for (let c0 = 0; c0 < n; c0 += per) {
        const c1 = Math.min(n, c0 + per);
        for (let i = c0; i < c1; i++) {
          const start = (i - c0) * S * d;
          substream(seed, b.keys[i]!, 'smoothgrad').fillNormal(noisy, 0, config.std, start, start + S * d);
          if (sc !== null) scaleNoise(noisy, start, start + S * d, sc);
          const xo = i * d;
          for (let s = 0; s < S; s++) {
            const o = start + s * d;
            for (let j = 0; j < d; j++) noisy[o + j] = noisy[o + j]! + b.x[xo + j]!;
          }
          rowTargets.fill(b.targets[i]!, (i - c0) * S, (i - c0 + 1) * S);
        }
        const rows = (c1 - c0) * S;
        gradientRows(
          dm,
          { rows, cols: d, data: noisy.subarray(0, rows * d) },
          rowTargets.subarray(0, rows),
          config.output,
          efn,
          config.batchRows,
          grads,
        );
        for (let i = c0; i < c1; i++) {
          const start = (i - c0) * S * d;
          const o = i * d;
          for (let s = 0; s < S; s++) {
            const g = start + s * d;
            for (let j = 0; j < d; j++) out[o + j] = out[o + j]! + grads[g + j]!;
          }
          for (let j = 0; j < d; j++) out[o + j] = out[o + j]! / S;
        }
      }
      return { rows: n, cols: d, data: out };
    },
  };
}

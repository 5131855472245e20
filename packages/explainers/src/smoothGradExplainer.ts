import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { booleanOption, checkOptions, enumOption, intOption, numberOption, substream } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { featureScaleOption, scaleForWidth, scaleNoise, scaleRecord } from './internal/featureScale.js';
import { requireGradient } from './internal/modelCalls.js';
import { pointGradients } from './internal/pointGradients.js';
import { prepareBatch } from './internal/prepareBatch.js';

export interface SmoothGradOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** Noisy copies per instance. @defaultValue 100 (openxai), 500 (paper, default) */
  readonly samples?: number;
  /** Standard deviation of the Gaussian noise, in input units (times `featureScale[j]` when given). @defaultValue 0.1 */
  readonly std?: number;
  /** @defaultValue 'probability' */
  readonly output?: OutputSpace;
  /** Average |gradient| instead of the gradient (Captum Saliency's `abs`). @defaultValue false (true under 'captum') */
  readonly abs?: boolean;
}

export interface SmoothGradConfig {
  readonly samples: number;
  readonly std: number;
  readonly output: OutputSpace;
  readonly abs: boolean;
  readonly batchRows: number;
  /** Per-feature noise units (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset defaults: the released code uses 100 samples, the paper states 500. */
export const smoothGradDefaults: Readonly<Record<ExplainerPreset, Omit<SmoothGradConfig, 'batchRows'>>> = {
  default: { samples: 500, std: 0.1, output: 'probability', abs: false },
  openxai: { samples: 100, std: 0.1, output: 'probability', abs: false },
  paper: { samples: 500, std: 0.1, output: 'probability', abs: false },
  // Captum NoiseTunnel(Saliency).attribute: nt_samples = 5, stdevs = 1.0.
  captum: { samples: 5, std: 1, output: 'probability', abs: true },
};

/** The option keys `smoothGradExplainer` accepts. @since 0.3.0 */
export const SMOOTH_GRAD_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'samples',
  'std',
  'output',
  'abs',
  'featureScale',
] as const satisfies readonly (keyof SmoothGradOptions & string)[];

/**
 * SmoothGrad ('sg', Captum NoiseTunnel 'smoothgrad' over Saliency): the mean of
 * d p_target / d x (of its absolute value with `abs`) at x + N(0, std²) over `samples` draws. The noise of row i
 * comes from `substream(seed, key_i, 'smoothgrad')`; all noisy copies of a chunk of rows
 * go to `model.inputGradient` as one matrix.
 * @example smoothGradExplainer({ preset: 'openxai' }).explain(model, x)
 * @since 0.1.0
 */
export function smoothGradExplainer(options: SmoothGradOptions = {}): ConfiguredExplainer<SmoothGradConfig> {
  const fn = 'smoothGradExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, SMOOTH_GRAD_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = smoothGradDefaults[common.row];
  const config: SmoothGradConfig = {
    samples: options.samples === undefined ? base.samples : intOption(options.samples, fn, 'samples', { min: 1 }),
    std: options.std === undefined ? base.std : numberOption(options.std, fn, 'std', { min: 0 }),
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    abs: options.abs === undefined ? base.abs : booleanOption(options.abs, fn, 'abs'),
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
      const { d } = b;
      const sc = scaleForWidth(efn, scale, d);
      const S = config.samples;
      const out = pointGradients(dm, b.targets, d, config.output, efn, config.batchRows, {
        points: S,
        fill(i, noisy, start) {
          substream(seed, b.keys[i]!, 'smoothgrad').fillNormal(noisy, 0, config.std, start, start + S * d);
          if (sc !== null) scaleNoise(noisy, start, start + S * d, sc);
          const xo = i * d;
          for (let s = 0; s < S; s++) {
            const o = start + s * d;
            for (let j = 0; j < d; j++) noisy[o + j] = noisy[o + j]! + b.x[xo + j]!;
          }
        },
        reduce(i, grads, start, sums) {
          const o = i * d;
          for (let s = 0; s < S; s++) {
            const g = start + s * d;
            if (config.abs) for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! + Math.abs(grads[g + j]!);
            else for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! + grads[g + j]!;
          }
          for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! / S;
        },
      });
      return { rows: b.n, cols: d, data: out };
    },
  };
}

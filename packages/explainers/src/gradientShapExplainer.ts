import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import { checkOptions, enumOption, intOption, numberOption, substream, toRows } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { BackgroundKind, BackgroundOption } from './internal/background.js';
import { backgroundSize, resolveBackground } from './internal/background.js';
import { createGame } from './internal/coalitionGame.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES } from './internal/explainGradients.js';
import { featureScaleOption, scaleForWidth, scaleRecord } from './internal/featureScale.js';
import { requireGradient } from './internal/modelCalls.js';
import { chunkShape, pointGradients } from './internal/pointGradients.js';
import { prepareBatch } from './internal/prepareBatch.js';

export interface GradientShapOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** Random (baseline, α, noise) draws per instance. @defaultValue 50 */
  readonly samples?: number;
  /** Std of the Gaussian noise added to the input (Captum's `stdevs`; times `featureScale[j]` when given). @defaultValue 0 */
  readonly std?: number;
  /** The baseline distribution (see KernelSHAP's `background`). @defaultValue 'sample' (50 training rows; needs `train`) */
  readonly background?: BackgroundOption;
  /** @defaultValue 5 ('kmeans'), 50 ('sample') */
  readonly backgroundSize?: number;
  /** @defaultValue 'probability' */
  readonly output?: OutputSpace;
}

export interface GradientShapConfig {
  readonly samples: number;
  readonly std: number;
  readonly background: BackgroundKind;
  readonly backgroundRows: readonly (readonly number[])[] | null;
  readonly backgroundWeights: readonly number[] | null;
  readonly output: OutputSpace;
  readonly batchRows: number;
  /** Per-feature units of the input noise and of a k-means background's distances (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset defaults (no preset of OpenXAI runs Gradient SHAP; all presets agree). */
export const gradientShapDefaults: Readonly<
  Record<
    ExplainerPreset,
    { samples: number; std: number; background: 'sample'; backgroundSize: { kmeans: number; sample: number }; output: OutputSpace }
  >
> = {
  default: { samples: 50, std: 0, background: 'sample', backgroundSize: { kmeans: 5, sample: 50 }, output: 'probability' },
  openxai: { samples: 50, std: 0, background: 'sample', backgroundSize: { kmeans: 5, sample: 50 }, output: 'probability' },
  paper: { samples: 50, std: 0, background: 'sample', backgroundSize: { kmeans: 5, sample: 50 }, output: 'probability' },
  // Captum GradientShap.attribute: n_samples = 5, stdevs = 0 (its baselines have no default: 50 training rows here).
  captum: { samples: 5, std: 0, background: 'sample', backgroundSize: { kmeans: 5, sample: 50 }, output: 'probability' },
};

/** The option keys `gradientShapExplainer` accepts. @since 0.3.0 */
export const GRADIENT_SHAP_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'samples',
  'std',
  'background',
  'backgroundSize',
  'output',
  'featureScale',
] as const satisfies readonly (keyof GradientShapOptions & string)[];

/**
 * Gradient SHAP ('gradshap', Captum GradientShap: expected gradients): per draw s, a
 * baseline b_s from the background (by its weights), α_s ~ U(0, 1) and x̃_s = x + N(0, std²);
 * φ = mean_s (x̃_s − b_s) ⊙ ∇f_t(b_s + α_s (x̃_s − b_s)). In expectation (std 0)
 * Σφ = f_t(x) − E_b f_t(b); for a model linear in its output space, exactly w ⊙ (x − b̄_drawn).
 * Draws come from `substream(seed, key_i, 'gradshap')`; all points of a chunk of rows are
 * one `inputGradient` call.
 * @example gradientShapExplainer({ train }).explain(model, x)
 * @since 0.2.0
 */
export function gradientShapExplainer(options: GradientShapOptions = {}): ConfiguredExplainer<GradientShapConfig> {
  const fn = 'gradientShapExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, GRADIENT_SHAP_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = gradientShapDefaults[common.row];
  const bgOption = options.background ?? base.background;
  const size = backgroundSize(fn, bgOption, options.backgroundSize, base.backgroundSize);
  const { kind, rows, weights } = resolveBackground(fn, bgOption, common.train, size, common.seed, scale);
  const config: GradientShapConfig = {
    samples: options.samples === undefined ? base.samples : intOption(options.samples, fn, 'samples', { min: 1 }),
    std: options.std === undefined ? base.std : numberOption(options.std, fn, 'std', { min: 0 }),
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    backgroundWeights: weights === null ? null : Array.from(weights),
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  const seed = common.seed;
  return {
    id: 'gradshap',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'gradientShapExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const dm = requireGradient(b.model, efn);
      const { n, d } = b;
      const sc = scaleForWidth(efn, scale, d);
      const g = createGame(efn, d, null, rows, weights);
      const B = g.B;
      const cdf = new Float64Array(B);
      let acc = 0;
      for (let r = 0; r < B; r++) cdf[r] = acc += g.w[r]!;
      const S = config.samples;
      // (x̃_s − b_s) per point, kept beside the chunk's points for the reduction.
      const delta = new Float64Array(chunkShape(S, config.batchRows, n).capacity * S * d);
      const out = pointGradients(dm, b.targets, d, config.output, efn, config.batchRows, {
        points: S,
        fill(i, points, start) {
          const rng = substream(seed, b.keys[i]!, 'gradshap');
          const xo = i * d;
          for (let s = 0; s < S; s++) {
            const o = start + s * d;
            const u = rng.uniform() * acc;
            let r = 0;
            while (r < B - 1 && u >= cdf[r]!) r++;
            const alpha = rng.uniform();
            const bo = r * d;
            for (let j = 0; j < d; j++) {
              const xt = b.x[xo + j]! + (config.std > 0 ? (sc === null ? config.std : config.std * sc[j]!) * rng.normal() : 0);
              const dl = xt - g.bg[bo + j]!;
              delta[o + j] = dl;
              points[o + j] = g.bg[bo + j]! + alpha * dl;
            }
          }
        },
        reduce(i, grads, start, sums) {
          const o = i * d;
          for (let s = 0; s < S; s++) {
            const q = start + s * d;
            for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! + grads[q + j]! * delta[q + j]!;
          }
          for (let j = 0; j < d; j++) sums[o + j] = sums[o + j]! / S;
        },
      });
      return { rows: n, cols: d, data: out };
    },
  };
}

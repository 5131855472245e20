import { booleanOption, checkOptions, enumOption } from '@xai/core';
import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES, explainGradients } from './internal/explainGradients.js';

export interface GradientOptions extends CommonExplainerOptions {
  /** Differentiate the explained class's probability (OpenXAI) or its logit. @defaultValue 'probability' */
  readonly output?: OutputSpace;
  /** Return |gradient| (Captum Saliency's `abs`). @defaultValue false (true under 'captum', as Saliency) */
  readonly abs?: boolean;
}

export interface GradientConfig {
  readonly output: OutputSpace;
  readonly abs: boolean;
  readonly batchRows: number;
}

/** Per-preset defaults: the raw (signed) gradient of the probability; Captum's Saliency takes its absolute value. */
export const gradientDefaults: Readonly<Record<ExplainerPreset, Omit<GradientConfig, 'batchRows'>>> = {
  default: { output: 'probability', abs: false },
  openxai: { output: 'probability', abs: false },
  paper: { output: 'probability', abs: false },
  captum: { output: 'probability', abs: true },
};

/** The option keys `gradientExplainer` accepts. @since 0.3.0 */
export const GRADIENT_OPTION_KEYS = [...COMMON_OPTION_KEYS, 'output', 'abs'] as const satisfies readonly (keyof GradientOptions & string)[];

/**
 * Vanilla Gradient ('grad', Captum Saliency): row i is d p_target(x_i) / d x_i (raw sign unless `abs`), from one batched
 * `model.inputGradient` call. Throws NOT_SUPPORTED at explain time when the model has no
 * gradients (wrap it with @xai/models' `functionModel` for finite differences).
 * @example gradientExplainer({ preset: 'openxai' }).explain(model, x)
 * @since 0.1.0
 */
export function gradientExplainer(options: GradientOptions = {}): ConfiguredExplainer<GradientConfig> {
  const fn = 'gradientExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, GRADIENT_OPTION_KEYS, fn);
  const base = gradientDefaults[common.row];
  const config: GradientConfig = {
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    abs: options.abs === undefined ? base.abs : booleanOption(options.abs, fn, 'abs'),
    batchRows: common.batchRows,
  };
  return {
    id: 'grad',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const g = explainGradients('gradientExplainer.explain', model, x, explainOptions, config, false);
      if (config.abs) for (let k = 0; k < g.data.length; k++) g.data[k] = Math.abs(g.data[k]!);
      return g;
    },
  };
}

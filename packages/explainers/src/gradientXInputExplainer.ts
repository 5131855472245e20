import { checkOptions, enumOption } from '@xai/core';
import type { ExplainOptions, Matrix, Model } from '@xai/core';
import type { ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { GradientConfig, GradientOptions } from './gradientExplainer.js';
import { OUTPUT_SPACES, explainGradients } from './internal/explainGradients.js';
import { resolveCommon } from './internal/common.js';

export type GradientXInputOptions = Omit<GradientOptions, 'abs'>;
export type GradientXInputConfig = Omit<GradientConfig, 'abs'>;

/** Per-preset defaults: the gradient of the probability in every preset (Captum InputXGradient has no `abs`). */
export const gradientXInputDefaults: Readonly<Record<ExplainerPreset, Omit<GradientXInputConfig, 'batchRows'>>> = {
  default: { output: 'probability' },
  openxai: { output: 'probability' },
  paper: { output: 'probability' },
  captum: { output: 'probability' },
};

/** The option keys `gradientXInputExplainer` accepts. @since 0.3.0 */
export const GRADIENT_X_INPUT_OPTION_KEYS = [...COMMON_OPTION_KEYS, 'output'] as const satisfies readonly (keyof GradientXInputOptions &
  string)[];

/**
 * Gradient x Input ('itg'): x ⊙ d p_target / d x per row (Captum InputXGradient).
 * @example gradientXInputExplainer().explain(model, x)
 * @since 0.1.0
 */
export function gradientXInputExplainer(options: GradientXInputOptions = {}): ConfiguredExplainer<GradientXInputConfig> {
  const fn = 'gradientXInputExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, GRADIENT_X_INPUT_OPTION_KEYS, fn);
  const base = gradientXInputDefaults[common.row];
  const config: GradientXInputConfig = {
    output: options.output === undefined ? base.output : enumOption(options.output, fn, 'output', { values: OUTPUT_SPACES }),
    batchRows: common.batchRows,
  };
  return {
    id: 'itg',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return explainGradients('gradientXInputExplainer.explain', model, x, explainOptions, config, true);
    },
  };
}

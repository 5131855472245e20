import type { ExplainOptions, Matrix, Model, OutputSpace } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { Preset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { OUTPUT_SPACES, explainGradients } from './internal/explainGradients.js';
import { checkKnownKeys, oneOf } from './internal/validate.js';

export interface GradientOptions extends CommonExplainerOptions {
  /** Differentiate the explained class's probability (OpenXAI) or its logit. @defaultValue 'probability' */
  readonly output?: OutputSpace;
}

export interface GradientConfig {
  readonly output: OutputSpace;
  readonly batchRows: number;
}

/** Per-preset defaults: every preset uses the raw (signed) gradient of the probability. */
export const gradientDefaults: Readonly<Record<Preset, Omit<GradientConfig, 'batchRows'>>> = {
  default: { output: 'probability' },
  openxai: { output: 'probability' },
  paper: { output: 'probability' },
};

/**
 * Vanilla Gradient ('grad'): row i is d p_target(x_i) / d x_i, raw sign, from one batched
 * `model.inputGradient` call. Throws NOT_SUPPORTED at explain time when the model has no
 * gradients (wrap it with @xai/models' `functionModel` for finite differences).
 * @example gradientExplainer({ preset: 'openxai' }).explain(model, x)
 * @since 0.1.0
 */
export function gradientExplainer(options: GradientOptions = {}): ConfiguredExplainer<GradientConfig> {
  const fn = 'gradientExplainer';
  const common = resolveCommon(fn, options);
  checkKnownKeys(fn, options, [...COMMON_OPTION_KEYS, 'output']);
  const base = gradientDefaults[common.preset];
  const config: GradientConfig = {
    output: options.output === undefined ? base.output : oneOf(fn, 'output', options.output, OUTPUT_SPACES),
    batchRows: common.batchRows,
  };
  return {
    id: 'grad',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return explainGradients('gradientExplainer.explain', model, x, explainOptions, config, false);
    },
  };
}

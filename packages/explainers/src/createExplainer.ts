import { XaiError, describeValue } from '@xai/core';
import type { ConfiguredExplainer } from './configuredExplainer.js';
import type { GradientConfig, GradientOptions } from './gradientExplainer.js';
import { gradientExplainer } from './gradientExplainer.js';
import type { GradientXInputConfig, GradientXInputOptions } from './gradientXInputExplainer.js';
import { gradientXInputExplainer } from './gradientXInputExplainer.js';
import type { IntegratedGradientsConfig, IntegratedGradientsExplainer, IntegratedGradientsOptions } from './integratedGradientsExplainer.js';
import { integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import type { KernelShapConfig, KernelShapOptions } from './kernelShapExplainer.js';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import type { LimeConfig, LimeExplainer, LimeOptions } from './limeExplainer.js';
import { limeExplainer } from './limeExplainer.js';
import type { RandomConfig, RandomOptions } from './randomExplainer.js';
import { randomExplainer } from './randomExplainer.js';
import type { SmoothGradConfig, SmoothGradOptions } from './smoothGradExplainer.js';
import { smoothGradExplainer } from './smoothGradExplainer.js';

/** Explainer ids as in OpenXAI, in its table order. */
export const EXPLAINER_IDS = ['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime'] as const;

/** One of {@link EXPLAINER_IDS}. */
export type ExplainerId = (typeof EXPLAINER_IDS)[number];

/** Options of each explainer, by id. */
export interface ExplainerOptionsById {
  control: RandomOptions;
  grad: GradientOptions;
  sg: SmoothGradOptions;
  ig: IntegratedGradientsOptions;
  itg: GradientXInputOptions;
  shap: KernelShapOptions;
  lime: LimeOptions;
}

/** Resolved configuration of each explainer, by id. */
export interface ExplainerConfigById {
  control: RandomConfig;
  grad: GradientConfig;
  sg: SmoothGradConfig;
  ig: IntegratedGradientsConfig;
  itg: GradientXInputConfig;
  shap: KernelShapConfig;
  lime: LimeConfig;
}

/**
 * The explainer with the given OpenXAI id, configured from a preset plus overrides
 * (`{ preset, seed, train, ...options of that explainer }`). Unknown ids and unknown or
 * invalid options throw BAD_OPTION.
 * `'lime'` returns a {@link LimeExplainer}, whose `explain` also takes `batchPositions`
 * (for `noise: 'numpy-batch'`); `'ig'` returns an {@link IntegratedGradientsExplainer}, which
 * adds `explainWithCompleteness`.
 * @example createExplainer('lime', { preset: 'openxai', seed: 0 })
 * @example createExplainer('lime', { preset: 'openxai', noise: 'numpy-batch' })
 * @since 0.1.0
 */
export function createExplainer(id: 'lime', options?: LimeOptions): LimeExplainer;
export function createExplainer(id: 'ig', options?: IntegratedGradientsOptions): IntegratedGradientsExplainer;
export function createExplainer<I extends ExplainerId>(id: I, options?: ExplainerOptionsById[I]): ConfiguredExplainer<ExplainerConfigById[I]>;
export function createExplainer(id: ExplainerId, options: ExplainerOptionsById[ExplainerId] = {}): ConfiguredExplainer<ExplainerConfigById[ExplainerId]> {
  switch (id) {
    case 'control':
      return randomExplainer(options as RandomOptions);
    case 'grad':
      return gradientExplainer(options as GradientOptions);
    case 'sg':
      return smoothGradExplainer(options as SmoothGradOptions);
    case 'ig':
      return integratedGradientsExplainer(options as IntegratedGradientsOptions);
    case 'itg':
      return gradientXInputExplainer(options as GradientXInputOptions);
    case 'shap':
      return kernelShapExplainer(options as KernelShapOptions);
    case 'lime':
      return limeExplainer(options as LimeOptions);
    default:
      throw new XaiError('BAD_OPTION', `unknown explainer id ${describeValue(id)}; expected one of ${EXPLAINER_IDS.join(', ')}`, { fn: 'createExplainer', arg: 'id', value: id });
  }
}

/** True when `value` is one of {@link EXPLAINER_IDS}. @since 0.1.0 */
export function isExplainerId(value: unknown): value is ExplainerId {
  return typeof value === 'string' && (EXPLAINER_IDS as readonly string[]).includes(value);
}

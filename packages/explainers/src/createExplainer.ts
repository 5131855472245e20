import { XaiError, describeValue } from '@xai/core';
import type { ConfiguredExplainer } from './configuredExplainer.js';
import type { GradientConfig, GradientOptions } from './gradientExplainer.js';
import { gradientExplainer } from './gradientExplainer.js';
import type { GradientXInputConfig, GradientXInputOptions } from './gradientXInputExplainer.js';
import { gradientXInputExplainer } from './gradientXInputExplainer.js';
import type {
  IntegratedGradientsConfig,
  IntegratedGradientsExplainer,
  IntegratedGradientsOptions,
} from './integratedGradientsExplainer.js';
import { integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import type { KernelShapConfig, KernelShapOptions } from './kernelShapExplainer.js';
import { kernelShapExplainer } from './kernelShapExplainer.js';
import type { LimeConfig, LimeExplainer, LimeOptions } from './limeExplainer.js';
import { limeExplainer } from './limeExplainer.js';
import type { RandomConfig, RandomOptions } from './randomExplainer.js';
import { randomExplainer } from './randomExplainer.js';
import type { SmoothGradConfig, SmoothGradOptions } from './smoothGradExplainer.js';
import { smoothGradExplainer } from './smoothGradExplainer.js';
import type { ShapleyConfig, ShapleyOptions } from './shapleyExplainer.js';
import { shapleyExplainer } from './shapleyExplainer.js';
import type { PermutationShapConfig, PermutationShapOptions } from './permutationShapExplainer.js';
import { permutationShapExplainer } from './permutationShapExplainer.js';
import type { OcclusionConfig, OcclusionOptions } from './occlusionExplainer.js';
import { occlusionExplainer } from './occlusionExplainer.js';
import type { NoiseTunnelConfig, NoiseTunnelOptions } from './noiseTunnelExplainer.js';
import { noiseTunnelExplainer } from './noiseTunnelExplainer.js';
import type { GradientShapConfig, GradientShapOptions } from './gradientShapExplainer.js';
import { gradientShapExplainer } from './gradientShapExplainer.js';
import type { DeepLiftConfig, DeepLiftOptions } from './deepLiftExplainer.js';
import { deepLiftExplainer } from './deepLiftExplainer.js';

/** Explainer ids as in OpenXAI, in its table order (kept to OpenXAI's seven: runners plan with it). */
export const EXPLAINER_IDS = ['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime'] as const;

/** Explainers beyond OpenXAI's seven (SHAP's exact/permutation explainers, Captum's). @since 0.2.0 */
export const EXTRA_EXPLAINER_IDS = [
  'shapley',
  'permshap',
  'occlusion',
  'sg2',
  'vargrad',
  'ig-sg',
  'itg-sg',
  'gradshap',
  'deeplift',
] as const;

/** Every explainer id: OpenXAI's seven in its table order, then {@link EXTRA_EXPLAINER_IDS}. @since 0.2.0 */
export const ALL_EXPLAINER_IDS = [...EXPLAINER_IDS, ...EXTRA_EXPLAINER_IDS] as const;

/**
 * The explainers that take `featureScale`: they draw input noise (SmoothGrad, LIME, the noise
 * tunnels, Gradient SHAP) or measure input distances (LIME's kernel; the k-means backgrounds
 * of KernelSHAP, exact Shapley and permutation SHAP). Every other explainer rejects it.
 * @since 0.3.0
 */
export const FEATURE_SCALE_EXPLAINER_IDS: readonly ExplainerId[] = [
  'sg',
  'shap',
  'lime',
  'shapley',
  'permshap',
  'sg2',
  'vargrad',
  'ig-sg',
  'itg-sg',
  'gradshap',
];

/** Options of a fixed noise tunnel id (its base and type are set by the id). */
export type FixedTunnelOptions = Omit<NoiseTunnelOptions, 'base' | 'type'>;

/** One of {@link ALL_EXPLAINER_IDS}. */
export type ExplainerId = (typeof ALL_EXPLAINER_IDS)[number];

/** Options of each explainer, by id. */
export interface ExplainerOptionsById {
  control: RandomOptions;
  grad: GradientOptions;
  sg: SmoothGradOptions;
  ig: IntegratedGradientsOptions;
  itg: GradientXInputOptions;
  shap: KernelShapOptions;
  lime: LimeOptions;
  shapley: ShapleyOptions;
  permshap: PermutationShapOptions;
  occlusion: OcclusionOptions;
  sg2: FixedTunnelOptions;
  vargrad: FixedTunnelOptions;
  'ig-sg': FixedTunnelOptions;
  'itg-sg': FixedTunnelOptions;
  gradshap: GradientShapOptions;
  deeplift: DeepLiftOptions;
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
  shapley: ShapleyConfig;
  permshap: PermutationShapConfig;
  occlusion: OcclusionConfig;
  sg2: NoiseTunnelConfig;
  vargrad: NoiseTunnelConfig;
  'ig-sg': NoiseTunnelConfig;
  'itg-sg': NoiseTunnelConfig;
  gradshap: GradientShapConfig;
  deeplift: DeepLiftConfig;
}

/** The fixed base and aggregation of each noise-tunnel id. */
const TUNNELS = {
  sg2: { base: 'grad', type: 'smoothgrad_sq' },
  vargrad: { base: 'grad', type: 'vargrad' },
  'ig-sg': { base: 'ig', type: 'smoothgrad' },
  'itg-sg': { base: 'itg', type: 'smoothgrad' },
} as const;

function tunnel(id: keyof typeof TUNNELS, options: FixedTunnelOptions): ConfiguredExplainer<NoiseTunnelConfig> {
  const o = options as Record<string, unknown>;
  for (const k of ['base', 'type']) {
    if (o[k] !== undefined)
      throw new XaiError(
        'BAD_OPTION',
        `'${id}' fixes ${k} = '${TUNNELS[id][k as 'base' | 'type']}'; use noiseTunnelExplainer for another`,
        { fn: 'createExplainer', arg: k, value: o[k] },
      );
  }
  return noiseTunnelExplainer({ ...options, ...TUNNELS[id] }, id);
}

/**
 * The explainer with the given id (OpenXAI's seven, or one of {@link EXTRA_EXPLAINER_IDS}), configured from a preset plus overrides
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
export function createExplainer<I extends ExplainerId>(
  id: I,
  options?: ExplainerOptionsById[I],
): ConfiguredExplainer<ExplainerConfigById[I]>;
export function createExplainer(
  id: ExplainerId,
  options: ExplainerOptionsById[ExplainerId] = {},
): ConfiguredExplainer<ExplainerConfigById[ExplainerId]> {
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
    case 'shapley':
      return shapleyExplainer(options as ShapleyOptions);
    case 'permshap':
      return permutationShapExplainer(options as PermutationShapOptions);
    case 'occlusion':
      return occlusionExplainer(options as OcclusionOptions);
    case 'sg2':
    case 'vargrad':
    case 'ig-sg':
    case 'itg-sg':
      return tunnel(id, options as FixedTunnelOptions);
    case 'gradshap':
      return gradientShapExplainer(options as GradientShapOptions);
    case 'deeplift':
      return deepLiftExplainer(options as DeepLiftOptions);
    default:
      throw new XaiError('BAD_OPTION', `unknown explainer id ${describeValue(id)}; expected one of ${ALL_EXPLAINER_IDS.join(', ')}`, {
        fn: 'createExplainer',
        arg: 'id',
        value: id,
      });
  }
}

/** True when `value` is one of {@link ALL_EXPLAINER_IDS}. @since 0.1.0 */
export function isExplainerId(value: unknown): value is ExplainerId {
  return typeof value === 'string' && (ALL_EXPLAINER_IDS as readonly string[]).includes(value);
}

// The one table of explainers: id -> factory, option keys, description. The id lists, the
// per-id option and config types, createExplainer and the CLI's listing all come from it.
import { XaiError } from '@xai/core';
import type { ExplainerInfo } from './explainerInfo.js';
import { EXPLAINER_INFO } from './explainerInfo.js';
import type { ConfiguredExplainer } from './configuredExplainer.js';
import { DEEP_LIFT_OPTION_KEYS, deepLiftExplainer } from './deepLiftExplainer.js';
import { GRADIENT_OPTION_KEYS, gradientExplainer } from './gradientExplainer.js';
import { GRADIENT_SHAP_OPTION_KEYS, gradientShapExplainer } from './gradientShapExplainer.js';
import { GRADIENT_X_INPUT_OPTION_KEYS, gradientXInputExplainer } from './gradientXInputExplainer.js';
import { INTEGRATED_GRADIENTS_OPTION_KEYS, integratedGradientsExplainer } from './integratedGradientsExplainer.js';
import { KERNEL_SHAP_OPTION_KEYS, kernelShapExplainer } from './kernelShapExplainer.js';
import { LIME_OPTION_KEYS, limeExplainer } from './limeExplainer.js';
import type { NoiseTunnelBase, NoiseTunnelConfig, NoiseTunnelOptions, NoiseTunnelType } from './noiseTunnelExplainer.js';
import { NOISE_TUNNEL_OPTION_KEYS, noiseTunnelExplainer } from './noiseTunnelExplainer.js';
import { OCCLUSION_OPTION_KEYS, occlusionExplainer } from './occlusionExplainer.js';
import { PERMUTATION_SHAP_OPTION_KEYS, permutationShapExplainer } from './permutationShapExplainer.js';
import { RANDOM_OPTION_KEYS, randomExplainer } from './randomExplainer.js';
import { SHAPLEY_OPTION_KEYS, shapleyExplainer } from './shapleyExplainer.js';
import { SMOOTH_GRAD_OPTION_KEYS, smoothGradExplainer } from './smoothGradExplainer.js';
import { TREE_SHAP_OPTION_KEYS, treeShapExplainer } from './treeShapExplainer.js';

/** One row of the table: the factory, the option keys it accepts and its description. @since 0.3.0 */
export interface ExplainerEntry<Options, E extends ConfiguredExplainer<object>, Info extends ExplainerInfo = ExplainerInfo> {
  readonly create: (options?: Options) => E;
  readonly optionKeys: readonly string[];
  readonly info: Info;
}

export type { ExplainerInfo } from './explainerInfo.js';

function entry<Options, E extends ConfiguredExplainer<object>, const Info extends ExplainerInfo>(
  create: (options?: Options) => E,
  optionKeys: readonly (keyof Options & string)[],
  info: Info,
): ExplainerEntry<Options, E, Info> {
  return { create, optionKeys, info };
}

/** Options of a fixed noise tunnel id (its base and type are set by the id). */
export type FixedTunnelOptions = Omit<NoiseTunnelOptions, 'base' | 'type'>;

const FIXED_TUNNEL_OPTION_KEYS = NOISE_TUNNEL_OPTION_KEYS.filter((k) => k !== 'base' && k !== 'type') as (keyof FixedTunnelOptions &
  string)[];

/** A noise tunnel whose base and aggregation the id fixes; passing either is BAD_OPTION naming the id. */
function fixedTunnel(id: string, base: NoiseTunnelBase, type: NoiseTunnelType) {
  return (options: FixedTunnelOptions = {}): ConfiguredExplainer<NoiseTunnelConfig> => {
    const o = options as Record<string, unknown>;
    const fixed = { base, type };
    for (const k of ['base', 'type'] as const) {
      if (o[k] !== undefined)
        throw new XaiError('BAD_OPTION', `'${id}' fixes ${k} = '${fixed[k]}'; use noiseTunnelExplainer for another`, {
          fn: 'createExplainer',
          arg: k,
          value: o[k],
        });
    }
    return noiseTunnelExplainer({ ...options, ...fixed }, id);
  };
}

/**
 * Every explainer by id: OpenXAI's seven first, in its table order, then SHAP's and Captum's.
 * @example for (const [id, e] of Object.entries(EXPLAINER_REGISTRY)) console.log(id, e.info.name, e.optionKeys.join(' '))
 * @since 0.3.0
 */
export const EXPLAINER_REGISTRY = {
  control: entry(randomExplainer, RANDOM_OPTION_KEYS, EXPLAINER_INFO.control),
  grad: entry(gradientExplainer, GRADIENT_OPTION_KEYS, EXPLAINER_INFO.grad),
  sg: entry(smoothGradExplainer, SMOOTH_GRAD_OPTION_KEYS, EXPLAINER_INFO.sg),
  ig: entry(integratedGradientsExplainer, INTEGRATED_GRADIENTS_OPTION_KEYS, EXPLAINER_INFO.ig),
  itg: entry(gradientXInputExplainer, GRADIENT_X_INPUT_OPTION_KEYS, EXPLAINER_INFO.itg),
  shap: entry(kernelShapExplainer, KERNEL_SHAP_OPTION_KEYS, EXPLAINER_INFO.shap),
  lime: entry(limeExplainer, LIME_OPTION_KEYS, EXPLAINER_INFO.lime),
  shapley: entry(shapleyExplainer, SHAPLEY_OPTION_KEYS, EXPLAINER_INFO.shapley),
  permshap: entry(permutationShapExplainer, PERMUTATION_SHAP_OPTION_KEYS, EXPLAINER_INFO.permshap),
  occlusion: entry(occlusionExplainer, OCCLUSION_OPTION_KEYS, EXPLAINER_INFO.occlusion),
  sg2: entry(fixedTunnel('sg2', 'grad', 'smoothgrad_sq'), FIXED_TUNNEL_OPTION_KEYS, EXPLAINER_INFO.sg2),
  vargrad: entry(fixedTunnel('vargrad', 'grad', 'vargrad'), FIXED_TUNNEL_OPTION_KEYS, EXPLAINER_INFO.vargrad),
  'ig-sg': entry(fixedTunnel('ig-sg', 'ig', 'smoothgrad'), FIXED_TUNNEL_OPTION_KEYS, EXPLAINER_INFO['ig-sg']),
  'itg-sg': entry(fixedTunnel('itg-sg', 'itg', 'smoothgrad'), FIXED_TUNNEL_OPTION_KEYS, EXPLAINER_INFO['itg-sg']),
  gradshap: entry(gradientShapExplainer, GRADIENT_SHAP_OPTION_KEYS, EXPLAINER_INFO.gradshap),
  deeplift: entry(deepLiftExplainer, DEEP_LIFT_OPTION_KEYS, EXPLAINER_INFO.deeplift),
  treeshap: entry(treeShapExplainer, TREE_SHAP_OPTION_KEYS, EXPLAINER_INFO.treeshap),
} as const;

/** The registry's type (what `EXPLAINER_REGISTRY[id]` holds). @since 0.3.0 */
export type ExplainerRegistry = typeof EXPLAINER_REGISTRY;

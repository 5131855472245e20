import { XaiError, describeValue } from '@xai/core';
import type { ConfiguredExplainer } from './configuredExplainer.js';
import type { ExplainerEntry, ExplainerRegistry } from './explainerRegistry.js';
import { EXPLAINER_REGISTRY } from './explainerRegistry.js';
import type { IntegratedGradientsExplainer, IntegratedGradientsOptions } from './integratedGradientsExplainer.js';
import type { LimeExplainer, LimeOptions } from './limeExplainer.js';

export type { FixedTunnelOptions } from './explainerRegistry.js';

/** One of {@link ALL_EXPLAINER_IDS}: a key of {@link EXPLAINER_REGISTRY}. */
export type ExplainerId = keyof ExplainerRegistry;

/** The ids of OpenXAI's seven explainers (`info.openxai`). @since 0.3.0 */
export type OpenXaiExplainerId = {
  [I in ExplainerId]: ExplainerRegistry[I]['info']['openxai'] extends true ? I : never;
}[ExplainerId];

/** Options of each explainer, by id. */
export type ExplainerOptionsById = {
  [I in ExplainerId]: ExplainerRegistry[I] extends ExplainerEntry<infer O, infer _E> ? O : never;
};

/** Resolved configuration of each explainer, by id. */
export type ExplainerConfigById = {
  [I in ExplainerId]: ExplainerRegistry[I] extends ExplainerEntry<infer _O, ConfiguredExplainer<infer C>> ? C : never;
};

/** Every explainer id, in the registry's order: OpenXAI's seven in its table order, then the others. @since 0.2.0 */
export const ALL_EXPLAINER_IDS = Object.keys(EXPLAINER_REGISTRY) as readonly ExplainerId[];

/** OpenXAI's seven ids, in its table order (runners plan the default job with it). @since 0.3.0 */
export const OPENXAI_EXPLAINER_IDS = ALL_EXPLAINER_IDS.filter((id) => EXPLAINER_REGISTRY[id].info.openxai) as readonly OpenXaiExplainerId[];

/** The ids beyond OpenXAI's seven (SHAP's exact and permutation explainers, Captum's). @since 0.3.0 */
export const BEYOND_OPENXAI_EXPLAINER_IDS = ALL_EXPLAINER_IDS.filter((id) => !EXPLAINER_REGISTRY[id].info.openxai) as readonly Exclude<
  ExplainerId,
  OpenXaiExplainerId
>[];

/** Alias of {@link OPENXAI_EXPLAINER_IDS} (the name it had first). @since 0.1.0 */
export const EXPLAINER_IDS = OPENXAI_EXPLAINER_IDS;

/** Alias of {@link BEYOND_OPENXAI_EXPLAINER_IDS} (the name it had first). @since 0.2.0 */
export const EXTRA_EXPLAINER_IDS = BEYOND_OPENXAI_EXPLAINER_IDS;

/**
 * The explainers that take `featureScale` (`info.featureScale`): they draw input noise (SmoothGrad,
 * LIME, the noise tunnels, Gradient SHAP) or measure input distances (LIME's kernel; the k-means
 * backgrounds of KernelSHAP, exact Shapley and permutation SHAP). Every other explainer rejects it.
 * @since 0.3.0
 */
export const FEATURE_SCALE_EXPLAINER_IDS: readonly ExplainerId[] = ALL_EXPLAINER_IDS.filter(
  (id) => EXPLAINER_REGISTRY[id].info.featureScale,
);

/**
 * The explainer with the given id (a key of {@link EXPLAINER_REGISTRY}), configured from a preset plus
 * overrides (`{ preset, seed, train, ...options of that explainer }`). Unknown ids and unknown or
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
  if (!isExplainerId(id)) {
    throw new XaiError('BAD_OPTION', `unknown explainer id ${describeValue(id)}; expected one of ${ALL_EXPLAINER_IDS.join(', ')}`, {
      fn: 'createExplainer',
      arg: 'id',
      value: id,
    });
  }
  const create = EXPLAINER_REGISTRY[id].create as (o: unknown) => ConfiguredExplainer<ExplainerConfigById[ExplainerId]>;
  return create(options);
}

/** True when `value` is one of {@link ALL_EXPLAINER_IDS}. @since 0.1.0 */
export function isExplainerId(value: unknown): value is ExplainerId {
  return typeof value === 'string' && Object.hasOwn(EXPLAINER_REGISTRY, value);
}

import type { Explainer, FeatureScale, Matrix } from '@xai/core';
import type { PresetName } from './preset.js';

/** Options every explainer factory accepts. */
export interface CommonExplainerOptions {
  /** Which defaults to start from (see {@link EXPLAINER_PRESETS}). @defaultValue 'default' */
  readonly preset?: PresetName;
  /** Run seed of the random sub-streams (ignored by deterministic explainers). @defaultValue 0 */
  readonly seed?: number;
  /** Training features: the IG baseline and the KernelSHAP background come from here. */
  readonly train?: Matrix;
  /** Most rows sent to the model in one call (bounds memory). @defaultValue 8192 */
  readonly batchRows?: number;
}

/**
 * A core `Explainer` that also reports how it was configured (preset defaults merged with
 * the caller's overrides), so a report can record exactly what ran.
 */
export interface ConfiguredExplainer<Config> extends Explainer {
  readonly preset: PresetName;
  readonly seed: number;
  readonly config: Readonly<Config>;
}

/** Default for `batchRows`: big enough to amortise call overhead, small enough for memory. */
export const DEFAULT_BATCH_ROWS = 8192;

/** Option names shared by all factories (for the unknown-option check). */
export const COMMON_OPTION_KEYS = ['preset', 'seed', 'train', 'batchRows'] as const;

/**
 * The per-feature units of an explainer that draws input noise or measures input distances
 * (LIME, SmoothGrad, noise tunnels, Gradient SHAP, and the k-means backgrounds of the Shapley
 * family): noise of std σ on feature j is drawn as σ·scale[j], distances are taken on
 * x[j] / scale[j] (core's `FeatureScale`, e.g. `featureRanges(train)`). Attributions stay in
 * the model's input units. Absent or all ones: absolute units, the released convention.
 * @since 0.3.0
 */
export interface FeatureScaleOption {
  /** One positive scale per feature. @defaultValue absent (absolute units, every scale 1) */
  readonly featureScale?: FeatureScale | readonly number[];
}

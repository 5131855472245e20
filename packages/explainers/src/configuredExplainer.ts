import type { Explainer, Matrix } from '@xai/core';
import type { Preset } from './preset.js';

/** Options every explainer factory accepts. */
export interface CommonExplainerOptions {
  /** Which defaults to start from. @defaultValue 'default' */
  readonly preset?: Preset;
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
  readonly preset: Preset;
  readonly seed: number;
  readonly config: Readonly<Config>;
}

/** Default for `batchRows`: big enough to amortise call overhead, small enough for memory. */
export const DEFAULT_BATCH_ROWS = 8192;

/** Option names shared by all factories (for the unknown-option check). */
export const COMMON_OPTION_KEYS = ['preset', 'seed', 'train', 'batchRows'] as const;

import type { ExplainOptions, Matrix, Model } from '@xai/core';
import { checkOptions, fillSubstreamNormal } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { resolveCommon } from './internal/common.js';
import { prepareBatch } from './internal/prepareBatch.js';

export type RandomOptions = CommonExplainerOptions;

export interface RandomConfig {
  /** Distribution of every attribution. */
  readonly distribution: 'standard-normal';
}

/** Per-preset defaults (identical: OpenXAI's control is torch.randn, seed 0). */
export const randomDefaults: Readonly<Record<ExplainerPreset, RandomConfig>> = {
  default: { distribution: 'standard-normal' },
  openxai: { distribution: 'standard-normal' },
  paper: { distribution: 'standard-normal' },
  // Captum has no random baseline explainer: the default control.
  captum: { distribution: 'standard-normal' },
};

/** The option keys `randomExplainer` accepts. @since 0.3.0 */
export const RANDOM_OPTION_KEYS: readonly (keyof RandomOptions & string)[] = COMMON_OPTION_KEYS;

/**
 * Random control ('control'): N(0, 1) per feature, ignoring the model. Row i's values come
 * from `substream(seed, key_i, 'random')`, so they are fixed per instance content and seed.
 * The model is not queried.
 * @example randomExplainer({ seed: 0 }).explain(model, x)
 * @since 0.1.0
 */
export function randomExplainer(options: RandomOptions = {}): ConfiguredExplainer<RandomConfig> {
  const fn = 'randomExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, RANDOM_OPTION_KEYS, fn);
  const seed = common.seed;
  return {
    id: 'control',
    preset: common.preset,
    seed,
    config: randomDefaults[common.row],
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const b = prepareBatch('randomExplainer.explain', model, x, explainOptions, common.batchRows, false);
      const out = new Float64Array(b.n * b.d);
      // Row i: substream(seed, keys[i], 'random').fillNormal(...), drawn without a stream object per row.
      const streamKeys: [number, string] = [0, 'random'];
      for (let i = 0; i < b.n; i++) {
        streamKeys[0] = b.keys[i]!;
        fillSubstreamNormal(out, seed, streamKeys, i * b.d, (i + 1) * b.d);
      }
      return { rows: b.n, cols: b.d, data: out };
    },
  };
}

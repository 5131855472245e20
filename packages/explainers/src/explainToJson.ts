import type { Matrix, Model } from '@xai/core';
import { toRows } from '@xai/core';
import type { ExplainerId, ExplainerOptionsById } from './createExplainer.js';
import { createExplainer } from './createExplainer.js';
import type { PresetName } from './preset.js';

/** The JSON document `xai explain` writes. */
export interface ExplanationJson {
  readonly method: ExplainerId;
  readonly preset: PresetName;
  readonly seed: number;
  /** Row i explains instance i, in input order. */
  readonly attributions: number[][];
}

/**
 * Explains `x` with the explainer `id` and returns the `xai explain` output document
 * ({method, preset, seed, attributions}); `options.train` feeds the IG baseline and the
 * KernelSHAP background. The instances are used as given (already scaled).
 * @example JSON.stringify(explainToJson('ig', model, x, { preset: 'openxai', train }))
 * @since 0.1.0
 */
export function explainToJson<I extends ExplainerId>(id: I, model: Model, x: Matrix, options?: ExplainerOptionsById[I]): ExplanationJson {
  const explainer = createExplainer(id, options);
  const attributions = explainer.explain(model, x);
  return { method: id, preset: explainer.preset, seed: explainer.seed, attributions: toRows(attributions) };
}

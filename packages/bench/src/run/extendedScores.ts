import type { Explainer, Matrix, Model } from '@xai/core';
import { EXTENDED_METRIC_IDS, extendedMetrics } from '@xai/metrics';
import type { ExtendedMetricId, ExtendedMetricInfo } from '@xai/metrics';
import type { PresetName } from '../config/ids.js';
import { extendedPresetOption } from '../config/presetStages.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';

/** True for an extended metric id. @since 0.2.0 */
export function isExtendedMetric(id: string): id is ExtendedMetricId {
  return (EXTENDED_METRIC_IDS as readonly string[]).includes(id);
}

/** Facts of an extended metric (family, direction, floor/null meaningful and why). @since 0.2.0 */
export function extendedInfo(id: string): ExtendedMetricInfo | undefined {
  return isExtendedMetric(id) ? extendedMetrics[id].info : undefined;
}

export interface ExtendedScoreContext {
  readonly model: Model;
  readonly x: Matrix;
  readonly attributions: Matrix;
  /** The explainer (robustness / randomisation re-explain); null for the null and when not re-explainable. */
  readonly explainer: Explainer | null;
  /** Ground truth of the rows (KENDALL_TAU), when known. */
  readonly groundTruth: Matrix | null;
  /** Training rows: ROAD's background. */
  readonly background: Matrix;
  readonly seed: number;
  /** The run's preset: quantus and captum are passed on to every metric (absent: the metrics' defaults). */
  readonly preset?: PresetName;
  /** Scoring the permuted null: metrics whose null is not meaningful are skipped. */
  readonly isNull: boolean;
  /** Per-metric noise units (`featureScale` for the metrics that take it); absent: absolute units. */
  readonly scale?: PerturbationScale;
}

/**
 * Scores `ids` (extended metrics) on one block: per-instance values by id. A metric is left
 * out (no value, the report says why) when what it needs is missing — ground truth for
 * KENDALL_TAU and the localisation family, an explainer for the re-explaining metrics, a layered model for
 * MODEL_RANDOMISATION (NOT_SUPPORTED) — or, on the null, when its null is not meaningful.
 * @example scoreExtended(['SPARSENESS'], ctx).get('SPARSENESS')
 * @since 0.2.0
 */
export function scoreExtended(ids: readonly string[], ctx: ExtendedScoreContext): Map<string, Float64Array> {
  const out = new Map<string, Float64Array>();
  const explain =
    ctx.explainer === null ? undefined : (m: Model, x: Matrix, t: Int32Array): Matrix => ctx.explainer!.explain(m, x, { targets: t });
  for (const id of ids) {
    if (!isExtendedMetric(id)) continue;
    const e = extendedMetrics[id];
    if (ctx.isNull && !e.info.nullMeaningful) continue;
    if (e.info.requires.includes('explainer') && explain === undefined) continue;
    if (e.info.requires.includes('ground-truth') && ctx.groundTruth === null) continue;
    const options: Record<string, unknown> = {
      ...(e.info.seeded ? { seed: ctx.seed } : {}),
      ...ctx.scale?.metricOptions(id),
      ...(ctx.preset === undefined ? {} : extendedPresetOption(ctx.preset)),
    };
    if (e.info.requires.includes('background')) options.background = ctx.background;
    if (e.info.requires.includes('ground-truth')) options.groundTruth = ctx.groundTruth;
    try {
      out.set(id, e.run(ctx.model, ctx.x, ctx.attributions, undefined, explain, options).values);
    } catch (err) {
      // A model without dense layers (an ONNX graph that is not an MLP) cannot be randomised.
      if ((err as { code?: string }).code === 'NOT_SUPPORTED') continue;
      throw err;
    }
  }
  return out;
}

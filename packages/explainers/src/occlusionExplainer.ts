import type { ExplainOptions, FeatureGroups, Matrix, Model } from '@xai/core';
import { checkOptions, featureUnits, unitIds } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { predictRows } from './internal/modelCalls.js';
import { baselineFor, resolveBaseline } from './internal/baseline.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { groupsOption } from './internal/validate.js';

export interface OcclusionOptions extends CommonExplainerOptions {
  /** Value an ablated feature takes: 0, the training mean, or a vector. @defaultValue 'zeros' (Captum's default) */
  readonly baseline?: 'zeros' | 'mean' | Float64Array | readonly number[];
  /** Feature groups ablated together (Captum's feature_mask); the group's attribution goes to each of its columns. */
  readonly groups?: FeatureGroups;
}

export interface OcclusionConfig {
  readonly baseline: 'zeros' | 'mean' | 'vector';
  readonly baselineVector: readonly number[] | null;
  readonly groups: readonly (readonly number[])[] | null;
  readonly batchRows: number;
}

/** Per-preset defaults (Captum FeatureAblation's zero baseline everywhere). */
export const occlusionDefaults: Readonly<Record<ExplainerPreset, { baseline: 'zeros' }>> = {
  default: { baseline: 'zeros' },
  openxai: { baseline: 'zeros' },
  paper: { baseline: 'zeros' },
  captum: { baseline: 'zeros' },
};

/** The option keys `occlusionExplainer` accepts. @since 0.3.0 */
export const OCCLUSION_OPTION_KEYS = [...COMMON_OPTION_KEYS, 'baseline', 'groups'] as const satisfies readonly (keyof OcclusionOptions &
  string)[];

/**
 * Occlusion / feature ablation ('occlusion', Captum FeatureAblation): the attribution of a
 * unit (a column, or a group ablated together) is f_t(x) − f_t(x with the unit set to the
 * baseline), written to every column of the unit. Deterministic; 1 + U model rows per
 * instance, all of a chunk in one call. For a linear model f = w·x + c it is w_j (x_j − b_j).
 * @example occlusionExplainer({ groups: [[0, 1]] }).explain(model, x)
 * @since 0.2.0
 */
export function occlusionExplainer(options: OcclusionOptions = {}): ConfiguredExplainer<OcclusionConfig> {
  const fn = 'occlusionExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, OCCLUSION_OPTION_KEYS, fn);
  const option = options.baseline ?? occlusionDefaults[common.row].baseline;
  const baseline = resolveBaseline(fn, option, common.train);
  const config: OcclusionConfig = {
    baseline: baseline.kind,
    baselineVector: baseline.vector === null ? null : Array.from(baseline.vector),
    groups: options.groups === undefined ? null : groupsOption(fn, options.groups),
    batchRows: common.batchRows,
  };
  return {
    id: 'occlusion',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'occlusionExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const { n, d } = b;
      const classes = b.model.classes;
      const base = baselineFor(baseline, d, efn);
      const units = featureUnits(d, config.groups ?? undefined, efn, 'groups');
      const ids = unitIds(d, units);
      const U = units.length;
      const R = 1 + U;
      const per = instancesPerChunk(R, config.batchRows);
      const cap = Math.min(per, n);
      const inputs = new Float64Array(cap * R * d);
      const probs = new Float64Array(cap * R * classes);
      const out = new Float64Array(n * d);
      for (let c0 = 0; c0 < n; c0 += per) {
        const c1 = Math.min(n, c0 + per);
        for (let i = c0; i < c1; i++) {
          const xo = i * d;
          const o = (i - c0) * R * d;
          for (let r = 0; r < R; r++) inputs.set(b.x.subarray(xo, xo + d), o + r * d);
          for (let u = 0; u < U; u++) for (const j of units[u]!) inputs[o + (1 + u) * d + j] = base[j]!;
        }
        const rows = (c1 - c0) * R;
        predictRows(b.model, { rows, cols: d, data: inputs.subarray(0, rows * d) }, efn, config.batchRows, probs);
        for (let i = c0; i < c1; i++) {
          const t = b.targets[i]!;
          const r0 = (i - c0) * R;
          const f = probs[r0 * classes + t]!;
          for (let j = 0; j < d; j++) out[i * d + j] = f - probs[(r0 + 1 + ids[j]!) * classes + t]!;
        }
      }
      return { rows: n, cols: d, data: out };
    },
  };
}

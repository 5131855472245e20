import type { ExplainOptions, FeatureGroups, Matrix, Model } from '@xai/core';
import { checkOptions, intOption, toRows, XaiError } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { BackgroundKind, BackgroundOption } from './internal/background.js';
import { backgroundSize, resolveBackground } from './internal/background.js';
import { featureScaleOption, scaleRecord } from './internal/featureScale.js';
import { coalitionValue, createGame, fillCoalition } from './internal/coalitionGame.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { groupsOption } from './internal/validate.js';

export interface ShapleyOptions extends CommonExplainerOptions, FeatureScaleOption {
  /**
   * Values absent units take (see KernelSHAP's `background`): v(S) = Σ_r w_r f_t(x_S, b_r).
   * @defaultValue 'zeros' (openxai, paper: Captum's default baseline), 'kmeans' (default; needs `train`)
   */
  readonly background?: BackgroundOption;
  /** 'kmeans': clusters; 'sample': rows. @defaultValue 5 ('kmeans'), 50 ('sample') */
  readonly backgroundSize?: number;
  /** Feature groups switched on/off as one unit; a unit's value goes to every column of it (Captum's convention). */
  readonly groups?: FeatureGroups;
  /** Most units (features or groups) enumerated; more is BAD_OPTION at explain time. @defaultValue 16 */
  readonly maxUnits?: number;
}

export interface ShapleyConfig {
  readonly background: BackgroundKind;
  readonly backgroundRows: readonly (readonly number[])[] | null;
  readonly backgroundWeights: readonly number[] | null;
  readonly groups: readonly (readonly number[])[] | null;
  readonly maxUnits: number;
  readonly batchRows: number;
  /** Units of the k-means background's distances (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset defaults (the background follows KernelSHAP's per preset). */
export const shapleyDefaults: Readonly<
  Record<ExplainerPreset, { background: 'zeros' | 'kmeans'; backgroundSize: { kmeans: number; sample: number }; maxUnits: number }>
> = {
  default: { background: 'kmeans', backgroundSize: { kmeans: 5, sample: 50 }, maxUnits: 16 },
  openxai: { background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 }, maxUnits: 16 },
  paper: { background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 }, maxUnits: 16 },
  // Captum ShapleyValues: baselines default to zero.
  captum: { background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 }, maxUnits: 16 },
};

/** Hard cap of model rows per instance (2^U · B). */
const ROW_LIMIT = 2 ** 22;

/** The option keys `shapleyExplainer` accepts. @since 0.3.0 */
export const SHAPLEY_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'background',
  'backgroundSize',
  'groups',
  'maxUnits',
  'featureScale',
] as const satisfies readonly (keyof ShapleyOptions & string)[];

/**
 * Exact Shapley values ('shapley', SHAP's ExactExplainer): all 2^U coalitions of the U units
 * (features, or groups) are evaluated against the background, v(S) = Σ_r w_r f_t(x_S, b_r),
 * and φ_u = Σ_{S ∌ u} |S|!(U−|S|−1)!/U! · (v(S ∪ u) − v(S)). Efficiency holds exactly:
 * Σ_u φ_u = f_t(x) − Σ_r w_r f_t(b_r). For a linear model and one background row b,
 * φ_j = w_j (x_j − b_j); with a background sample, b is its (weighted) mean. The coalitions of a
 * chunk of rows are one `predictProba` call (2^U · B rows per instance).
 * @example shapleyExplainer({ background: [0, 0, 0] }).explain(model, x)
 * @since 0.2.0
 */
export function shapleyExplainer(options: ShapleyOptions = {}): ConfiguredExplainer<ShapleyConfig> {
  const fn = 'shapleyExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, SHAPLEY_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = shapleyDefaults[common.row];
  const bgOption = options.background ?? base.background;
  const size = backgroundSize(fn, bgOption, options.backgroundSize, base.backgroundSize);
  const { kind, rows, weights } = resolveBackground(fn, bgOption, common.train, size, common.seed, scale);
  const config: ShapleyConfig = {
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    backgroundWeights: weights === null ? null : Array.from(weights),
    groups: options.groups === undefined ? null : groupsOption(fn, options.groups),
    maxUnits: options.maxUnits === undefined ? base.maxUnits : intOption(options.maxUnits, fn, 'maxUnits', { min: 1 }),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  return {
    id: 'shapley',
    preset: common.preset,
    seed: common.seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      const efn = 'shapleyExplainer.explain';
      const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
      const { n, d } = b;
      const classes = b.model.classes;
      const g = createGame(efn, d, config.groups, rows, weights);
      const { U, B } = g;
      if (U > config.maxUnits) {
        throw new XaiError(
          'BAD_OPTION',
          `exact Shapley enumerates 2^U coalitions; this model has U = ${U} units, over maxUnits ${config.maxUnits}: group features, raise maxUnits, or use 'permshap' / 'shap'`,
          { fn: efn, arg: 'maxUnits', value: U },
        );
      }
      const M = 2 ** U;
      if (M * B > ROW_LIMIT)
        throw new XaiError(
          'BAD_OPTION',
          `2^${U} coalitions x ${B} background rows is over the limit of 2^22 model rows per instance; use a smaller background`,
          { fn: efn, arg: 'background', value: M * B },
        );
      // Shapley weight of a coalition of size k: k!(U−k−1)!/U!.
      const weight = new Float64Array(U);
      for (let k = 0; k < U; k++) {
        let w = 1 / U;
        for (let t = 1; t <= k; t++) w *= t / (U - t); // k!(U−1−k)!/(U−1)! = 1 / C(U−1, k)
        weight[k] = w;
      }
      const popcount = new Uint8Array(M);
      for (let m = 1; m < M; m++) popcount[m] = popcount[m >> 1]! + (m & 1);
      const masks = new Uint8Array(M * U);
      for (let m = 0; m < M; m++) for (let u = 0; u < U; u++) masks[m * U + u] = (m >>> u) & 1;
      const R = M * B;
      const per = instancesPerChunk(R, config.batchRows);
      const cap = Math.min(per, n);
      const inputs = new Float64Array(cap * R * d);
      const probs = new Float64Array(cap * R * classes);
      const v = new Float64Array(M);
      const out = new Float64Array(n * d);
      const phi = new Float64Array(U);
      for (let c0 = 0; c0 < n; c0 += per) {
        const c1 = Math.min(n, c0 + per);
        for (let i = c0; i < c1; i++)
          for (let m = 0; m < M; m++) fillCoalition(g, b.x, i * d, masks, m * U, inputs, ((i - c0) * R + m * B) * d);
        const rowsN = (c1 - c0) * R;
        predictRows(b.model, { rows: rowsN, cols: d, data: inputs.subarray(0, rowsN * d) }, efn, config.batchRows, probs);
        for (let i = c0; i < c1; i++) {
          const t = b.targets[i]!;
          for (let m = 0; m < M; m++) v[m] = coalitionValue(g, probs, (i - c0) * R + m * B, classes, t);
          phi.fill(0);
          for (let m = 0; m < M; m++) {
            const k = popcount[m]!;
            if (k === U) continue;
            const w = weight[k]!;
            for (let u = 0; u < U; u++) if (((m >>> u) & 1) === 0) phi[u] = phi[u]! + w * (v[m | (1 << u)]! - v[m]!);
          }
          for (let j = 0; j < d; j++) out[i * d + j] = phi[g.ids[j]!]!;
        }
      }
      return { rows: n, cols: d, data: out };
    },
  };
}

import type { ExplainOptions, FeatureGroups, Matrix, Model } from '@xai/core';
import { checkOptions, intOption, substream, toRows } from '@xai/core';
import type { CommonExplainerOptions, ConfiguredExplainer, FeatureScaleOption } from './configuredExplainer.js';
import { COMMON_OPTION_KEYS } from './configuredExplainer.js';
import type { ExplainerPreset } from './preset.js';
import type { BackgroundKind, BackgroundOption } from './internal/background.js';
import { backgroundSize, resolveBackground } from './internal/background.js';
import { featureScaleOption, scaleRecord } from './internal/featureScale.js';
import type { CoalitionGame as Game } from './internal/coalitionGame.js';
import { coalitionValue, createGame, fillCoalition } from './internal/coalitionGame.js';
import { instancesPerChunk, resolveCommon } from './internal/common.js';
import { predictRows } from './internal/modelCalls.js';
import { prepareBatch } from './internal/prepareBatch.js';
import { groupsOption } from './internal/validate.js';

export interface PermutationShapOptions extends CommonExplainerOptions, FeatureScaleOption {
  /** Random permutations per instance, each walked forwards and backwards (antithetic). @defaultValue 10 */
  readonly permutations?: number;
  /** Values absent units take (see KernelSHAP's `background`). @defaultValue 'zeros' (openxai, paper), 'kmeans' (default; needs `train`) */
  readonly background?: BackgroundOption;
  /** @defaultValue 5 ('kmeans'), 50 ('sample') */
  readonly backgroundSize?: number;
  /** Feature groups switched on/off as one unit; a unit's value goes to every column of it. */
  readonly groups?: FeatureGroups;
}

export interface PermutationShapConfig {
  readonly permutations: number;
  readonly background: BackgroundKind;
  readonly backgroundRows: readonly (readonly number[])[] | null;
  readonly backgroundWeights: readonly number[] | null;
  readonly groups: readonly (readonly number[])[] | null;
  readonly batchRows: number;
  /** Units of the k-means background's distances (absent: absolute). */
  readonly featureScale?: readonly number[];
}

/** Per-preset defaults. */
export const permutationShapDefaults: Readonly<
  Record<ExplainerPreset, { permutations: number; background: 'zeros' | 'kmeans'; backgroundSize: { kmeans: number; sample: number } }>
> = {
  default: { permutations: 10, background: 'kmeans', backgroundSize: { kmeans: 5, sample: 50 } },
  openxai: { permutations: 10, background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 } },
  paper: { permutations: 10, background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 } },
  // Captum's zero baseline; the permutation count stays SHAP's (Captum ShapleyValueSampling draws single permutations).
  captum: { permutations: 10, background: 'zeros', backgroundSize: { kmeans: 5, sample: 50 } },
};

/** The option keys `permutationShapExplainer` accepts. @since 0.3.0 */
export const PERMUTATION_SHAP_OPTION_KEYS = [
  ...COMMON_OPTION_KEYS,
  'permutations',
  'background',
  'backgroundSize',
  'groups',
  'featureScale',
] as const satisfies readonly (keyof PermutationShapOptions & string)[];

/**
 * Permutation SHAP ('permshap', SHAP's PermutationExplainer): for each random permutation π of
 * the U units, switch the units on one by one in the order π (from the background to x) and
 * then off again in the same order (which is the reverse permutation switching on: antithetic
 * sampling), crediting each unit with the change of v it causes; φ = the mean over the 2P
 * walks. Every walk telescopes to v(N) − v(∅), so Σ_u φ_u = f_t(x) − Σ_r w_r f_t(b_r) exactly
 * for any P, and φ converges to the exact Shapley values as P grows. Permutations come from
 * `substream(seed, key_i, 'permshap')`; model rows per instance: 2P(U−1)·B + 1, all of a chunk
 * in one call (v(∅) once per call).
 * @example permutationShapExplainer({ permutations: 20, background: [0, 0, 0] }).explain(model, x)
 * @since 0.2.0
 */
export function permutationShapExplainer(options: PermutationShapOptions = {}): ConfiguredExplainer<PermutationShapConfig> {
  const fn = 'permutationShapExplainer';
  const common = resolveCommon(fn, options);
  checkOptions(options, PERMUTATION_SHAP_OPTION_KEYS, fn);
  const scale = featureScaleOption(fn, options.featureScale);
  const base = permutationShapDefaults[common.row];
  const bgOption = options.background ?? base.background;
  const size = backgroundSize(fn, bgOption, options.backgroundSize, base.backgroundSize);
  const { kind, rows, weights } = resolveBackground(fn, bgOption, common.train, size, common.seed, scale);
  const config: PermutationShapConfig = {
    permutations: options.permutations === undefined ? base.permutations : intOption(options.permutations, fn, 'permutations', { min: 1 }),
    background: kind,
    backgroundRows: rows === null ? null : toRows(rows),
    backgroundWeights: weights === null ? null : Array.from(weights),
    groups: options.groups === undefined ? null : groupsOption(fn, options.groups),
    batchRows: common.batchRows,
    ...scaleRecord(scale),
  };
  const seed = common.seed;
  return {
    id: 'permshap',
    preset: common.preset,
    seed,
    config,
    explain(model: Model, x: Matrix, explainOptions?: ExplainOptions): Matrix {
      return explainPermutations(config, rows, weights, seed, model, x, explainOptions);
    },
  };
}

/** Draws P random orders of the U units for one instance (Fisher–Yates on its keyed stream) into orders[oo..]. */
function drawOrders(rng: { uniform(): number }, orders: Int32Array, oo: number, P: number, U: number): void {
  for (let p = 0; p < P; p++) {
    const o = oo + p * U;
    for (let u = 0; u < U; u++) orders[o + u] = u;
    for (let u = U - 1; u > 0; u--) {
      const r = Math.floor(rng.uniform() * (u + 1));
      const t = orders[o + u]!;
      orders[o + u] = orders[o + r]!;
      orders[o + r] = t;
    }
  }
}

/** The shape of one instance's walks: P orders of U units, `steps` = U − 1 proper coalitions each way, B background rows. */
interface WalkShape {
  readonly P: number;
  readonly U: number;
  readonly steps: number;
  readonly B: number;
}

/** Writes x and then, per order, the coalitions going up and coming down, from model row `row`. */
function fillWalks(
  g: Game,
  x: Float64Array,
  xo: number,
  orders: Int32Array,
  oo: number,
  w: WalkShape,
  masks: Uint8Array,
  inputs: Float64Array,
  first: number,
): void {
  const d = g.d;
  let row = first;
  inputs.set(x.subarray(xo, xo + d), row * d);
  row++;
  for (let p = 0; p < w.P; p++) {
    const o = oo + p * w.U;
    masks.fill(0);
    // Up: after switching on the first k units (k = 1..U−1).
    for (let k = 0; k < w.steps; k++, row += w.B) {
      masks[orders[o + k]!] = 1;
      fillCoalition(g, x, xo, masks, 0, inputs, row * d);
    }
    masks.fill(1);
    // Down: after switching off the first k units (k = 1..U−1).
    for (let k = 0; k < w.steps; k++, row += w.B) {
      masks[orders[o + k]!] = 0;
      fillCoalition(g, x, xo, masks, 0, inputs, row * d);
    }
  }
}

/** Credits each unit with the change of v it causes along every walk of one instance (phi, summed over the 2P walks). */
function creditWalks(
  g: Game,
  probs: Float64Array,
  classes: number,
  t: number,
  vEmpty: number,
  orders: Int32Array,
  oo: number,
  w: WalkShape,
  first: number,
  phi: Float64Array,
): void {
  const { P, U, steps, B } = w;
  let row = first;
  const vFull = probs[row * classes + t]!;
  row++;
  phi.fill(0);
  for (let p = 0; p < P; p++) {
    const o = oo + p * U;
    let prev = vEmpty;
    for (let k = 0; k < U; k++) {
      const cur = k < steps ? coalitionValue(g, probs, row + k * B, classes, t) : vFull;
      phi[orders[o + k]!] = phi[orders[o + k]!]! + (cur - prev);
      prev = cur;
    }
    row += steps * B;
    prev = vFull;
    for (let k = 0; k < U; k++) {
      const cur = k < steps ? coalitionValue(g, probs, row + k * B, classes, t) : vEmpty;
      phi[orders[o + k]!] = phi[orders[o + k]!]! + (prev - cur);
      prev = cur;
    }
    row += steps * B;
  }
}

/** The explain step: per chunk of rows, draw the orders, fill every walk, one model call, credit the units. */
function explainPermutations(
  config: PermutationShapConfig,
  rows: Matrix | null,
  weights: Float64Array | null,
  seed: number,
  model: Model,
  x: Matrix,
  explainOptions: ExplainOptions | undefined,
): Matrix {
  const efn = 'permutationShapExplainer.explain';
  const b = prepareBatch(efn, model, x, explainOptions, config.batchRows);
  const { n, d } = b;
  const classes = b.model.classes;
  const g = createGame(efn, d, config.groups, rows, weights);
  const { U, B } = g;
  const P = config.permutations;
  const out = new Float64Array(n * d);
  if (n === 0) return { rows: 0, cols: d, data: out };
  // Per permutation: U − 1 proper coalitions going up, U − 1 coming down (full and empty
  // are v(N) = f(x) and v(∅), evaluated once).
  const walk: WalkShape = { P, U, steps: Math.max(0, U - 1), B };
  const R = 1 + 2 * P * walk.steps * B;
  const per = instancesPerChunk(R, config.batchRows);
  const cap = Math.min(per, n);
  const orders = new Int32Array(cap * P * U);
  const masks = new Uint8Array(U);
  const inputs = new Float64Array((B + cap * R) * d);
  const probs = new Float64Array((B + cap * R) * classes);
  const phi = new Float64Array(U);
  let emptyValues: Float64Array | null = null;
  for (let c0 = 0; c0 < n; c0 += per) {
    const c1 = Math.min(n, c0 + per);
    // v(∅) rows lead the first chunk's call only.
    const lead = emptyValues === null ? B : 0;
    if (lead > 0) inputs.set(g.bg.subarray(0, B * d), 0);
    for (let i = c0; i < c1; i++) {
      const oo = (i - c0) * P * U;
      drawOrders(substream(seed, b.keys[i]!, 'permshap'), orders, oo, P, U);
      fillWalks(g, b.x, i * d, orders, oo, walk, masks, inputs, lead + (i - c0) * R);
    }
    const rowsN = lead + (c1 - c0) * R;
    predictRows(b.model, { rows: rowsN, cols: d, data: inputs.subarray(0, rowsN * d) }, efn, config.batchRows, probs);
    if (emptyValues === null) {
      emptyValues = new Float64Array(classes);
      for (let k = 0; k < classes; k++) emptyValues[k] = coalitionValue(g, probs, 0, classes, k);
    }
    for (let i = c0; i < c1; i++) {
      const t = b.targets[i]!;
      creditWalks(g, probs, classes, t, emptyValues[t]!, orders, (i - c0) * P * U, walk, lead + (i - c0) * R, phi);
      const scale = 1 / (2 * P);
      for (let j = 0; j < d; j++) out[i * d + j] = phi[g.ids[j]!]! * scale;
    }
  }
  return { rows: n, cols: d, data: out };
}

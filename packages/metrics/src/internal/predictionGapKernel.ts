// PGI / PGU for all instances: every perturbed row of a block of instances x all k x all
// samples goes through ONE predictProba call; noise is drawn once per instance, keyed by
// the instance's content and the seed (never its position).
import { argmaxRows, argsort, assertMatrix, hashFloat64, row, substream } from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import type { Preset } from '../preset.js';
import { trapezoidMean } from './auc.js';
import { columnProgram, createColumnProgram, hotColumns, perturbRowWith } from './perturb.js';
import type { ColumnProgram, GroupMode, PerturbPlan } from './perturb.js';
import { orderByMagnitude } from './rank.js';

export type GapMode = 'PGI' | 'PGU';

/**
 * Fills instance i's S x d normals z (unit scale, multiplied by sigma) and uniforms u (null
 * when nothing flips) in place of the seeded draws: tests use it to replay hand-checkable
 * noise matrices.
 */
export type GapNoise = (instance: number, z: Float64Array, u: Float64Array | null) => void;

export interface GapSettings {
  readonly fn: string;
  readonly preset: Preset;
  readonly modes: readonly GapMode[];
  readonly K: number;
  readonly auc: boolean;
  readonly samples: number;
  readonly sigma: number;
  readonly flip: number;
  readonly seed: number;
  readonly maxRows: number;
  readonly noise?: GapNoise;
  /** Per-row output whose change is measured; null = the predicted class (argmax of the reference probabilities). */
  readonly targets: Int32Array | null;
  /** Feature units ranked and switched as one (null: every column its own unit). */
  readonly units: readonly (readonly number[])[] | null;
  /** Per-feature noise units (null: absolute). */
  readonly scale: Float64Array | null;
  /** Per-instance stream keys (null: each row's content hash). */
  readonly keys: Float64Array | null;
}

export interface GapOutput {
  readonly values: Record<GapMode, Float64Array | undefined>;
  readonly modelCalls: number;
  readonly modelRows: number;
}

/** Per-row target output and its reference value f_target(x), copied out of the model's buffer. */
function referenceOutputs(model: Model, x: Matrix, st: GapSettings): { target: Int32Array; ref: Float64Array } {
  const n = x.rows;
  // `model` is checked at the boundary: probabilities validated (or finite values for `output: 'value'`).
  const p0 = model.predictProba(x);
  const target = st.targets ?? argmaxRows(p0);
  // Keep the reference probabilities in our own buffer: a model may return the same output
  // buffer on every call (ONNX / WASM bindings do), so p0 is stale after the next call.
  const ref = new Float64Array(n);
  for (let i = 0; i < n; i++) ref[i] = p0.data[(p0.offset ?? 0) + i * (p0.stride ?? p0.cols) + target[i]!]!;
  return { target, ref };
}

/** Scratch of the attribution ranking: units (null: every column its own), their scores and order, each column's rank. */
interface Ranking {
  readonly units: readonly (readonly number[])[] | null;
  readonly unitOf: Int32Array;
  readonly abs: Float64Array;
  readonly order: Int32Array;
  readonly uScore: Float64Array;
  readonly uOrder: Int32Array;
  /** pos[j]: the rank (0 = most important) of column j's unit. */
  readonly pos: Int32Array;
}

function makeRanking(units: readonly (readonly number[])[] | null, d: number): Ranking {
  const U = units === null ? d : units.length;
  const unitOf = new Int32Array(d);
  if (units !== null)
    units.forEach((cols, k) => {
      for (const j of cols) unitOf[j] = k;
    });
  else for (let j = 0; j < d; j++) unitOf[j] = j;
  const abs = new Float64Array(d);
  const order = new Int32Array(d);
  const pos = new Int32Array(d);
  return { units, unitOf, abs, order, uScore: new Float64Array(U), uOrder: new Int32Array(U), pos };
}

/** Fills rk.pos from one row of attributions ranked by |attribution| (a unit by its summed |attribution|). */
function rankByAttribution(rk: Ranking, ei: Float64Array): void {
  const { units, pos } = rk;
  const d = pos.length;
  if (units === null) {
    orderByMagnitude(ei, rk.abs, rk.order);
    for (let p = 0; p < d; p++) pos[rk.order[p]!] = p;
    return;
  }
  // A unit's importance is its summed |attribution| (ties: the unit with the lower first column).
  const { unitOf, uScore, uOrder } = rk;
  uScore.fill(0);
  for (let j = 0; j < d; j++) {
    const k = unitOf[j]!;
    uScore[k] = uScore[k]! + Math.abs(ei[j]!);
  }
  argsort(uScore, true, uOrder);
  for (let p = 0; p < uScore.length; p++) {
    for (const j of units[uOrder[p]!]!) pos[j] = p;
  }
}

/** Instance i's S x d normals z and uniforms u: the test replay when given, else its seeded stream. */
function drawInstanceNoise(st: GapSettings, i: number, xi: Float64Array, z: Float64Array, u: Float64Array | null): void {
  if (st.noise !== undefined) {
    st.noise(i, z, u);
    return;
  }
  const rng = substream(st.seed, st.keys === null ? hashFloat64(xi) : st.keys[i]!, 'prediction-gap');
  rng.fork('normal').fillNormal(z);
  if (u !== null) rng.fork('uniform').fillUniform(u);
}

/** Per-instance scratch of the perturbation: noise, hot one-hot columns, the free-column mask. */
interface InstanceScratch {
  readonly z: Float64Array;
  readonly u: Float64Array | null;
  readonly hot: Int32Array;
  readonly free: Uint8Array;
  readonly prog: ColumnProgram;
}

/**
 * Writes instance i's M x K x S perturbed rows into buf from row r on (PGI perturbs the top-k
 * features and fixes the rest; PGU the reverse); returns the next free row.
 */
function writePerturbedRows(
  plan: PerturbPlan,
  st: GapSettings,
  xi: Float64Array,
  pos: Int32Array,
  w: InstanceScratch,
  groupMode: GroupMode,
  buf: Float64Array,
  r: number,
): number {
  const d = xi.length;
  for (let mi = 0; mi < st.modes.length; mi++) {
    const invert = st.modes[mi] === 'PGU';
    for (let k = 1; k <= st.K; k++) {
      for (let j = 0; j < d; j++) w.free[j] = pos[j]! < k !== invert ? 1 : 0;
      const prog = columnProgram(plan, w.free, st.sigma, st.scale, w.prog);
      for (let s = 0; s < st.samples; s++, r++) perturbRowWith(plan, prog, xi, w.hot, w.z, w.u, s, st.flip, w.free, groupMode, buf, r * d);
    }
  }
  return r;
}

/**
 * Scores instances [b0, b1) from the block's probabilities p: per mode and k, the mean
 * |p_target - reference| over the S samples, then the AUC over k (or the value at K).
 */
function scoreBlock(
  p: Matrix,
  b0: number,
  b1: number,
  target: Int32Array,
  ref: Float64Array,
  st: GapSettings,
  perK: Float64Array,
  values: Record<GapMode, Float64Array | undefined>,
): void {
  const S = st.samples;
  const K = st.K;
  let r = 0;
  for (let i = b0; i < b1; i++) {
    const c = target[i]!;
    const r0 = ref[i]!;
    for (let mi = 0; mi < st.modes.length; mi++) {
      for (let k = 0; k < K; k++) {
        let acc = 0;
        for (let s = 0; s < S; s++, r++) acc += Math.abs(p.data[(p.offset ?? 0) + r * (p.stride ?? p.cols) + c]! - r0);
        perK[k] = acc / S;
      }
      values[st.modes[mi]!]![i] = st.auc ? trapezoidMean(perK, K) : perK[K - 1]!;
    }
  }
}

export function predictionGapKernel(model: Model, x: Matrix, e: Matrix, plan: PerturbPlan, st: GapSettings): GapOutput {
  const n = x.rows;
  const d = x.cols;
  const classes = model.classes;
  const { target, ref } = referenceOutputs(model, x, st);
  const S = st.samples;
  const perInstance = st.modes.length * st.K * S;
  const block = Math.max(1, Math.min(n, Math.floor(st.maxRows / perInstance)));
  const buf = new Float64Array(block * perInstance * d);
  // handed to the model as `out`: a model that fills it allocates and copies nothing
  const probs = new Float64Array(block * perInstance * classes);
  const scratch: InstanceScratch = {
    z: new Float64Array(S * d),
    u: plan.anyDiscrete ? new Float64Array(S * d) : null,
    hot: new Int32Array(plan.groups.length),
    free: new Uint8Array(d),
    prog: createColumnProgram(d),
  };
  const ranking = makeRanking(st.units, d);
  const perK = new Float64Array(st.K);
  const groupMode: GroupMode = st.preset === 'openxai' ? 'code' : 'unit';
  const values: Record<GapMode, Float64Array | undefined> = { PGI: undefined, PGU: undefined };
  for (const m of st.modes) values[m] = new Float64Array(n);
  let modelCalls = 1;
  let modelRows = n;
  for (let b0 = 0; b0 < n; b0 += block) {
    const b1 = Math.min(n, b0 + block);
    let r = 0;
    for (let i = b0; i < b1; i++) {
      const xi = row(x, i);
      drawInstanceNoise(st, i, xi, scratch.z, scratch.u);
      hotColumns(plan, xi, scratch.hot);
      rankByAttribution(ranking, row(e, i));
      r = writePerturbedRows(plan, st, xi, ranking.pos, scratch, groupMode, buf, r);
    }
    const batch: Matrix = { rows: r, cols: d, data: buf.subarray(0, r * d) };
    const p = model.predictProba(batch, { rows: r, cols: classes, data: probs.subarray(0, r * classes) });
    assertMatrix(p, st.fn, 'model.predictProba(perturbed)', { rows: r, cols: classes });
    modelCalls++;
    modelRows += r;
    scoreBlock(p, b0, b1, target, ref, st, perK, values);
  }
  return { values, modelCalls, modelRows };
}

// The shared relative-stability block: ONE set of neighbours per instance and ONE batch of
// neighbour explanations per block of instances serve RIS, RRS and ROS together.
import { XaiError, argmaxRows, assertMatrix, assertProbabilities, hashFloat64, row, substream } from '@xai/core';
import type { Explainer, Matrix, Model } from '@xai/core';
import { pnorm, pnormDiff } from './norms.js';
import { hotColumns, perturbRow } from './perturb.js';
import type { PerturbPlan } from './perturb.js';

export type StabilityId = 'RIS' | 'RRS' | 'ROS';

/**
 * Fills instance i's m x d candidate normals z (unit scale) and uniforms u (null when
 * nothing flips) in place of the seeded draws: tests replay hand-checkable candidates.
 */
export type StabilityNoise = (instance: number, z: Float64Array, u: Float64Array | null) => void;

export interface StabilitySettings {
  readonly fn: string;
  readonly want: Readonly<Record<StabilityId, boolean>>;
  readonly seed: number;
  readonly sigma: number;
  readonly flip: number;
  readonly candidates: number;
  readonly neighbours: number;
  readonly p: number;
  readonly rosOutput: 'probability' | 'logit';
  readonly hiddenActivation: 'pre' | 'post';
  /** Neighbours reuse their anchor's key (common random numbers) instead of their own. */
  readonly common: boolean;
  /** Use input.attributions as the anchors' explanations instead of re-explaining them. */
  readonly given: Matrix | null;
  readonly explainerNoise: boolean;
  readonly blockSize: number;
  readonly keepNeighbours: boolean;
  /** Round each candidate to float32 before labelling, explaining and comparing it. */
  readonly float32: boolean;
  readonly noise?: StabilityNoise;
}

export interface StabilityRaw {
  readonly values: Record<StabilityId, Float64Array | null>;
  /** Per instance: how many neighbour ratios were undefined (zero/NaN denominator, zero ||e||). */
  readonly undefinedRatios: Record<StabilityId, Int32Array | null>;
  readonly neighbourCounts: Int32Array;
  readonly explainerNoise: Float64Array | null;
  readonly neighbourhood: { readonly x: Matrix; readonly owner: Int32Array } | null;
  readonly explainerCalls: number;
  readonly explainedRows: number;
  readonly modelCalls: number;
  readonly modelRows: number;
}

/** Salt of the alternative keys used to measure the explainer's own seed-to-seed variation. */
const NOISE_SALT = 0x5eed5eed;

/** ||a - a'|| / ||a||, NaN when ||a|| = 0 (as the released code's compute_Lp_norm_diff). */
function relative(diff: number, norm: number): number {
  return norm === 0 ? Number.NaN : diff / norm;
}

function start(m: Matrix, i: number): number {
  return (m.offset ?? 0) + i * (m.stride ?? m.cols);
}

/**
 * Copies the rows of `m` into `out` (contiguous). A model may hand back the same output
 * buffer on every call (ONNX / WASM bindings do), so whatever is read after a later model
 * or explainer call must live in a buffer we own.
 */
function own(m: Matrix, out: Float64Array): Matrix {
  const c = m.cols;
  for (let i = 0; i < m.rows; i++) {
    const o = start(m, i);
    out.set(m.data.subarray(o, o + c), i * c);
  }
  return { rows: m.rows, cols: c, data: out.subarray(0, m.rows * c) };
}

export function stabilityKernel(model: Model, explainer: Explainer, x: Matrix, plan: PerturbPlan, st: StabilitySettings): StabilityRaw {
  const n = x.rows;
  const d = x.cols;
  const classes = model.classes;
  const m = st.candidates;
  const N = st.neighbours;
  const useLogits = st.want.ROS && st.rosOutput === 'logit';
  if (useLogits && typeof model.logits !== 'function') {
    throw new XaiError('NOT_SUPPORTED', 'ROS on logits needs model.logits', { fn: st.fn, arg: 'input.model', value: 'logits' });
  }
  if (st.want.RRS && typeof model.hidden !== 'function') {
    throw new XaiError('NOT_SUPPORTED', 'RRS needs model.hidden (the first hidden layer)', { fn: st.fn, arg: 'input.model', value: 'hidden' });
  }
  // The model output the candidates are labelled with; argmax of logits = argmax of
  // probabilities, so with ROS on logits the neighbours' logits come for free.
  const forward = (a: Matrix): Matrix => (useLogits ? model.logits!(a) : model.predictProba(a));
  const out0Raw = forward(x);
  if (useLogits) assertMatrix(out0Raw, st.fn, 'model.logits(x)', { rows: n, cols: classes });
  else assertProbabilities(out0Raw, n, classes, st.fn);
  const out0 = own(out0Raw, new Float64Array(n * classes));
  const labels = argmaxRows(out0);
  let modelCalls = 1;
  let modelRows = n;
  let explainerCalls = 0;
  let explainedRows = 0;

  const values: Record<StabilityId, Float64Array | null> = { RIS: null, RRS: null, ROS: null };
  const undef: Record<StabilityId, Int32Array | null> = { RIS: null, RRS: null, ROS: null };
  for (const id of ['RIS', 'RRS', 'ROS'] as const) {
    if (st.want[id]) { values[id] = new Float64Array(n); undef[id] = new Int32Array(n); }
  }
  const neighbourCounts = new Int32Array(n);
  const noise = st.explainerNoise ? new Float64Array(n) : null;
  const keptX: number[] = [];
  const keptOwner: number[] = [];

  const block = Math.max(1, Math.min(n, st.blockSize));
  const cand = new Float64Array(block * m * d);
  const cOutBuf = new Float64Array(block * m * classes);
  let hBuf = new Float64Array(0);
  const z = new Float64Array(m * d);
  const u = plan.anyDiscrete ? new Float64Array(m * d) : null;
  const hot = new Int32Array(plan.groups.length);
  const picked = new Int32Array(block * N); // candidate row of each kept neighbour
  const owner = new Int32Array(block * N); // block-local anchor of each kept neighbour
  const first = new Int32Array(block + 1); // neighbours of anchor b are [first[b], first[b+1])
  const xeRowsMax = block * (N + 2);
  const xe = new Float64Array(xeRowsMax * d);
  const keys = new Float64Array(xeRowsMax);
  const targets = new Int32Array(xeRowsMax);
  const anchorKeys = new Float64Array(block);
  const best: Record<StabilityId, number> = { RIS: 0, RRS: 0, ROS: 0 };
  const seen: Record<StabilityId, boolean> = { RIS: false, RRS: false, ROS: false };

  for (let b0 = 0; b0 < n; b0 += block) {
    const B = Math.min(n, b0 + block) - b0;
    // 1. Candidates x + noise, keyed by the anchor's content and the seed.
    for (let b = 0; b < B; b++) {
      const xi = row(x, b0 + b);
      anchorKeys[b] = hashFloat64(xi);
      if (st.noise !== undefined) {
        st.noise(b0 + b, z, u);
      } else {
        const rng = substream(st.seed, anchorKeys[b]!, 'stability');
        rng.fork('normal').fillNormal(z);
        if (u !== null) rng.fork('uniform').fillUniform(u);
      }
      hotColumns(plan, xi, hot);
      for (let s = 0; s < m; s++) perturbRow(plan, xi, hot, z, u, s, st.sigma, st.flip, null, 'code', cand, (b * m + s) * d);
    }
    // The released code's candidates are float32 tensors: x' - x is quantised to float32's
    // ulp, which is ~1% of the 1e-5 noise, and the model and explainer see the rounded rows.
    if (st.float32) for (let j = 0; j < B * m * d; j++) cand[j] = Math.fround(cand[j]!);
    const candM: Matrix = { rows: B * m, cols: d, data: cand.subarray(0, B * m * d) };
    const cOutRaw = forward(candM);
    assertMatrix(cOutRaw, st.fn, useLogits ? 'model.logits(candidates)' : 'model.predictProba(candidates)', { rows: B * m, cols: classes });
    const cOut = own(cOutRaw, cOutBuf); // read again after the explainer (ROS)
    modelCalls++;
    modelRows += B * m;
    const cLabels = argmaxRows(cOut);
    // 2. Keep the first <= N candidates with the anchor's predicted label.
    let T = 0;
    for (let b = 0; b < B; b++) {
      first[b] = T;
      const want = labels[b0 + b]!;
      let cnt = 0;
      for (let s = 0; s < m && cnt < N; s++) {
        if (cLabels[b * m + s] === want) { picked[T] = b * m + s; owner[T] = b; T++; cnt++; }
      }
      neighbourCounts[b0 + b] = cnt;
    }
    first[B] = T;
    // 3. The rows to explain: [anchors | neighbours | anchors under other keys].
    let q = 0;
    for (let b = 0; b < B; b++, q++) {
      xe.set(row(x, b0 + b), q * d);
      keys[q] = anchorKeys[b]!;
      targets[q] = labels[b0 + b]!;
    }
    for (let t = 0; t < T; t++, q++) {
      const src = picked[t]! * d;
      xe.set(cand.subarray(src, src + d), q * d);
      keys[q] = st.common ? anchorKeys[owner[t]!]! : hashFloat64(xe.subarray(q * d, q * d + d));
      targets[q] = labels[b0 + owner[t]!]!;
    }
    if (noise !== null) {
      for (let b = 0; b < B; b++, q++) {
        xe.set(row(x, b0 + b), q * d);
        keys[q] = hashFloat64(row(x, b0 + b), NOISE_SALT);
        targets[q] = labels[b0 + b]!;
      }
    }
    // 4. Hidden representations of anchors and neighbours in one call, before the explainer
    // (which may call the model and overwrite a reused output buffer: H is copied).
    let H: Matrix | null = null;
    if (st.want.RRS) {
      const h = model.hidden!({ rows: B + T, cols: d, data: xe.subarray(0, (B + T) * d) }, { activation: st.hiddenActivation });
      assertMatrix(h, st.fn, 'model.hidden', { rows: B + T });
      if (hBuf.length < h.rows * h.cols) hBuf = new Float64Array(xeRowsMax * h.cols);
      H = own(h, hBuf);
      modelCalls++;
      modelRows += B + T;
    }
    // 5. One explainer call: the last call of the block, so its output is read as returned.
    const eFrom = st.given !== null ? B : 0; // anchors already explained: skip them
    const eRows = q - eFrom;
    const E = explainer.explain(model, { rows: eRows, cols: d, data: xe.subarray(eFrom * d, q * d) }, {
      targets: targets.subarray(eFrom, q),
      keys: keys.subarray(eFrom, q),
    });
    assertMatrix(E, st.fn, `explainer(${explainer.id}).explain`, { rows: eRows, cols: d });
    explainerCalls++;
    explainedRows += eRows;
    // 6. Ratios of relative changes; the score is the maximum defined ratio.
    for (let b = 0; b < B; b++) {
      const i = b0 + b;
      const eA = st.given !== null ? st.given.data : E.data;
      const eAo = st.given !== null ? start(st.given, i) : start(E, b);
      const eNorm = pnorm(eA, eAo, d, st.p);
      const xNorm = pnorm(x.data, start(x, i), d, st.p);
      const oNorm = pnorm(out0.data, start(out0, i), classes, st.p);
      const hNorm = H !== null ? pnorm(H.data, start(H, b), H.cols, st.p) : 0;
      for (const id of ['RIS', 'RRS', 'ROS'] as const) { best[id] = 0; seen[id] = false; }
      for (let t = first[b]!; t < first[b + 1]!; t++) {
        const qe = B + t; // row of this neighbour in xe
        const num = relative(pnormDiff(eA, eAo, E.data, start(E, qe - eFrom), d, st.p), eNorm);
        if (st.want.RIS) consider('RIS', i, num, relative(pnormDiff(x.data, start(x, i), xe, qe * d, d, st.p), xNorm));
        if (st.want.ROS) consider('ROS', i, num, relative(pnormDiff(out0.data, start(out0, i), cOut.data, start(cOut, picked[t]!), classes, st.p), oNorm));
        if (H !== null) consider('RRS', i, num, relative(pnormDiff(H.data, start(H, b), H.data, start(H, qe), H.cols, st.p), hNorm));
      }
      for (const id of ['RIS', 'RRS', 'ROS'] as const) {
        if (st.want[id]) values[id]![i] = seen[id] ? best[id] : Number.NaN;
      }
      if (noise !== null) {
        const qn = B + T + b;
        noise[i] = relative(pnormDiff(eA, eAo, E.data, start(E, qn - eFrom), d, st.p), eNorm);
      }
    }
    if (st.keepNeighbours) {
      for (let t = 0; t < T; t++) {
        const src = picked[t]! * d;
        for (let j = 0; j < d; j++) keptX.push(cand[src + j]!);
        keptOwner.push(b0 + owner[t]!);
      }
    }
  }

  function consider(id: StabilityId, i: number, num: number, den: number): void {
    // As the released code: skip a ratio whose numerator is NaN or denominator is 0 / NaN
    // (here also counted per instance, never silently).
    if (Number.isNaN(num) || !(den > 0)) { undef[id]![i] += 1; return; }
    const r = num / den;
    if (!seen[id] || r > best[id]) best[id] = r;
    seen[id] = true;
  }

  return {
    values,
    undefinedRatios: undef,
    neighbourCounts,
    explainerNoise: noise,
    neighbourhood: st.keepNeighbours
      ? { x: { rows: keptOwner.length, cols: d, data: Float64Array.from(keptX) }, owner: Int32Array.from(keptOwner) }
      : null,
    explainerCalls,
    explainedRows,
    modelCalls,
    modelRows,
  };
}

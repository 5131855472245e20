// The shared relative-stability block: ONE set of neighbours per instance and ONE batch of
// neighbour explanations per block of instances serve RIS, RRS and ROS together.
import { XaiError, argmaxRows, assertMatrix, hashFloat64, row, substream } from '@xai/core';
import type { Explainer, Matrix, Model, Rng } from '@xai/core';
import { scaledPnorm, scaledPnormDiff } from './featureScale.js';
import { pnorm, pnormDiff } from './norms.js';
import { columnProgram, createColumnProgram, hotColumns, perturbRowWith } from './perturb.js';
import type { ColumnProgram, PerturbPlan } from './perturb.js';

// id-list: the kernel's own three outputs (one pass computes all of them)
export const STABILITY_IDS = ['RIS', 'RRS', 'ROS'] as const;
export type StabilityId = (typeof STABILITY_IDS)[number];

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
  readonly rosOutput: 'probability' | 'logit' | 'value';
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
  /** Explained class / output per instance; null = the predicted label. */
  readonly targets: Int32Array | null;
  /** Value (regression) model: every candidate is a neighbour; ROS on the outputs. */
  readonly valueModel: boolean;
  /**
   * 'released*': position-keyed explanations, one call per anchor and one per neighbour set;
   * candidates keyed by the instance index ('released') or one stream for all ('released-fixed-candidates').
   */
  readonly seeding: 'content' | 'released' | 'released-fixed-candidates';
  /** First-round candidates per instance (early exit in rounds). */
  readonly chunk: number;
  /** Per-feature units of the candidates' noise and of RIS's input distances (null: absolute). */
  readonly scale: Float64Array | null;
  /** Per-instance stream keys in place of the anchors' content hashes (content seeding only; null: hashes). */
  readonly keys: Float64Array | null;
}

export interface StabilityRaw {
  readonly values: Record<StabilityId, Float64Array | null>;
  /** Per instance: how many neighbour ratios were undefined (zero/NaN denominator, zero ||e||). */
  readonly undefinedRatios: Record<StabilityId, Int32Array | null>;
  readonly neighbourCounts: Int32Array;
  readonly candidatesDrawn: Int32Array;
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
  if ((m.stride ?? c) === c) {
    // Contiguous rows: one copy (no view per row).
    const o = m.offset ?? 0;
    out.set(m.data.subarray(o, o + m.rows * c));
    return { rows: m.rows, cols: c, data: out.subarray(0, m.rows * c) };
  }
  for (let i = 0; i < m.rows; i++) {
    const o = start(m, i);
    out.set(m.data.subarray(o, o + c), i * c);
  }
  return { rows: m.rows, cols: c, data: out.subarray(0, m.rows * c) };
}

/** What the kernel reads about the run: the model's output space and the counts it reports. */
interface Run {
  readonly model: Model;
  readonly explainer: Explainer;
  readonly x: Matrix;
  readonly plan: PerturbPlan;
  readonly st: StabilitySettings;
  readonly n: number;
  readonly d: number;
  readonly classes: number;
  readonly released: boolean;
  readonly forward: (a: Matrix) => Matrix;
  /** Model outputs of the anchors (labels come from them; ROS compares with them). */
  readonly out0: Matrix;
  readonly labels: Int32Array;
  /** Explained class / output per anchor. */
  readonly explained: Int32Array;
  modelCalls: number;
  modelRows: number;
  explainerCalls: number;
  explainedRows: number;
}

/** Buffers allocated once for a block of anchors and reused for every block, round and neighbour. */
interface Workspace {
  readonly block: number;
  readonly cand: Float64Array;
  readonly cOutBuf: Float64Array;
  /** Kept neighbours, anchor-major (anchor b owns rows [b·N, b·N + cnt[b])). */
  readonly nb: Float64Array;
  /** Their model outputs (ROS). */
  readonly nbOut: Float64Array;
  hBuf: Float64Array;
  readonly zAll: Float64Array;
  readonly uAll: Float64Array | null;
  readonly hotAll: Int32Array;
  /** Every column free: the one column program of the neighbours' perturbation. */
  readonly prog: ColumnProgram;
  /** Block-local anchor of each kept neighbour. */
  readonly owner: Int32Array;
  /** Neighbours of anchor b are [first[b], first[b+1]). */
  readonly first: Int32Array;
  readonly cnt: Int32Array;
  readonly drawn: Int32Array;
  readonly chunkOf: Int32Array;
  /** First candidate row of anchor b in this round. */
  readonly rowOf: Int32Array;
  readonly normals: (Rng | null)[];
  readonly uniforms: (Rng | null)[];
  readonly xeRowsMax: number;
  /** Rows to explain: [anchors | neighbours | anchors under other keys]. */
  readonly xe: Float64Array;
  readonly keys: Float64Array;
  /**
   * `ExplainOptions.batchPositions` of each row: 0 for an anchor, a neighbour's index among its
   * anchor's kept neighbours (the released loop's one reseeded call per anchor), never its place
   * in this block's call, so an explainer that draws by position gives every row the same draws
   * whatever the block size.
   */
  readonly positions: Float64Array;
  readonly targets: Int32Array;
  readonly anchorKeys: Float64Array;
  readonly keyRow: Float64Array;
}

/** Per-instance outputs of the kernel. */
interface Outputs {
  readonly values: Record<StabilityId, Float64Array | null>;
  readonly undef: Record<StabilityId, Int32Array | null>;
  readonly neighbourCounts: Int32Array;
  readonly candidatesDrawn: Int32Array;
  readonly noise: Float64Array | null;
  readonly keptX: number[];
  readonly keptOwner: number[];
}

export function stabilityKernel(model: Model, explainer: Explainer, x: Matrix, plan: PerturbPlan, st: StabilitySettings): StabilityRaw {
  const run = startRun(model, explainer, x, plan, st);
  const out = allocateOutputs(run);
  const ws = allocateWorkspace(run);
  for (let b0 = 0; b0 < run.n; b0 += ws.block) {
    const B = Math.min(run.n, b0 + ws.block) - b0;
    seedCandidates(run, ws, b0, B);
    drawNeighbours(run, ws, b0, B);
    const T = collectNeighbours(ws, out, b0, B);
    const q = layoutExplainRows(run, ws, out, b0, B, T);
    const H = hiddenOf(run, ws, B, T);
    const E = explainBlock(run, ws, B, T, q);
    scoreBlock(run, ws, out, b0, B, T, E, H);
    if (st.keepNeighbours) keepNeighbours(run, ws, out, b0, T);
  }
  return {
    values: out.values,
    undefinedRatios: out.undef,
    neighbourCounts: out.neighbourCounts,
    candidatesDrawn: out.candidatesDrawn,
    explainerNoise: out.noise,
    neighbourhood: st.keepNeighbours
      ? { x: { rows: out.keptOwner.length, cols: run.d, data: Float64Array.from(out.keptX) }, owner: Int32Array.from(out.keptOwner) }
      : null,
    explainerCalls: run.explainerCalls,
    explainedRows: run.explainedRows,
    modelCalls: run.modelCalls,
    modelRows: run.modelRows,
  };
}

/** Checks what the wanted metrics need of the model, then labels the anchors (one model call). */
function startRun(model: Model, explainer: Explainer, x: Matrix, plan: PerturbPlan, st: StabilitySettings): Run {
  const n = x.rows;
  const classes = model.classes;
  const useLogits = !st.valueModel && st.want.ROS && st.rosOutput === 'logit';
  if (useLogits && typeof model.logits !== 'function') {
    throw new XaiError('NOT_SUPPORTED', 'ROS on logits needs model.logits', { fn: st.fn, arg: 'input.model', value: 'logits' });
  }
  if (st.want.RRS && typeof model.hidden !== 'function') {
    throw new XaiError('NOT_SUPPORTED', 'RRS needs model.hidden (the first hidden layer)', {
      fn: st.fn,
      arg: 'input.model',
      value: 'hidden',
    });
  }
  // The model output the candidates are labelled with; argmax of logits = argmax of
  // probabilities, so with ROS on logits the neighbours' logits come for free. `model` is
  // checked at the boundary (Float64 outputs of the right shape, probabilities validated).
  const forward = (a: Matrix): Matrix => (useLogits ? model.logits!(a) : model.predictProba(a));
  const out0 = own(forward(x), new Float64Array(n * classes));
  const labels = argmaxRows(out0);
  return {
    model,
    explainer,
    x,
    plan,
    st,
    n,
    d: x.cols,
    classes,
    released: st.seeding !== 'content',
    forward,
    out0,
    labels,
    explained: st.targets ?? labels,
    modelCalls: 1,
    modelRows: n,
    explainerCalls: 0,
    explainedRows: 0,
  };
}

function allocateOutputs(run: Run): Outputs {
  const values: Record<StabilityId, Float64Array | null> = { RIS: null, RRS: null, ROS: null };
  const undef: Record<StabilityId, Int32Array | null> = { RIS: null, RRS: null, ROS: null };
  for (const id of STABILITY_IDS) {
    if (run.st.want[id]) {
      values[id] = new Float64Array(run.n);
      undef[id] = new Int32Array(run.n);
    }
  }
  return {
    values,
    undef,
    neighbourCounts: new Int32Array(run.n),
    candidatesDrawn: new Int32Array(run.n),
    noise: run.st.explainerNoise ? new Float64Array(run.n) : null,
    keptX: [],
    keptOwner: [],
  };
}

function allocateWorkspace(run: Run): Workspace {
  const { st, n, d, classes, plan } = run;
  const m = st.candidates;
  const N = st.neighbours;
  // Released seeding explains one instance at a time (anchor alone, then its neighbours).
  const block = run.released ? 1 : Math.max(1, Math.min(n, st.blockSize));
  const xeRowsMax = block * (N + 2);
  return {
    block,
    cand: new Float64Array(block * m * d),
    cOutBuf: new Float64Array(block * m * classes),
    nb: new Float64Array(block * N * d),
    nbOut: new Float64Array(block * N * classes),
    hBuf: new Float64Array(0),
    zAll: new Float64Array(block * m * d),
    uAll: plan.anyDiscrete ? new Float64Array(block * m * d) : null,
    hotAll: new Int32Array(block * plan.groups.length),
    prog: columnProgram(plan, null, st.sigma, st.scale, createColumnProgram(d)),
    owner: new Int32Array(block * N),
    first: new Int32Array(block + 1),
    cnt: new Int32Array(block),
    drawn: new Int32Array(block),
    chunkOf: new Int32Array(block),
    rowOf: new Int32Array(block),
    normals: new Array<Rng | null>(block).fill(null),
    uniforms: new Array<Rng | null>(block).fill(null),
    xeRowsMax,
    xe: new Float64Array(xeRowsMax * d),
    keys: new Float64Array(xeRowsMax),
    positions: new Float64Array(xeRowsMax),
    targets: new Int32Array(xeRowsMax),
    anchorKeys: new Float64Array(block),
    keyRow: new Float64Array(d),
  };
}

/**
 * Step 1a: each anchor's candidate streams, keyed by its content and the seed (released seeding:
 * by its index), and its one-hot groups' hot columns.
 */
function seedCandidates(run: Run, ws: Workspace, b0: number, B: number): void {
  const { st, x, plan, d } = run;
  const m = st.candidates;
  const { zAll, uAll, anchorKeys } = ws;
  for (let b = 0; b < B; b++) {
    const xi = row(x, b0 + b);
    anchorKeys[b] = st.keys === null ? hashFloat64(xi) : st.keys[b0 + b]!;
    ws.cnt[b] = 0;
    ws.drawn[b] = 0;
    ws.chunkOf[b] = Math.min(m, st.chunk);
    if (st.noise !== undefined) {
      // Test hook: the whole m x d noise of the instance at once.
      st.noise(b0 + b, zAll.subarray(b * m * d, (b + 1) * m * d), uAll === null ? null : uAll.subarray(b * m * d, (b + 1) * m * d));
    } else {
      const rng =
        st.seeding === 'released-fixed-candidates'
          ? substream(st.seed, 'stability-released-fixed')
          : st.seeding === 'released'
            ? substream(st.seed, b0 + b, 'stability-released')
            : substream(st.seed, anchorKeys[b]!, 'stability');
      ws.normals[b] = rng.fork('normal');
      ws.uniforms[b] = uAll !== null ? rng.fork('uniform') : null;
    }
    hotColumns(plan, xi, ws.hotAll.subarray(b * plan.groups.length, (b + 1) * plan.groups.length));
  }
}

/**
 * Steps 1b-2: candidates x + noise in rounds, one model call per round, keeping the first <= N
 * with the anchor's predicted label (a value model: all) and stopping once N are kept. The
 * streams are drawn in order, so the kept neighbours are the same whatever the chunking.
 */
function drawNeighbours(run: Run, ws: Workspace, b0: number, B: number): void {
  const { st, d, classes } = run;
  const m = st.candidates;
  const N = st.neighbours;
  const { cand, cnt, drawn, chunkOf, rowOf } = ws;
  for (;;) {
    const R = drawRound(run, ws, b0, B);
    if (R === 0) break;
    // The released code's candidates are float32 tensors: x' - x is quantised to float32's
    // ulp, which is ~1% of the 1e-5 noise, and the model and explainer see the rounded rows.
    if (st.float32) for (let j = 0; j < R * d; j++) cand[j] = Math.fround(cand[j]!);
    const cOut = own(run.forward({ rows: R, cols: d, data: cand.subarray(0, R * d) }), ws.cOutBuf);
    run.modelCalls++;
    run.modelRows += R;
    for (let b = 0; b < B; b++) {
      const c = chunkOf[b]!;
      if (c === 0) continue;
      const want = run.labels[b0 + b]!;
      let s = 0;
      for (; s < c && cnt[b]! < N; s++) {
        const r = rowOf[b]! + s;
        if (!st.valueModel && argmaxAt(cOut.data, r * classes, classes) !== want) continue;
        const t = b * N + cnt[b]!;
        copy(cand, r * d, ws.nb, t * d, d);
        copy(cOut.data, r * classes, ws.nbOut, t * classes, classes);
        cnt[b] = cnt[b]! + 1;
      }
      drawn[b] = drawn[b]! + c;
      // Next round: what is still needed at the acceptance rate seen so far (>= 10%), with margin.
      const need = N - cnt[b]!;
      const rate = Math.max(0.1, cnt[b]! / drawn[b]!);
      chunkOf[b] = Math.min(m - drawn[b]!, Math.max(16, Math.ceil((1.25 * need) / rate)));
    }
  }
}

/** One round's candidates of every anchor still short of neighbours into `ws.cand`; returns their row count. */
function drawRound(run: Run, ws: Workspace, b0: number, B: number): number {
  const { st, x, plan, d } = run;
  const m = st.candidates;
  const N = st.neighbours;
  const { zAll, uAll, cnt, drawn, chunkOf, rowOf } = ws;
  let R = 0;
  for (let b = 0; b < B; b++) {
    rowOf[b] = R;
    if (cnt[b]! >= N || drawn[b]! >= m) {
      chunkOf[b] = 0;
      continue;
    }
    const c = chunkOf[b]!;
    const z0 = (b * m + drawn[b]!) * d;
    if (st.noise === undefined) {
      ws.normals[b]!.fillNormal(zAll, 0, 1, z0, z0 + c * d);
      if (uAll !== null) ws.uniforms[b]!.fillUniform(uAll, z0, z0 + c * d);
    }
    const xi = row(x, b0 + b);
    const hot = ws.hotAll.subarray(b * plan.groups.length, (b + 1) * plan.groups.length);
    // perturbRowWith reads sample s of (z, u) at s * d: point it at this instance's slab.
    const zb = zAll.subarray(b * m * d, (b + 1) * m * d);
    const ub = uAll === null ? null : uAll.subarray(b * m * d, (b + 1) * m * d);
    for (let s = 0; s < c; s++) perturbRowWith(plan, ws.prog, xi, hot, zb, ub, drawn[b]! + s, st.flip, null, 'code', ws.cand, (R + s) * d);
    R += c;
  }
  return R;
}

/** Records each anchor's kept count and owner table; returns the block's neighbour count T. */
function collectNeighbours(ws: Workspace, out: Outputs, b0: number, B: number): number {
  let T = 0;
  for (let b = 0; b < B; b++) {
    ws.first[b] = T;
    for (let k = 0; k < ws.cnt[b]!; k++, T++) ws.owner[T] = b;
    out.neighbourCounts[b0 + b] = ws.cnt[b]!;
    out.candidatesDrawn[b0 + b] = ws.drawn[b]!;
  }
  ws.first[B] = T;
  return T;
}

/** Row in `ws.nb` of the t-th kept neighbour of the block. */
function nbRow(ws: Workspace, N: number, t: number): number {
  const o = ws.owner[t]!;
  return o * N + (t - ws.first[o]!);
}

/** Step 3: the rows to explain, [anchors | neighbours | anchors under other keys], with keys and targets; returns their count. */
function layoutExplainRows(run: Run, ws: Workspace, out: Outputs, b0: number, B: number, T: number): number {
  const { st, x, d, released, explained } = run;
  const N = st.neighbours;
  const { xe, keys, positions, targets, anchorKeys } = ws;
  let q = 0;
  for (let b = 0; b < B; b++, q++) {
    xe.set(row(x, b0 + b), q * d);
    keys[q] = released ? 0 : anchorKeys[b]!;
    positions[q] = 0;
    targets[q] = explained[b0 + b]!;
  }
  for (let t = 0; t < T; t++, q++) {
    copy(ws.nb, nbRow(ws, N, t) * d, xe, q * d, d);
    const pos = t - ws.first[ws.owner[t]!]!;
    positions[q] = pos;
    if (released) keys[q] = pos;
    else if (st.common) keys[q] = anchorKeys[ws.owner[t]!]!;
    else {
      copy(ws.nb, nbRow(ws, N, t) * d, ws.keyRow, 0, d);
      keys[q] = hashFloat64(ws.keyRow);
    } // own content key
    targets[q] = explained[b0 + ws.owner[t]!]!;
  }
  if (out.noise !== null) {
    for (let b = 0; b < B; b++, q++) {
      xe.set(row(x, b0 + b), q * d);
      positions[q] = 0;
      keys[q] = st.keys === null ? hashFloat64(row(x, b0 + b), NOISE_SALT) : hashFloat64(Float64Array.of(st.keys[b0 + b]!), NOISE_SALT);
      targets[q] = explained[b0 + b]!;
    }
  }
  return q;
}

/**
 * Step 4: hidden representations of anchors and neighbours in one call, before the explainer
 * (which may call the model and overwrite a reused output buffer: H is copied).
 */
function hiddenOf(run: Run, ws: Workspace, B: number, T: number): Matrix | null {
  const { st, d } = run;
  if (!st.want.RRS) return null;
  const h = run.model.hidden!({ rows: B + T, cols: d, data: ws.xe.subarray(0, (B + T) * d) }, { activation: st.hiddenActivation });
  assertMatrix(h, st.fn, 'model.hidden', { rows: B + T });
  if (ws.hBuf.length < h.rows * h.cols) ws.hBuf = new Float64Array(ws.xeRowsMax * h.cols);
  run.modelCalls++;
  run.modelRows += B + T;
  return own(h, ws.hBuf);
}

/**
 * Step 5: explanations. Content seeding: ONE call for the block (the last call of the block, so
 * its output is read as returned). Released seeding: the anchor alone, then its neighbours.
 */
function explainBlock(run: Run, ws: Workspace, B: number, T: number, q: number): Matrix {
  const { st, d, model, explainer } = run;
  const eFrom = st.given !== null ? B : 0; // anchors already explained: skip them
  if (run.released) {
    const E = explainReleased(model, explainer, ws, eFrom, q, B, d, st.fn);
    run.explainerCalls += (eFrom === 0 ? 1 : 0) + (T > 0 ? 1 : 0);
    run.explainedRows += q - eFrom;
    return E;
  }
  const eRows = q - eFrom;
  const E = explainer.explain(
    model,
    { rows: eRows, cols: d, data: ws.xe.subarray(eFrom * d, q * d) },
    {
      targets: ws.targets.subarray(eFrom, q),
      keys: ws.keys.subarray(eFrom, q),
      batchPositions: ws.positions.subarray(eFrom, q),
    },
  );
  assertMatrix(E, st.fn, `explainer(${explainer.id}).explain`, { rows: eRows, cols: d });
  run.explainerCalls++;
  run.explainedRows += eRows;
  return E;
}

/**
 * The row at `a[o..o+d)` as it is when it holds no NaN; else copied into `buf` with each NaN set
 * to 0, so a missing cell adds nothing to a norm or a difference (a neighbour keeps its anchor's
 * missing cells missing, so both hold NaN at the same places).
 */
function observedRow(a: Float64Array, o: number, d: number, buf: Float64Array): [Float64Array, number] {
  let any = false;
  for (let j = 0; j < d && !any; j++) any = Number.isNaN(a[o + j]!);
  if (!any) return [a, o];
  for (let j = 0; j < d; j++) buf[j] = Number.isNaN(a[o + j]!) ? 0 : a[o + j]!;
  return [buf, 0];
}

/** Step 6: ratios of relative changes per anchor; the score is the maximum defined ratio. */
function scoreBlock(run: Run, ws: Workspace, out: Outputs, b0: number, B: number, T: number, E: Matrix, H: Matrix | null): void {
  const { st, x, d, classes, out0 } = run;
  const N = st.neighbours;
  const eFrom = st.given !== null ? B : 0;
  const xe = ws.xe;
  const best: Record<StabilityId, number> = { RIS: 0, RRS: 0, ROS: 0 };
  const anchorBuf = new Float64Array(d);
  const neighbourBuf = new Float64Array(d);
  const seen: Record<StabilityId, boolean> = { RIS: false, RRS: false, ROS: false };
  const consider = (id: StabilityId, i: number, num: number, den: number): void => {
    // As the released code: skip a ratio whose numerator is NaN or denominator is 0 / NaN
    // (here also counted per instance, never silently).
    if (Number.isNaN(num) || !(den > 0)) {
      const u = out.undef[id]!;
      u[i] = u[i]! + 1;
      return;
    }
    const r = num / den;
    if (!seen[id] || r > best[id]) best[id] = r;
    seen[id] = true;
  };
  for (let b = 0; b < B; b++) {
    const i = b0 + b;
    const eA = st.given !== null ? st.given.data : E.data;
    const eAo = st.given !== null ? start(st.given, i) : start(E, b);
    const eNorm = pnorm(eA, eAo, d, st.p);
    const sc = st.scale;
    // A tree model's missing cell (NaN) stays missing in every neighbour: RIS reads the observed cells.
    const [xa, xo] = observedRow(x.data, start(x, i), d, anchorBuf);
    // Scaled: RIS measures the input's relative change on x / s.
    const xNorm = sc === null ? pnorm(xa, xo, d, st.p) : scaledPnorm(xa, xo, d, st.p, sc);
    const oNorm = pnorm(out0.data, start(out0, i), classes, st.p);
    const hNorm = H !== null ? pnorm(H.data, start(H, b), H.cols, st.p) : 0;
    for (const id of STABILITY_IDS) {
      best[id] = 0;
      seen[id] = false;
    }
    for (let t = ws.first[b]!; t < ws.first[b + 1]!; t++) {
      const qe = B + t; // row of this neighbour in xe
      const num = relative(pnormDiff(eA, eAo, E.data, start(E, qe - eFrom), d, st.p), eNorm);
      if (st.want.RIS) {
        const [xn, no] = observedRow(xe, qe * d, d, neighbourBuf);
        const dx = sc === null ? pnormDiff(xa, xo, xn, no, d, st.p) : scaledPnormDiff(xa, xo, xn, no, d, st.p, sc);
        consider('RIS', i, num, relative(dx, xNorm));
      }
      if (st.want.ROS)
        consider('ROS', i, num, relative(pnormDiff(out0.data, start(out0, i), ws.nbOut, nbRow(ws, N, t) * classes, classes, st.p), oNorm));
      if (H !== null) consider('RRS', i, num, relative(pnormDiff(H.data, start(H, b), H.data, start(H, qe), H.cols, st.p), hNorm));
    }
    for (const id of STABILITY_IDS) {
      if (st.want[id]) out.values[id]![i] = seen[id] ? best[id] : Number.NaN;
    }
    if (out.noise !== null) {
      const qn = B + T + b;
      out.noise[i] = relative(pnormDiff(eA, eAo, E.data, start(E, qn - eFrom), d, st.p), eNorm);
    }
  }
}

/** The block's kept neighbours and their owners, for `diagnostics.neighbourhood`. */
function keepNeighbours(run: Run, ws: Workspace, out: Outputs, b0: number, T: number): void {
  const { d } = run;
  for (let t = 0; t < T; t++) {
    const src = nbRow(ws, run.st.neighbours, t) * d;
    for (let j = 0; j < d; j++) out.keptX.push(ws.nb[src + j]!);
    out.keptOwner.push(b0 + ws.owner[t]!);
  }
}

/** Copies `len` values from a[ao..] to b[bo..] (no subarray view per neighbour). */
function copy(a: Float64Array, ao: number, b: Float64Array, bo: number, len: number): void {
  for (let j = 0; j < len; j++) b[bo + j] = a[ao + j]!;
}

/** argmax over `c` values from `o` (first maximum, as argmaxRows). */
function argmaxAt(data: Float64Array, o: number, c: number): number {
  let k = 0;
  let v = data[o]!;
  for (let j = 1; j < c; j++)
    if (data[o + j]! > v) {
      v = data[o + j]!;
      k = j;
    }
  return k;
}

/**
 * The released loop's explainer calls for ONE instance (block of 1): the anchor alone
 * (rows [0, 1) of xe, unless given), then all its neighbours in one call (rows [1, q)),
 * with keys = batch positions. Returns the explanations of rows [eFrom, q) contiguously.
 */
function explainReleased(
  model: Model,
  explainer: Explainer,
  ws: Workspace,
  eFrom: number,
  q: number,
  B: number,
  d: number,
  fn: string,
): Matrix {
  const out = new Float64Array((q - eFrom) * d);
  const call = (from: number, to: number): void => {
    if (to <= from) return;
    const E = explainer.explain(
      model,
      { rows: to - from, cols: d, data: ws.xe.subarray(from * d, to * d) },
      { targets: ws.targets.subarray(from, to), keys: ws.keys.subarray(from, to), batchPositions: ws.positions.subarray(from, to) },
    );
    assertMatrix(E, fn, `explainer(${explainer.id}).explain`, { rows: to - from, cols: d });
    for (let r = 0; r < to - from; r++) {
      const o = start(E, r);
      out.set(E.data.subarray(o, o + d), (from - eFrom + r) * d);
    }
  };
  if (eFrom === 0) call(0, B);
  call(B, q);
  return { rows: q - eFrom, cols: d, data: out };
}

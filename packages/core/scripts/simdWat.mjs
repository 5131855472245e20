// WAT text of the SIMD kernels (compiled by build-simd.mjs). One generator for f64 (f64x2)
// and f32 (f32x4): every output element is one accumulator that starts at 0 and adds
// A[i][p]·B[p][j] for p = 0, 1, … in order, exactly as the scalar JS kernels sum, so the
// results are the same bits. Lanes run across output columns j, never across p.

import { geluFunction } from './geluWat.mjs';
import { layerNormBackFunction, layerNormFunction } from './layerNormWat.mjs';

/** Element type facts: scalar type, SIMD shape, bytes per element, log2 of that. */
const TYPES = {
  f64: { t: 'f64', v: 'f64x2', bytes: 8, shift: 3, lanes: 2 },
  f32: { t: 'f32', v: 'f32x4', bytes: 4, shift: 2, lanes: 4 },
};

/**
 * Dense kernel tiles, one phase per column range: the wide columns in 2-row tiles of 4
 * vectors, the leftover vectors and scalar columns in 6-row tiles, so a narrow output (the
 * 2-class layer) still keeps 6 independent sums in flight instead of waiting on one. V8
 * keeps about a dozen v128 values in registers: tiles with more live values than that spill
 * and run slower (measured in perf/simd-kernels.md; 8-row narrow tiles ran 1.2-1.6x slower).
 */
const DENSE_PHASES = [
  { vecs: 4, rows: 2 },
  { vecs: 1, rows: 6 },
  { pairCols: true, rows: 8 },
  { vecs: 0, rows: 6 },
];

/**
 * Sparse kernel tiles (one row each, its non-zero A entries listed once): widest first. Seven
 * vectors is the widest tile V8 keeps in registers: 8-vector tiles ran 1.7x slower.
 */
const SPARSE_VECS = [7, 4, 2, 1, 0];

const lines = (...parts) => parts.flat(Number.POSITIVE_INFINITY).join('\n');

/** Locals a function body asked for, declared once in its header. */
class Locals {
  constructor() {
    this.types = new Map();
  }
  /** Registers `name` with `type` and returns `$name`. */
  use(name, type) {
    this.types.set(name, type.includes('x') ? 'v128' : type);
    return `$${name}`;
  }
  declare() {
    return [...this.types].map(([n, t]) => `(local $${n} ${t})`).join(' ');
  }
}

/** Columns one tile covers. */
const tileCols = (T, vecs) => (vecs === 0 ? 1 : vecs * T.lanes);

/**
 * A tile's value facts: whether it is one scalar column (vecs = 0), its value type, the
 * indices of its vectors and its zero.
 */
function tileKind(T, vecs) {
  const scalar = vecs === 0;
  return {
    scalar,
    ty: scalar ? T.t : T.v,
    vecIdx: [...Array(scalar ? 1 : vecs).keys()],
    zero: scalar ? `(${T.t}.const 0)` : `(${T.v}.splat (${T.t}.const 0))`,
  };
}

/**
 * Adds the bias and/or clamps at 0 by $mode (0 plain, 1 + bias, 2 + bias then max(·, 0)),
 * then stores accumulator `acc` (vector `v` of the tile, or a scalar) at byte address `addr`.
 */
function finish(T, acc, v, scalar, addr) {
  const ty = scalar ? T.t : T.v;
  const zero = scalar ? `(${T.t}.const 0)` : `(${T.v}.splat (${T.t}.const 0))`;
  const colByte = `(i32.shl (local.get $j) (i32.const ${T.shift}))`;
  const biasAddr = `(i32.add (local.get $bias) ${colByte})`;
  const biasLoad = scalar ? `(${T.t}.load ${biasAddr})` : `(v128.load offset=${v * 16} ${biasAddr})`;
  return lines(
    `(if (i32.ge_u (local.get $mode) (i32.const 1)) (then (local.set ${acc} (${ty}.add (local.get ${acc}) ${biasLoad}))))`,
    `(if (i32.eq (local.get $mode) (i32.const 2)) (then (local.set ${acc} (${ty}.max (local.get ${acc}) ${zero}))))`,
    scalar ? `(${T.t}.store ${addr} (local.get ${acc}))` : `(v128.store offset=${v * 16} ${addr} (local.get ${acc}))`,
  );
}

/** The byte address of C[$i + r][$j]. */
function outAddr(T, r) {
  const row = r === 0 ? '(local.get $i)' : `(i32.add (local.get $i) (i32.const ${r}))`;
  return `(i32.add (i32.add (local.get $c) (i32.mul ${row} (local.get $sc))) (i32.shl (local.get $j) (i32.const ${T.shift})))`;
}

/**
 * One dense tile: `rows` rows of A (from row $i) times `vecs` vectors of B's columns from
 * column $j (vecs = 0: one scalar column), summed over p = 0 … k−1 in order.
 */
function denseTile(T, L, rows, vecs) {
  const { scalar, ty, vecIdx, zero } = tileKind(T, vecs);
  const rowsIdx = [...Array(rows).keys()];
  const acc = (r, v) => L.use(scalar ? `sacc${r}` : `acc${r}_${v}`, ty);
  const ap = (r) => L.use(`ap${r}`, 'i32');
  const x = (r) => L.use(scalar ? `xs${r}` : `x${r}`, ty);
  const bv = L.use(scalar ? 'bs' : 'bv', ty);
  const load = (v) => (scalar ? `(${T.t}.load (local.get $bp))` : `(v128.load offset=${v * 16} (local.get $bp))`);
  const body = [
    ...rowsIdx.map((r) =>
      scalar
        ? `(local.set ${x(r)} (${T.t}.load (local.get ${ap(r)})))`
        : `(local.set ${x(r)} (v128.load${T.bytes * 8}_splat (local.get ${ap(r)})))`,
    ),
    ...vecIdx.map((v) =>
      lines(
        `(local.set ${bv} ${load(v)})`,
        rowsIdx.map(
          (r) => `(local.set ${acc(r, v)} (${ty}.add (local.get ${acc(r, v)}) (${ty}.mul (local.get ${x(r)}) (local.get ${bv}))))`,
        ),
      ),
    ),
    ...rowsIdx.map((r) => `(local.set ${ap(r)} (i32.add (local.get ${ap(r)}) (i32.const ${T.bytes})))`),
    '(local.set $bp (i32.add (local.get $bp) (local.get $sb)))',
  ];
  return lines(
    rowsIdx.flatMap((r) => vecIdx.map((v) => `(local.set ${acc(r, v)} ${zero})`)),
    rowsIdx.map((r) => `(local.set ${ap(r)} (i32.add (local.get $a) (i32.mul (i32.add (local.get $i) (i32.const ${r})) (local.get $sa))))`),
    `(local.set $bp (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const ${T.shift}))))`,
    // the loop ends when B's row pointer passes its k-th row (no separate term counter)
    '(local.set $bEnd (i32.add (local.get $bp) (i32.mul (local.get $k) (local.get $sb))))',
    '(block $pd (loop $pl',
    '(br_if $pd (i32.ge_u (local.get $bp) (local.get $bEnd)))',
    body,
    '(br $pl)))',
    rowsIdx.flatMap((r) => vecIdx.map((v) => finish(T, acc(r, v), v, scalar, outAddr(T, r)))),
  );
}

/**
 * float32 only: a tile of two output columns per vector, lanes (row r: j, j + 1; row r + 1: j,
 * j + 1), `rows` rows (even, or 1): the 2-class layer's two columns in one pass instead of two
 * scalar passes. Each lane still adds A[r][p]·B[p][j] for p ascending from +0, one product and
 * one sum at a time (the bits of the scalar tile). A pair's A vector is (a_r, a_r, a_r+1, a_r+1),
 * one shuffle of two splats; B's is (b_j, b_j+1, b_j, b_j+1), one 8-byte splat.
 */
function pairColTile(T, L, rows) {
  const pairs = rows === 1 ? [0] : [...Array(rows / 2).keys()];
  const rowsIdx = [...Array(rows).keys()];
  const acc = (q) => L.use(`pacc${q}`, T.v);
  const ap = (r) => L.use(`ap${r}`, 'i32');
  const bv = L.use('bv', T.v);
  const splat = (r) => `(v128.load32_splat (local.get ${ap(r)}))`;
  const aVec = (q) =>
    rows === 1 ? splat(0) : `(i8x16.shuffle 0 1 2 3 0 1 2 3 16 17 18 19 16 17 18 19 ${splat(2 * q)} ${splat(2 * q + 1)})`;
  const colByte = `(i32.shl (local.get $j) (i32.const ${T.shift}))`;
  const finishPair = (q) =>
    lines(
      `(if (i32.ge_u (local.get $mode) (i32.const 1)) (then (local.set ${acc(q)} (${T.v}.add (local.get ${acc(q)}) (v128.load64_splat (i32.add (local.get $bias) ${colByte}))))))`,
      `(if (i32.eq (local.get $mode) (i32.const 2)) (then (local.set ${acc(q)} (${T.v}.max (local.get ${acc(q)}) (${T.v}.splat (${T.t}.const 0))))))`,
      `(v128.store64_lane 0 ${outAddr(T, rows === 1 ? 0 : 2 * q)} (local.get ${acc(q)}))`,
      rows === 1 ? '' : `(v128.store64_lane 1 ${outAddr(T, 2 * q + 1)} (local.get ${acc(q)}))`,
    );
  return lines(
    pairs.map((q) => `(local.set ${acc(q)} (${T.v}.splat (${T.t}.const 0)))`),
    rowsIdx.map((r) => `(local.set ${ap(r)} (i32.add (local.get $a) (i32.mul (i32.add (local.get $i) (i32.const ${r})) (local.get $sa))))`),
    `(local.set $bp (i32.add (local.get $b) ${colByte}))`,
    '(local.set $bEnd (i32.add (local.get $bp) (i32.mul (local.get $k) (local.get $sb))))',
    '(block $pd (loop $pl',
    '(br_if $pd (i32.ge_u (local.get $bp) (local.get $bEnd)))',
    `(local.set ${bv} (v128.load64_splat (local.get $bp)))`,
    pairs.map((q) => `(local.set ${acc(q)} (${T.v}.add (local.get ${acc(q)}) (${T.v}.mul ${aVec(q)} (local.get ${bv}))))`),
    rowsIdx.map((r) => `(local.set ${ap(r)} (i32.add (local.get ${ap(r)}) (i32.const ${T.bytes})))`),
    '(local.set $bp (i32.add (local.get $bp) (local.get $sb)))',
    '(br $pl)))',
    pairs.map(finishPair),
  );
}

/** A loop over the columns [$j, $jEnd) in steps of `step`, running `tile` at each. */
function columnLoop(label, step, tile) {
  return lines(
    `(block $${label}d (loop $${label}l`,
    `(br_if $${label}d (i32.gt_u (i32.add (local.get $j) (i32.const ${step})) (local.get $jEnd)))`,
    tile,
    `(local.set $j (i32.add (local.get $j) (i32.const ${step})))`,
    `(br $${label}l)))`,
  );
}

/**
 * One phase of the dense kernel: the columns [$j0, $jEnd) in tiles of `vecs` vectors, the
 * rows in blocks of `rows`, then the leftover rows one at a time.
 */
function densePhase(T, L, q, { vecs, rows, pairCols }) {
  const step = pairCols ? 2 : tileCols(T, vecs);
  const tile = (r) => (pairCols ? pairColTile(T, L, r) : denseTile(T, L, r, vecs));
  const rowBlock = (r, label) =>
    lines(
      `(block $${label}d (loop $${label}l`,
      `(br_if $${label}d (i32.gt_u (i32.add (local.get $i) (i32.const ${r})) (local.get $n)))`,
      '(local.set $j (local.get $j0))',
      columnLoop(`${label}c`, step, tile(r)),
      `(local.set $i (i32.add (local.get $i) (i32.const ${r})))`,
      `(br $${label}l)))`,
    );
  return lines(
    '(local.set $i (i32.const 0))',
    rowBlock(rows, `r${q}`),
    rows > 1 ? rowBlock(1, `s${q}`) : '',
    // the next phase starts where these whole tiles ended
    `(local.set $j0 (i32.add (local.get $j0) (i32.mul (i32.div_u (i32.sub (local.get $jEnd) (local.get $j0)) (i32.const ${step})) (i32.const ${step}))))`,
  );
}

const PARAMS = ['n', 'k', 'm', 'a', 'sa', 'b', 'sb', 'c', 'sc', 'bias', 'mode'];

/** Strides from elements to bytes. */
const toBytes = (T) => ['sa', 'sb', 'sc'].map((s) => `(local.set $${s} (i32.shl (local.get $${s}) (i32.const ${T.shift})))`);

/**
 * mm_<t>(n, k, m, a, sa, b, sb, c, sc, bias, mode): C (n x m) = A (n x k) · B (k x m), all
 * row-major at byte addresses a, b, c with row strides sa, sb, sc in elements; then
 * + bias[j] (mode ≥ 1) and max(·, 0) (mode 2).
 */
function denseFunction(T) {
  const L = new Locals();
  ['i', 'j', 'j0', 'jEnd', 'bp', 'bEnd'].forEach((n) => L.use(n, 'i32'));
  const body = lines(
    toBytes(T),
    '(local.set $j0 (i32.const 0))',
    '(local.set $jEnd (local.get $m))',
    // pairs of columns are a float32 phase: a float64 vector already holds two columns
    DENSE_PHASES.filter((phase) => !phase.pairCols || T.lanes === 4).map((phase, q) => densePhase(T, L, q, phase)),
  );
  const params = PARAMS.map((p) => `(param $${p} i32)`).join(' ');
  return lines(`(func (export "mm_${T.t}") ${params}`, L.declare(), body, ')');
}

/** Entries the list loop reads per step (fewer loop checks; the tail goes one by one). */
const LIST_UNROLL = 4;

/**
 * The list of row $i's non-zero A entries, without a branch: every entry is written at
 * slot $cnt, and $cnt moves on only past a non-zero (NaN counts as non-zero). Values go to
 * $scratch, the byte offsets p·sb of their B rows to $offs.
 */
function sparseList(T) {
  const step = (u) =>
    lines(
      `(local.set $xs0 (${T.t}.load offset=${u * T.bytes} (local.get $ap0)))`,
      `(${T.t}.store (i32.add (local.get $scratch) (i32.shl (local.get $cnt) (i32.const ${T.shift}))) (local.get $xs0))`,
      `(i32.store (i32.add (local.get $offs) (i32.shl (local.get $cnt) (i32.const 2))) ${u === 0 ? '(local.get $bp)' : `(i32.add (local.get $bp) (i32.mul (local.get $sb) (i32.const ${u})))`})`,
      `(local.set $cnt (i32.add (local.get $cnt) (${T.t}.ne (local.get $xs0) (${T.t}.const 0))))`,
    );
  return lines(
    '(local.set $ap0 (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $sa))))',
    '(local.set $cnt (i32.const 0))',
    '(local.set $p (i32.const 0))',
    '(local.set $bp (i32.const 0))',
    '(block $ld (loop $ll',
    `(br_if $ld (i32.gt_u (i32.add (local.get $p) (i32.const ${LIST_UNROLL})) (local.get $k)))`,
    [...Array(LIST_UNROLL).keys()].map(step),
    `(local.set $ap0 (i32.add (local.get $ap0) (i32.const ${LIST_UNROLL * T.bytes})))`,
    `(local.set $bp (i32.add (local.get $bp) (i32.mul (local.get $sb) (i32.const ${LIST_UNROLL}))))`,
    `(local.set $p (i32.add (local.get $p) (i32.const ${LIST_UNROLL})))`,
    '(br $ll)))',
    '(block $ld1 (loop $ll1',
    '(br_if $ld1 (i32.ge_u (local.get $p) (local.get $k)))',
    step(0),
    `(local.set $ap0 (i32.add (local.get $ap0) (i32.const ${T.bytes})))`,
    '(local.set $bp (i32.add (local.get $bp) (local.get $sb)))',
    '(local.set $p (i32.add (local.get $p) (i32.const 1)))',
    '(br $ll1)))',
  );
}

/** One sparse tile: row $i's listed entries times `vecs` vectors of B from column $j. */
function sparseTile(T, L, vecs) {
  const { scalar, ty, vecIdx, zero } = tileKind(T, vecs);
  const acc = (v) => L.use(scalar ? 'sacc0' : `acc0_${v}`, ty);
  const x = L.use(scalar ? 'xs1' : 'x0', ty);
  const load = (v) => (scalar ? `(${T.t}.load (local.get $bq))` : `(v128.load offset=${v * 16} (local.get $bq))`);
  const value = `(${T.t}.load (local.get $vq))`;
  return lines(
    vecIdx.map((v) => `(local.set ${acc(v)} ${zero})`),
    `(local.set $bp (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const ${T.shift}))))`,
    '(local.set $vq (local.get $scratch))',
    '(local.set $oq (local.get $offs))',
    '(block $qd (loop $ql',
    '(br_if $qd (i32.ge_u (local.get $vq) (local.get $vEnd)))',
    `(local.set ${x} ${scalar ? value : `(v128.load${T.bytes * 8}_splat (local.get $vq))`})`,
    '(local.set $bq (i32.add (local.get $bp) (i32.load (local.get $oq))))',
    vecIdx.map((v) => `(local.set ${acc(v)} (${ty}.add (local.get ${acc(v)}) (${ty}.mul (local.get ${x}) ${load(v)})))`),
    `(local.set $vq (i32.add (local.get $vq) (i32.const ${T.bytes})))`,
    '(local.set $oq (i32.add (local.get $oq) (i32.const 4)))',
    '(br $ql)))',
    vecIdx.map((v) => finish(T, acc(v), v, scalar, outAddr(T, 0))),
  );
}

/**
 * The union list of rows $i and $i+1: every term p where either row's A entry is non-zero
 * (NaN counts), both values stored side by side at slot $cnt of $scratch, the byte offset
 * p·sb of B's row at slot $cnt of $offs; branch-free, as `sparseList`.
 */
function pairList(T) {
  const slot = `(i32.add (local.get $scratch) (i32.shl (local.get $cnt) (i32.const ${T.shift + 1})))`;
  return lines(
    '(local.set $ap0 (i32.add (local.get $a) (i32.mul (local.get $i) (local.get $sa))))',
    '(local.set $ap1 (i32.add (local.get $ap0) (local.get $sa)))',
    '(local.set $cnt (i32.const 0))',
    '(local.set $own (i32.const 0))',
    '(local.set $bp (i32.const 0))',
    `(local.set $bEnd (i32.mul (local.get $k) (local.get $sb)))`,
    '(block $ld (loop $ll',
    '(br_if $ld (i32.ge_u (local.get $bp) (local.get $bEnd)))',
    `(local.set $xs0 (${T.t}.load (local.get $ap0)))`,
    `(local.set $xs1 (${T.t}.load (local.get $ap1)))`,
    `(${T.t}.store ${slot} (local.get $xs0))`,
    `(${T.t}.store offset=${T.bytes} ${slot} (local.get $xs1))`,
    '(i32.store (i32.add (local.get $offs) (i32.shl (local.get $cnt) (i32.const 2))) (local.get $bp))',
    `(local.set $nz0 (${T.t}.ne (local.get $xs0) (${T.t}.const 0)))`,
    `(local.set $nz1 (${T.t}.ne (local.get $xs1) (${T.t}.const 0)))`,
    '(local.set $cnt (i32.add (local.get $cnt) (i32.or (local.get $nz0) (local.get $nz1))))',
    '(local.set $own (i32.add (local.get $own) (i32.add (local.get $nz0) (local.get $nz1))))',
    `(local.set $ap0 (i32.add (local.get $ap0) (i32.const ${T.bytes})))`,
    `(local.set $ap1 (i32.add (local.get $ap1) (i32.const ${T.bytes})))`,
    '(local.set $bp (i32.add (local.get $bp) (local.get $sb)))',
    '(br $ll)))',
  );
}

/** One pair tile: rows $i and $i+1 over their union list, times `vecs` vectors of B from column $j. */
function pairTile(T, L, vecs) {
  const { scalar, ty, vecIdx, zero } = tileKind(T, vecs);
  const acc = (r, v) => L.use(scalar ? `sacc${r}` : `acc${r}_${v}`, ty);
  const x = (r) => L.use(scalar ? `xs${r + 2}` : `x${r}`, ty);
  const bv = L.use(scalar ? 'bs' : 'bv', ty);
  const value = (r) =>
    scalar
      ? `(${T.t}.load offset=${r * T.bytes} (local.get $vq))`
      : `(v128.load${T.bytes * 8}_splat offset=${r * T.bytes} (local.get $vq))`;
  const load = (v) => (scalar ? `(${T.t}.load (local.get $bq))` : `(v128.load offset=${v * 16} (local.get $bq))`);
  return lines(
    [0, 1].flatMap((r) => vecIdx.map((v) => `(local.set ${acc(r, v)} ${zero})`)),
    `(local.set $bp (i32.add (local.get $b) (i32.shl (local.get $j) (i32.const ${T.shift}))))`,
    '(local.set $vq (local.get $scratch))',
    '(local.set $oq (local.get $offs))',
    '(block $qd (loop $ql',
    '(br_if $qd (i32.ge_u (local.get $vq) (local.get $vEnd)))',
    `(local.set ${x(0)} ${value(0)})`,
    `(local.set ${x(1)} ${value(1)})`,
    '(local.set $bq (i32.add (local.get $bp) (i32.load (local.get $oq))))',
    vecIdx.map((v) =>
      lines(
        `(local.set ${bv} ${load(v)})`,
        [0, 1].map(
          (r) => `(local.set ${acc(r, v)} (${ty}.add (local.get ${acc(r, v)}) (${ty}.mul (local.get ${x(r)}) (local.get ${bv}))))`,
        ),
      ),
    ),
    `(local.set $vq (i32.add (local.get $vq) (i32.const ${2 * T.bytes})))`,
    '(local.set $oq (i32.add (local.get $oq) (i32.const 4)))',
    '(br $ql)))',
    [0, 1].flatMap((r) => vecIdx.map((v) => finish(T, acc(r, v), v, scalar, outAddr(T, r)))),
  );
}

/** Pair tiles, widest first: 2 rows x 4 vectors is the dense kernel's register budget. */
const PAIR_VECS = [4, 1, 0];

/**
 * A pair runs on its union list when that list is at most 3/5 of the two rows' own non-zero
 * terms ([3, 5]): a union entry costs about 1.55 single-row entries, so the break-even is
 * ≈ 0.65 (measured with the rows' zeros independent: union 0.75, the pair 1.16x slower than
 * two single rows). The default job's hidden rows come in at 0.50-0.51.
 */
const PAIR_SHARE = [3, 5];

/** Rows run one by one after a pair that shares too little, before the next pair is tried. */
const SINGLE_RUN = 32;

/**
 * mms_<t>(n, k, m, a, sa, b, sb, c, sc, bias, mode, scratch): what mm_<t> computes, skipping
 * the exact zeros of A (a ReLU layer's outputs and their masked gradients are about half
 * zeros). Rows go in pairs over the union of their non-zero terms (rows of one batch mostly
 * share their zeros: perturbations of one instance), so each B load serves two rows; an odd
 * last row runs alone. The bits are mm_<t>'s whenever every entry of B is finite: a sum that
 * starts at +0 is never −0, so adding a product 0·B[p][j] = ±0 leaves it unchanged.
 * `scratch` is 2k elements then k int32s of free memory.
 */
function sparseFunction(T) {
  const L = new Locals();
  ['i', 'j', 'jEnd', 'p', 'bp', 'bq', 'ap0', 'ap1', 'bEnd', 'rEnd', 'cnt', 'own', 'nz0', 'nz1', 'offs', 'vq', 'oq', 'vEnd'].forEach((n) =>
    L.use(n, 'i32'),
  );
  ['xs0', 'xs1'].forEach((n) => L.use(n, T.t));
  const pairTiles = PAIR_VECS.map((vecs) => columnLoop(`d${vecs}`, tileCols(T, vecs), pairTile(T, L, vecs)));
  const tiles = SPARSE_VECS.map((vecs) => columnLoop(`c${vecs}`, tileCols(T, vecs), sparseTile(T, L, vecs)));
  const body = lines(
    toBytes(T),
    `(local.set $offs (i32.add (local.get $scratch) (i32.shl (local.get $k) (i32.const ${T.shift + 1}))))`,
    '(local.set $jEnd (local.get $m))',
    '(local.set $i (i32.const 0))',
    '(block $id (loop $il',
    '(br_if $id (i32.ge_u (local.get $i) (local.get $n)))',
    '(block $single',
    '(br_if $single (i32.gt_u (i32.add (local.get $i) (i32.const 2)) (local.get $n)))',
    pairList(T),
    // a pair pays for its union: rows that share too few of their terms run one by one
    `(br_if $single (i32.gt_u (i32.mul (local.get $cnt) (i32.const ${PAIR_SHARE[1]})) (i32.mul (local.get $own) (i32.const ${PAIR_SHARE[0]}))))`,
    `(local.set $vEnd (i32.add (local.get $scratch) (i32.shl (local.get $cnt) (i32.const ${T.shift + 1}))))`,
    '(local.set $j (i32.const 0))',
    pairTiles,
    '(local.set $i (i32.add (local.get $i) (i32.const 2)))',
    '(br $il))',
    // the odd last row, or a pair that shares too little and the rows after it (a batch
    // whose rows do not share their zeros would pay for a union list at every pair)
    `(local.set $rEnd (i32.add (local.get $i) (i32.const ${SINGLE_RUN})))`,
    '(local.set $rEnd (select (local.get $n) (local.get $rEnd) (i32.gt_u (local.get $rEnd) (local.get $n))))',
    '(block $rd (loop $rl',
    '(br_if $rd (i32.ge_u (local.get $i) (local.get $rEnd)))',
    sparseList(T),
    `(local.set $vEnd (i32.add (local.get $scratch) (i32.shl (local.get $cnt) (i32.const ${T.shift}))))`,
    '(local.set $j (i32.const 0))',
    tiles,
    '(local.set $i (i32.add (local.get $i) (i32.const 1)))',
    '(br $rl)))',
    '(br $il)))',
  );
  const params = [...PARAMS, 'scratch'].map((p) => `(param $${p} i32)`).join(' ');
  return lines(`(func (export "mms_${T.t}") ${params}`, L.declare(), body, ')');
}

/**
 * relu_mask_<t>(len, g, a): g[q] = +0 wherever a[q] <= 0, for q < len (byte addresses g, a):
 * a ReLU layer's backward step, the JS `if (a <= 0) g = 0` (NaN in a keeps g), whole vectors
 * by a lane mask, the leftover elements one by one.
 */
function reluMaskFunction(T) {
  const L = new Locals();
  ['end', 'vend'].forEach((n) => L.use(n, 'i32'));
  const zero = `(${T.v}.splat (${T.t}.const 0))`;
  const body = lines(
    `(local.set $end (i32.add (local.get $g) (i32.shl (local.get $len) (i32.const ${T.shift}))))`,
    `(local.set $vend (i32.add (local.get $g) (i32.shl (i32.and (local.get $len) (i32.const ${-T.lanes})) (i32.const ${T.shift}))))`,
    '(block $vd (loop $vl',
    '(br_if $vd (i32.ge_u (local.get $g) (local.get $vend)))',
    `(v128.store (local.get $g) (v128.andnot (v128.load (local.get $g)) (${T.v}.le (v128.load (local.get $a)) ${zero})))`,
    '(local.set $g (i32.add (local.get $g) (i32.const 16)))',
    '(local.set $a (i32.add (local.get $a) (i32.const 16)))',
    '(br $vl)))',
    '(block $sd (loop $sl',
    '(br_if $sd (i32.ge_u (local.get $g) (local.get $end)))',
    `(if (${T.t}.le (${T.t}.load (local.get $a)) (${T.t}.const 0)) (then (${T.t}.store (local.get $g) (${T.t}.const 0))))`,
    `(local.set $g (i32.add (local.get $g) (i32.const ${T.bytes})))`,
    `(local.set $a (i32.add (local.get $a) (i32.const ${T.bytes})))`,
    '(br $sl)))',
  );
  const params = ['len', 'g', 'a'].map((p) => `(param $${p} i32)`).join(' ');
  return lines(`(func (export "relu_mask_${T.t}") ${params}`, L.declare(), body, ')');
}

/**
 * mul_f32(len, a, b, out): out[q] = a[q] · b[q] over ⌈len/4⌉ whole vectors at byte addresses
 * a, b, out (the host pads to 16 bytes): IEEE single products, the bits of JS's
 * `Math.fround(a · b)` (a product of two floats is exact in a double). GELU's backward step.
 */
function mulFunction() {
  return lines(
    '(func (export "mul_f32") (param $len i32) (param $a i32) (param $b i32) (param $out i32) (local $end i32)',
    '(local.set $end (i32.add (local.get $a) (i32.shl (i32.shr_u (i32.add (local.get $len) (i32.const 3)) (i32.const 2)) (i32.const 4))))',
    '(block $vd (loop $vl',
    '(br_if $vd (i32.ge_u (local.get $a) (local.get $end)))',
    '(v128.store (local.get $out) (f32x4.mul (v128.load (local.get $a)) (v128.load (local.get $b))))',
    ['a', 'b', 'out'].map((p) => `(local.set $${p} (i32.add (local.get $${p}) (i32.const 16)))`),
    '(br $vl)))',
    ')',
  );
}

/** The whole module: one memory (grown by the host), the dense and sparse kernels, the ReLU mask, GELU with its backward product, and LayerNorm. */
export function simdWat() {
  return lines(
    '(module',
    '(memory (export "memory") 1)',
    denseFunction(TYPES.f64),
    denseFunction(TYPES.f32),
    sparseFunction(TYPES.f64),
    sparseFunction(TYPES.f32),
    reluMaskFunction(TYPES.f64),
    reluMaskFunction(TYPES.f32),
    geluFunction(),
    mulFunction(),
    layerNormFunction(),
    layerNormBackFunction(),
    ')',
  );
}

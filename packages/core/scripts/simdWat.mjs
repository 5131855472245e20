// WAT text of the SIMD kernels (compiled by build-simd.mjs). One generator for f64 (f64x2)
// and f32 (f32x4): every output element is one accumulator that starts at 0 and adds
// A[i][p]·B[p][j] for p = 0, 1, … in order, exactly as the scalar JS kernels sum, so the
// results are the same bits. Lanes run across output columns j, never across p.

/** Element type facts: scalar type, SIMD shape, bytes per element, log2 of that. */
const TYPES = {
  f64: { t: 'f64', v: 'f64x2', bytes: 8, shift: 3, lanes: 2 },
  f32: { t: 'f32', v: 'f32x4', bytes: 4, shift: 2, lanes: 4 },
};

/** Rows of A per tile in the main loop, and vectors of columns per wide tile. */
const ROWS = 2;
const WIDE = 4;

const lines = (...parts) => parts.flat(Number.POSITIVE_INFINITY).join('\n');

/**
 * One tile: `rows` rows of A times `vecs` vectors of B's columns starting at column $j
 * (vecs = 0: one scalar column). Accumulates over p, then adds the bias and/or clamps at 0
 * by $mode (0 plain, 1 + bias, 2 + bias then max(·, 0)) and stores into C.
 */
function tile(T, rows, vecs) {
  const scalar = vecs === 0;
  const lanesOf = scalar ? 1 : vecs;
  const acc = (r, v) => (scalar ? `$sacc${r}` : `$acc${r}_${v}`);
  const ty = scalar ? T.t : T.v;
  const zero = scalar ? `(${T.t}.const 0)` : `(${T.v}.splat (${T.t}.const 0))`;
  const load = (addr, off) => (scalar ? `(${T.t}.load (${addr}))` : `(v128.load offset=${off * 16} (${addr}))`);
  const rowsIdx = [...Array(rows).keys()];
  const vecIdx = [...Array(lanesOf).keys()];
  const init = rowsIdx.flatMap((r) => vecIdx.map((v) => `(local.set ${acc(r, v)} ${zero})`));
  const setRowPtrs = rowsIdx.map(
    (r) => `(local.set $ap${r} (i32.add (local.get $a) (i32.mul (i32.add (local.get $i) (i32.const ${r})) (local.get $sa))))`,
  );
  const body = [
    ...rowsIdx.map((r) =>
      scalar
        ? `(local.set $xs${r} (${T.t}.load (local.get $ap${r})))`
        : `(local.set $x${r} (${T.v}.splat (${T.t}.load (local.get $ap${r}))))`,
    ),
    ...vecIdx.map((v) => {
      const b = scalar ? '$bs' : '$bv';
      const x = (r) => (scalar ? `$xs${r}` : `$x${r}`);
      return lines(
        `(local.set ${b} ${load('local.get $bp', v)})`,
        rowsIdx.map(
          (r) => `(local.set ${acc(r, v)} (${ty}.add (local.get ${acc(r, v)}) (${ty}.mul (local.get ${x(r)}) (local.get ${b}))))`,
        ),
      );
    }),
    ...rowsIdx.map((r) => `(local.set $ap${r} (i32.add (local.get $ap${r}) (i32.const ${T.bytes})))`),
    '(local.set $bp (i32.add (local.get $bp) (local.get $sb)))',
    '(local.set $p (i32.add (local.get $p) (i32.const 1)))',
  ];
  const colByte = `(i32.shl (local.get $j) (i32.const ${T.shift}))`;
  const store = rowsIdx.flatMap((r) =>
    vecIdx.map((v) => {
      const a = acc(r, v);
      const addr = `(i32.add (i32.add (local.get $c) (i32.mul (i32.add (local.get $i) (i32.const ${r})) (local.get $sc))) ${colByte})`;
      const biasAddr = `(i32.add (local.get $bias) ${colByte})`;
      const biasLoad = scalar ? `(${T.t}.load ${biasAddr})` : `(v128.load offset=${v * 16} ${biasAddr})`;
      return lines(
        `(if (i32.ge_u (local.get $mode) (i32.const 1)) (then (local.set ${a} (${ty}.add (local.get ${a}) ${biasLoad}))))`,
        `(if (i32.eq (local.get $mode) (i32.const 2)) (then (local.set ${a} (${ty}.max (local.get ${a}) ${zero}))))`,
        scalar ? `(${T.t}.store ${addr} (local.get ${a}))` : `(v128.store offset=${v * 16} ${addr} (local.get ${a}))`,
      );
    }),
  );
  return lines(
    init,
    setRowPtrs,
    `(local.set $bp (i32.add (local.get $b) ${colByte}))`,
    '(local.set $p (i32.const 0))',
    '(block $pd (loop $pl',
    '(br_if $pd (i32.ge_u (local.get $p) (local.get $k)))',
    body,
    '(br $pl)))',
    store,
  );
}

/** The column loops of one row block: wide tiles, then single vectors, then scalar columns. */
function columnLoops(T, rows) {
  const step = (vecs) => (vecs === 0 ? 1 : vecs * T.lanes);
  return lines(
    '(local.set $j (i32.const 0))',
    [WIDE, 1, 0].map((vecs) =>
      lines(
        `(block $jd${vecs} (loop $jl${vecs}`,
        `(br_if $jd${vecs} (i32.gt_u (i32.add (local.get $j) (i32.const ${step(vecs)})) (local.get $m)))`,
        tile(T, rows, vecs),
        `(local.set $j (i32.add (local.get $j) (i32.const ${step(vecs)})))`,
        `(br $jl${vecs})))`,
      ),
    ),
  );
}

/**
 * mm_<t>(n, k, m, a, sa, b, sb, c, sc, bias, mode): C (n x m) = A (n x k) · B (k x m), all
 * row-major at byte addresses a, b, c with row strides sa, sb, sc in elements; then
 * + bias[j] (mode ≥ 1) and max(·, 0) (mode 2).
 */
function matmulFunction(T) {
  const params = ['n', 'k', 'm', 'a', 'sa', 'b', 'sb', 'c', 'sc', 'bias', 'mode'].map((p) => `(param $${p} i32)`).join(' ');
  const accs = [];
  for (let r = 0; r < ROWS; r++) for (let v = 0; v < WIDE; v++) accs.push(`(local $acc${r}_${v} v128)`);
  const scalarAccs = [];
  for (let r = 0; r < ROWS; r++) scalarAccs.push(`(local $xs${r} ${T.t}) (local $sacc${r} ${T.t})`);
  const toBytes = ['sa', 'sb', 'sc'].map((s) => `(local.set $${s} (i32.shl (local.get $${s}) (i32.const ${T.shift})))`);
  const body = lines(
    toBytes,
    '(local.set $i (i32.const 0))',
    '(block $id (loop $il',
    `(br_if $id (i32.gt_u (i32.add (local.get $i) (i32.const ${ROWS})) (local.get $n)))`,
    columnLoops(T, ROWS),
    `(local.set $i (i32.add (local.get $i) (i32.const ${ROWS})))`,
    '(br $il)))',
    '(block $td (loop $tl',
    '(br_if $td (i32.ge_u (local.get $i) (local.get $n)))',
    columnLoops(T, 1),
    '(local.set $i (i32.add (local.get $i) (i32.const 1)))',
    '(br $tl)))',
  );
  return lines(
    `(func (export "mm_${T.t}") ${params}`,
    '(local $i i32) (local $j i32) (local $p i32) (local $bp i32) (local $bv v128)',
    [...Array(ROWS).keys()].map((r) => `(local $ap${r} i32) (local $x${r} v128)`).join(' '),
    `(local $bs ${T.t})`,
    accs.join(' '),
    scalarAccs.join(' '),
    body,
    ')',
  );
}

/** The whole module: one memory (grown by the host), the f64 and f32 kernels. */
export function simdWat() {
  return lines('(module', '(memory (export "memory") 1)', matmulFunction(TYPES.f64), matmulFunction(TYPES.f32), ')');
}

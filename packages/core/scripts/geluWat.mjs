// WAT text of the float32 GELU kernel (four lanes, no table and no gather): y = x · (erf(x·r) + c2) · c3
// and, when a backward pass follows, dy/dx. erf comes from erfc(a) = t · e^(−a²) · P(t),
// t = 1 / (1 + 0.4 a), a = |x·r| clamped at 9 (erfc(9) < 5e-37), P of degree 9 fitted by
// erfc_fit.py (6.6e-9 relative, below float32's rounding); e^(−a²) by Cody–Waite reduction to
// |ρ| <= ln2/2, a degree-7 Taylor polynomial and the exponent added as integer bits. erf′(a) =
// 2/√π · e^(−a²) reuses the same exponential. With erf = ±(1 − erfc), erf + c2 is formed as
// (c2 + 1) − erfc or (c2 − 1) + erfc: exact when c2 = 1 (torch's graphs), so the small GELU
// values of negative inputs keep their relative accuracy instead of cancelling.

/** P's coefficients, lowest power first (printed by erfc_fit.py). */
const ERFC_P = [
  0.22571721544410034, 0.22475384288209246, 0.2165523153734444, 0.1221030885895544, 0.29389579827142154, -0.3249384994475413,
  0.5961618143426497, -0.5353438024693968, 0.21355809151356672, -0.0324598607383808,
];

const lines = (...parts) => parts.flat(Number.POSITIVE_INFINITY).join('\n');
/** A float32 constant in all four lanes (the literal rounds to float32 when parsed). */
const k = (x) => `(v128.const f32x4 ${[x, x, x, x].map((v) => v.toPrecision(17)).join(' ')})`;
const get = (n) => `(local.get $${n})`;
const set = (n, e) => `(local.set $${n} ${e})`;
const op = (o, ...a) => `(f32x4.${o} ${a.join(' ')})`;

/** Horner's scheme over `coef` (lowest power first) at the vector expression `t`. */
function horner(coef, t) {
  let e = k(coef[coef.length - 1]);
  for (let i = coef.length - 2; i >= 0; i--) e = op('add', op('mul', e, t), k(coef[i]));
  return e;
}

const TAYLOR_EXP = [1, 1, 1 / 2, 1 / 6, 1 / 24, 1 / 120, 1 / 720, 1 / 5040];
const LN2_HI = 0.693359375; // 355/512: n · LN2_HI is exact for |n| < 2^15
const LN2_LO = Math.LN2 - LN2_HI;

/** One vector's locals; each vector of a step has its own copies, suffixed by its index. */
const VECTOR_LOCALS = ['v', 'u', 'a', 't', 'z', 'n', 'rho', 'ex', 'q', 's'];

/**
 * The statements for the vector at byte offset 16·w from $x (its locals suffixed w), in
 * order, and the store of its dy/dx. e^(−z) for z in [0, 81] by Cody–Waite reduction.
 */
function vectorSteps(w) {
  const g = (n) => get(`${n}${w}`);
  const s = (n, e) => set(`${n}${w}`, e);
  const off = 16 * w;
  return {
    steps: [
      s('v', `(v128.load offset=${off} (local.get $x))`),
      s('u', op('mul', g('v'), get('r4'))),
      s('a', op('min', op('abs', g('u')), k(9))),
      s('t', op('div', k(1), op('add', k(1), op('mul', g('a'), k(0.4))))),
      s('z', op('mul', g('a'), g('a'))),
      s('n', op('nearest', op('mul', g('z'), k(-Math.LOG2E)))),
      s('rho', op('sub', op('sub', op('neg', g('z')), op('mul', g('n'), k(LN2_HI))), op('mul', g('n'), k(LN2_LO)))),
      s('ex', horner(TAYLOR_EXP, g('rho'))),
      s('ex', `(i32x4.add ${g('ex')} (i32x4.shl (i32x4.trunc_sat_f32x4_s ${g('n')}) (i32.const 23)))`),
      s('q', op('mul', op('mul', g('t'), g('ex')), horner(ERFC_P, g('t')))),
      s('s', `(v128.bitselect ${op('sub', get('cp'), g('q'))} ${op('add', get('cm'), g('q'))} ${op('gt', g('u'), k(0))})`),
      `(v128.store offset=${off} (local.get $y) ${op('mul', op('mul', g('v'), g('s')), get('c34'))})`,
    ],
    keep: `(v128.store offset=${off} (local.get $keep) ${op('mul', get('c34'), op('add', g('s'), op('mul', g('u'), op('mul', g('ex'), k(2 / Math.sqrt(Math.PI))))))})`,
  };
}

/**
 * Vectors per step of the main loop, their statements interleaved: one vector's chain of
 * dependent operations (two Horner schemes, a division) leaves the float pipes idle while
 * it waits; three independent chains side by side ran 2.1x faster than one, with the same bits.
 */
const GELU_WIDTH = 3;

/** A loop over `width` vectors a step while they fit before $end. */
function geluLoop(label, width) {
  const vs = [...Array(width).keys()].map(vectorSteps);
  const bytes = 16 * width;
  return lines(
    `(block $${label}d (loop $${label}l`,
    `(br_if $${label}d (i32.gt_u (i32.add (local.get $x) (i32.const ${bytes})) (local.get $end)))`,
    vs[0].steps.map((_, q) => vs.map((v) => v.steps[q])),
    '(if (local.get $keep) (then',
    vs.map((v) => v.keep),
    `(local.set $keep (i32.add (local.get $keep) (i32.const ${bytes})))))`,
    `(local.set $x (i32.add (local.get $x) (i32.const ${bytes})))`,
    `(local.set $y (i32.add (local.get $y) (i32.const ${bytes})))`,
    `(br $${label}l)))`,
  );
}

/**
 * gelu_f32(len, x, y, keep, r, c2, c3): over ⌈len/4⌉ whole vectors at byte addresses x and y
 * (the host pads to 16 bytes), dy/dx at `keep` unless keep is 0: GELU_WIDTH vectors a step,
 * then the last ones one by one (each vector's arithmetic the same either way).
 */
export function geluFunction() {
  const body = lines(
    '(local.set $end (i32.add (local.get $x) (i32.shl (i32.shr_u (i32.add (local.get $len) (i32.const 3)) (i32.const 2)) (i32.const 4))))',
    set('r4', op('splat', get('r'))),
    set('cp', op('splat', '(f32.add (local.get $c2) (f32.const 1))')),
    set('cm', op('splat', '(f32.sub (local.get $c2) (f32.const 1))')),
    set('c34', op('splat', get('c3'))),
    geluLoop('w', GELU_WIDTH),
    geluLoop('o', 1),
  );
  const params = '(param $len i32) (param $x i32) (param $y i32) (param $keep i32) (param $r f32) (param $c2 f32) (param $c3 f32)';
  const vectors = [...Array(GELU_WIDTH).keys()].flatMap((w) => VECTOR_LOCALS.map((n) => `${n}${w}`));
  const locals = [...vectors, 'r4', 'cp', 'cm', 'c34'].map((n) => `(local $${n} v128)`).join(' ');
  return lines(`(func (export "gelu_f32") ${params}`, `(local $end i32) ${locals}`, body, ')');
}

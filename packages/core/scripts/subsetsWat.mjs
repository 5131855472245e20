// WAT text of the random-subset sampler (compiled by build-simd.mjs; plain WebAssembly, no SIMD).
// xoroshiro128+ on i64 registers: the same steps as rng.ts's 32-bit halves (pure-rand 8.4.2),
// so every uniform, size and member is the bit-identical draw of the JS loop (randomSubsets.ts),
// at about a third of its cost (the JS stream emulates each 64-bit step with ~14 int32 ops).

const lines = (...parts) => parts.flat(Number.POSITIVE_INFINITY).join('\n');
const get = (name) => `(local.get $${name})`;
const set = (name, value) => `(local.set $${name} ${value})`;
const inc = (name, by = 1) => set(name, `(i32.add ${get(name)} (i32.const ${by}))`);

/** One xoroshiro128+ step: s1 ^= s0; s0 = rotl(s0, 24) ^ s1 ^ (s1 << 16); s1 = rotl(s1, 37). */
const step = [
  set('a', `(i64.xor ${get('s0')} ${get('s1')})`),
  set('s0', `(i64.xor (i64.xor (i64.rotl ${get('s0')} (i64.const 24)) ${get('a')}) (i64.shl ${get('a')} (i64.const 16)))`),
  set('s1', `(i64.rotl ${get('a')} (i64.const 37))`),
];

/** The step's 32-bit output (s00 + s10, the low words' sum) masked to `bits` bits. */
const output = (bits) => `(i32.and (i32.wrap_i64 (i64.add ${get('s0')} ${get('s1')})) (i32.const ${2 ** bits - 1}))`;

/** $u = pure-rand's uniformFloat64: 26 bits of one output and 27 of the next, an exact sum. */
const uniform = [
  set('w', output(26)),
  step,
  set(
    'u',
    `(f64.add (f64.mul (f64.convert_i32_u ${get('w')}) (f64.const 0x1p-26)) (f64.mul (f64.convert_i32_u ${output(27)}) (f64.const 0x1p-53)))`,
  ),
  step,
];

/** A counted loop: `body` for $name = from, from + by, … while below `end` (signed). */
function loop(label, name, from, end, body, by = 1) {
  return [
    set(name, from),
    `(block $${label}_end (loop $${label}`,
    `(br_if $${label}_end (i32.ge_s ${get(name)} ${end}))`,
    body,
    inc(name, by),
    `(br $${label})))`,
  ];
}

/** i32 word `index` of the array at byte address `base`. */
const word = (base, index) => `(i32.add ${get(base)} (i32.shl ${index} (i32.const 2)))`;

/** The state's 64-bit halves from / to the Int32Array layout [s01, s00, s11, s10] at $st. */
const loadState = (name, hiOffset) =>
  set(
    name,
    `(i64.or (i64.shl (i64.extend_i32_u (i32.load offset=${hiOffset} ${get('st')})) (i64.const 32)) (i64.extend_i32_u (i32.load offset=${hiOffset + 4} ${get('st')})))`,
  );
const storeState = (name, hiOffset) => [
  `(i32.store offset=${hiOffset} ${get('st')} (i32.wrap_i64 (i64.shr_u ${get(name)} (i64.const 32))))`,
  `(i32.store offset=${hiOffset + 4} ${get('st')} (i32.wrap_i64 ${get(name)}))`,
];

/** $k = 1 + the first index whose cdf entry exceeds $u (the last index if none), by bisection. */
const drawSize = [
  uniform,
  set('lo', '(i32.const 0)'),
  set('hi', `(i32.sub ${get('ncdf')} (i32.const 1))`),
  '(block $size_end (loop $size',
  `(br_if $size_end (i32.ge_s ${get('lo')} ${get('hi')}))`,
  set('mid', `(i32.shr_s (i32.add ${get('lo')} ${get('hi')}) (i32.const 1))`),
  `(if (f64.ge ${get('u')} (f64.load (i32.add ${get('cdf')} (i32.shl ${get('mid')} (i32.const 3)))))`,
  `(then ${set('lo', `(i32.add ${get('mid')} (i32.const 1))`)}) (else ${set('hi', get('mid'))}))`,
  '(br $size)))',
  set('k', `(i32.add ${get('lo')} (i32.const 1))`),
];

/** Partial Fisher–Yates: perm[0..k) becomes a uniform k-subset; the row is 0 but 1 at its members. */
const drawMembers = [
  loop('swap', 'j', '(i32.const 0)', get('k'), [
    uniform,
    set(
      'r',
      `(i32.add ${get('j')} (i32.trunc_f64_s (f64.floor (f64.mul ${get('u')} (f64.convert_i32_s (i32.sub ${get('d')} ${get('j')}))))))`,
    ),
    set('t', `(i32.load ${word('perm', get('j'))})`),
    `(i32.store ${word('perm', get('j'))} (i32.load ${word('perm', get('r'))}))`,
    `(i32.store ${word('perm', get('r'))} ${get('t')})`,
  ]),
  `(memory.fill ${get('o')} (i32.const 0) ${get('rowBytes')})`,
  loop('ones', 'j', '(i32.const 0)', get('k'), [
    `(f64.store (i32.add ${get('o')} (i32.shl (i32.load ${word('perm', get('j'))}) (i32.const 3))) (f64.const 1))`,
  ]),
];

/** The row before's complement, 1 − z. */
const complement = loop(
  'flip',
  'j',
  '(i32.const 0)',
  get('rowBytes'),
  [
    `(f64.store (i32.add ${get('o')} ${get('j')}) (f64.sub (f64.const 1) (f64.load (i32.sub (i32.add ${get('o')} ${get('j')}) ${get('rowBytes')}))))`,
  ],
  8,
);

const LOCALS = {
  s0: 'i64',
  s1: 'i64',
  a: 'i64',
  u: 'f64',
  w: 'i32',
  hi: 'i32',
  lo: 'i32',
  mid: 'i32',
  k: 'i32',
  j: 'i32',
  r: 'i32',
  t: 'i32',
  o: 'i32',
  row: 'i32',
  rowBytes: 'i32',
};
const PARAMS = ['rows', 'd', 'paired', 'cdf', 'ncdf', 'perm', 'out', 'st'];

/**
 * subsets(rows, d, paired, cdf, ncdf, perm, out, st): `rows` rows of d float64 0/1 at byte address
 * out, each a uniform subset whose size is drawn from the ncdf cdf entries (float64 at cdf),
 * members by partial Fisher–Yates over perm (d int32s, as the caller left them); with
 * `paired`, every odd row is the complement of the one before. st: the stream's state, updated.
 */
export function subsetsWat() {
  return lines(
    '(module',
    '(memory (export "memory") 1)',
    `(func (export "subsets") ${PARAMS.map((p) => `(param $${p} i32)`).join(' ')}`,
    Object.entries(LOCALS)
      .map(([n, t]) => `(local $${n} ${t})`)
      .join(' '),
    loadState('s0', 0),
    loadState('s1', 8),
    set('rowBytes', `(i32.shl ${get('d')} (i32.const 3))`),
    set('o', get('out')),
    loop('row', 'row', '(i32.const 0)', get('rows'), [
      `(if (i32.and ${get('paired')} (i32.and ${get('row')} (i32.const 1)))`,
      '(then',
      complement,
      ')',
      '(else',
      drawSize,
      drawMembers,
      '))',
      set('o', `(i32.add ${get('o')} ${get('rowBytes')})`),
    ]),
    storeState('s0', 0),
    storeState('s1', 8),
    ')',
    ')',
  );
}

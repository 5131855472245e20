// WAT text of LayerNormalization over float32 rows (row length a multiple of 4): the statistics,
// the normalised values and the products all in float64 lanes (each float32 vector widened to two
// f64x2), so the results are those of the scalar float64 loops up to the order of the row sums.
// The backward recomputes x̂ = (x − mean) · inv from x and the saved row statistics instead of
// reading a stored copy.

const lines = (...parts) => parts.flat(Number.POSITIVE_INFINITY).join('\n');
const get = (n) => `(local.get $${n})`;
const set = (n, e) => `(local.set $${n} ${e})`;
const d2 = (o, ...a) => `(f64x2.${o} ${a.join(' ')})`;
/** The low and the high two lanes of a float32 vector, widened. */
const lo = (v) => `(f64x2.promote_low_f32x4 ${v})`;
const hi = (v) => `(f64x2.promote_low_f32x4 (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7 ${v} ${v}))`;
/** Two f64x2 narrowed back into one float32 vector (each value rounded once). */
const narrow = (a, b) =>
  `(i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (f32x4.demote_f64x2_zero ${a}) (f32x4.demote_f64x2_zero ${b}))`;
const laneSum = (v) => `(f64.add (f64x2.extract_lane 0 ${v}) (f64x2.extract_lane 1 ${v}))`;
const bump = (n, by) => set(n, `(i32.add ${get(n)} (i32.const ${by}))`);

/** A loop over one row's vectors: `p` walks 16 bytes a step until `end`; `q` (if given) 32. */
function rowLoop(label, body, ...walkers) {
  return lines(
    `(block $${label}_done (loop $${label}`,
    `(br_if $${label}_done (i32.ge_u ${get('p')} ${get('end')}))`,
    body,
    walkers.map(([n, by]) => bump(n, by)),
    `(br $${label})))`,
  );
}

/** Rewinds the row pointers for another pass. */
const rewind = (pairs) => pairs.map(([n, at]) => set(n, get(at)));

/**
 * layer_norm_f32(rows, len, x, y, scale, bias, stats, eps): y = x̂ · scale + bias per row of `len`
 * float32 values, scale and bias `len` float64 values, stats receiving mean and 1/√(var + ε) per
 * row (float64 pairs).
 */
export function layerNormFunction() {
  const body = lines(
    '(block $rows_done (loop $rows',
    '(br_if $rows_done (i32.eqz (local.get $rows)))',
    set('end', `(i32.add ${get('x')} (i32.shl ${get('len')} (i32.const 2)))`),
    set('p', get('x')),
    set('s0', d2('splat', '(f64.const 0)')),
    set('s1', get('s0')),
    rowLoop(
      'sum',
      lines(
        set('v', `(v128.load ${get('p')})`),
        set('s0', d2('add', get('s0'), lo(get('v')))),
        set('s1', d2('add', get('s1'), hi(get('v')))),
      ),
      ['p', 16],
    ),
    set('mu', `(f64.div ${laneSum(d2('add', get('s0'), get('s1')))} (f64.convert_i32_u ${get('len')}))`),
    set('m2', d2('splat', get('mu'))),
    set('p', get('x')),
    set('s0', d2('splat', '(f64.const 0)')),
    set('s1', get('s0')),
    rowLoop(
      'var',
      lines(
        set('v', `(v128.load ${get('p')})`),
        set('c0', d2('sub', lo(get('v')), get('m2'))),
        set('c1', d2('sub', hi(get('v')), get('m2'))),
        set('s0', d2('add', get('s0'), d2('mul', get('c0'), get('c0')))),
        set('s1', d2('add', get('s1'), d2('mul', get('c1'), get('c1')))),
      ),
      ['p', 16],
    ),
    set(
      'r',
      `(f64.div (f64.const 1) (f64.sqrt (f64.add (f64.div ${laneSum(d2('add', get('s0'), get('s1')))} (f64.convert_i32_u ${get('len')})) ${get('eps')})))`,
    ),
    `(f64.store ${get('stats')} ${get('mu')})`,
    `(f64.store offset=8 ${get('stats')} ${get('r')})`,
    set('r2', d2('splat', get('r'))),
    rewind([
      ['p', 'x'],
      ['q', 'scale'],
      ['b', 'bias'],
    ]),
    set('out', get('y')),
    rowLoop(
      'out',
      lines(
        set('v', `(v128.load ${get('p')})`),
        set(
          'c0',
          d2(
            'add',
            d2('mul', d2('mul', d2('sub', lo(get('v')), get('m2')), get('r2')), `(v128.load ${get('q')})`),
            `(v128.load ${get('b')})`,
          ),
        ),
        set(
          'c1',
          d2(
            'add',
            d2('mul', d2('mul', d2('sub', hi(get('v')), get('m2')), get('r2')), `(v128.load offset=16 ${get('q')})`),
            `(v128.load offset=16 ${get('b')})`,
          ),
        ),
        `(v128.store ${get('out')} ${narrow(get('c0'), get('c1'))})`,
      ),
      ['p', 16],
      ['out', 16],
      ['q', 32],
      ['b', 32],
    ),
    set('x', get('end')),
    set('y', get('out')),
    bump('stats', 16),
    set('rows', '(i32.sub (local.get $rows) (i32.const 1))'),
    '(br $rows)))',
  );
  const params = ['rows', 'len', 'x', 'y', 'scale', 'bias', 'stats'].map((p) => `(param $${p} i32)`).join(' ');
  const locals = lines(
    ['end', 'p', 'q', 'b', 'out'].map((n) => `(local $${n} i32)`),
    ['mu', 'r'].map((n) => `(local $${n} f64)`),
    ['v', 's0', 's1', 'c0', 'c1', 'm2', 'r2'].map((n) => `(local $${n} v128)`),
  );
  return lines(`(func (export "layer_norm_f32") ${params} (param $eps f64)`, locals, body, ')');
}

/**
 * layer_norm_back_f32(rows, len, g, x, dx, scale, stats): dx = inv · (d − mean(d) − x̂ · mean(d · x̂))
 * per row, d = g · scale, x̂ = (x − mean) · inv from the forward's stats.
 */
export function layerNormBackFunction() {
  /** d and x̂ of the vector at p (g at pg, scale at q) into (d0, d1) and (h0, h1). */
  const dAndH = lines(
    set('v', `(v128.load ${get('p')})`),
    set('w', `(v128.load ${get('pg')})`),
    set('d0', d2('mul', lo(get('w')), `(v128.load ${get('q')})`)),
    set('d1', d2('mul', hi(get('w')), `(v128.load offset=16 ${get('q')})`)),
    set('h0', d2('mul', d2('sub', lo(get('v')), get('m2')), get('r2'))),
    set('h1', d2('mul', d2('sub', hi(get('v')), get('m2')), get('r2'))),
  );
  const mean = (a, b) => `(f64.div ${laneSum(d2('add', get(a), get(b)))} (f64.convert_i32_u ${get('len')}))`;
  const body = lines(
    '(block $rows_done (loop $rows',
    '(br_if $rows_done (i32.eqz (local.get $rows)))',
    set('end', `(i32.add ${get('x')} (i32.shl ${get('len')} (i32.const 2)))`),
    set('m2', d2('splat', `(f64.load ${get('stats')})`)),
    set('r2', d2('splat', `(f64.load offset=8 ${get('stats')})`)),
    rewind([
      ['p', 'x'],
      ['pg', 'g'],
      ['q', 'scale'],
    ]),
    set('s0', d2('splat', '(f64.const 0)')),
    ['s1', 't0', 't1'].map((n) => set(n, get('s0'))),
    rowLoop(
      'sums',
      lines(
        dAndH,
        set('s0', d2('add', get('s0'), get('d0'))),
        set('s1', d2('add', get('s1'), get('d1'))),
        set('t0', d2('add', get('t0'), d2('mul', get('d0'), get('h0')))),
        set('t1', d2('add', get('t1'), d2('mul', get('d1'), get('h1')))),
      ),
      ['p', 16],
      ['pg', 16],
      ['q', 32],
    ),
    set('a2', d2('splat', mean('s0', 's1'))),
    set('b2', d2('splat', mean('t0', 't1'))),
    rewind([
      ['p', 'x'],
      ['pg', 'g'],
      ['q', 'scale'],
    ]),
    rowLoop(
      'out',
      lines(
        dAndH,
        set('d0', d2('mul', get('r2'), d2('sub', d2('sub', get('d0'), get('a2')), d2('mul', get('h0'), get('b2'))))),
        set('d1', d2('mul', get('r2'), d2('sub', d2('sub', get('d1'), get('a2')), d2('mul', get('h1'), get('b2'))))),
        `(v128.store ${get('dx')} ${narrow(get('d0'), get('d1'))})`,
      ),
      ['p', 16],
      ['pg', 16],
      ['dx', 16],
      ['q', 32],
    ),
    set('x', get('end')),
    set('g', get('pg')),
    bump('stats', 16),
    set('rows', '(i32.sub (local.get $rows) (i32.const 1))'),
    '(br $rows)))',
  );
  const params = ['rows', 'len', 'g', 'x', 'dx', 'scale', 'stats'].map((p) => `(param $${p} i32)`).join(' ');
  const locals = lines(
    ['end', 'p', 'pg', 'q'].map((n) => `(local $${n} i32)`),
    ['v', 'w', 's0', 's1', 't0', 't1', 'd0', 'd1', 'h0', 'h1', 'm2', 'r2', 'a2', 'b2'].map((n) => `(local $${n} v128)`),
  );
  return lines(`(func (export "layer_norm_back_f32") ${params}`, locals, body, ')');
}

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matmulKernel } from '../matmul.js';
import { SIMD_MODULE_BASE64 } from './simdBytes.js';
import { SIMD_BIAS, SIMD_BIAS_RELU, SIMD_PLAIN, createSimdInstance, kernelBackend, reserveSimdMemory } from './simdInstance.js';

const f = Math.fround;

/** A strided problem: shapes, row strides ≥ the row lengths, the mode, and the values. */
const problem = fc
  .record({
    n: fc.integer({ min: 0, max: 19 }),
    k: fc.integer({ min: 0, max: 23 }),
    m: fc.integer({ min: 0, max: 37 }),
    padA: fc.integer({ min: 0, max: 3 }),
    padB: fc.integer({ min: 0, max: 5 }),
    padC: fc.integer({ min: 0, max: 2 }),
    mode: fc.constantFrom(SIMD_PLAIN, SIMD_BIAS, SIMD_BIAS_RELU),
    seed: fc.integer(),
  })
  .map((p) => ({ ...p, sa: p.k + p.padA, sb: p.m + p.padB, sc: p.m + p.padC }));

type Problem = typeof problem extends fc.Arbitrary<infer T> ? T : never;

/** Deterministic values with a wide spread of exponents and signs (and exact zeros). */
function fill(out: Float64Array | Float32Array, seed: number): void {
  let s = seed | 0;
  for (let i = 0; i < out.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) | 0;
    const u = (s >>> 8) / 2 ** 24;
    out[i] = u < 0.05 ? 0 : (u - 0.5) * 2 ** ((s & 31) - 12);
  }
}

/** Byte addresses of A, B, C and the bias, one after another (8-byte aligned). */
function addresses(p: Problem, bytes: number): { a: number; b: number; c: number; bias: number; end: number } {
  const a = 64;
  const b = a + bytes * (p.n * p.sa + 8);
  const c = b + bytes * (p.k * p.sb + 8);
  const bias = c + bytes * (p.n * p.sc + 8);
  return { a, b, c, bias, end: bias + bytes * (p.m + 8) };
}

/** Same bits (NaN payloads aside, none arise here), zeros' signs included. */
function sameBits(got: ArrayLike<number>, want: ArrayLike<number>): void {
  expect(got.length).toBe(want.length);
  for (let i = 0; i < want.length; i++) if (!Object.is(got[i], want[i])) expect([i, got[i]]).toEqual([i, want[i]]);
}

describe('SIMD matmul kernels', () => {
  const simd = createSimdInstance(true);

  it('is available in this Node (the fallback is tested by forcing XAI_KERNELS=js elsewhere)', () => {
    expect(simd).not.toBeNull();
  });

  it('mm_f64 gives the bits of matmulKernel + bias + Math.max(·, 0) on random strided shapes', () => {
    const k = simd!;
    fc.assert(
      fc.property(problem, (p) => {
        const at = addresses(p, 8);
        reserveSimdMemory(k, at.end);
        const mem = new Float64Array(k.memory.buffer);
        mem.fill(Number.NaN); // padding and stale output must not leak into the result
        const A = mem.subarray(at.a / 8, at.a / 8 + p.n * p.sa);
        const B = mem.subarray(at.b / 8, at.b / 8 + p.k * p.sb);
        const bias = mem.subarray(at.bias / 8, at.bias / 8 + p.m);
        fill(A, p.seed);
        fill(B, p.seed + 1);
        fill(bias, p.seed + 2);
        const ref = new Float64Array(p.n * p.sc);
        matmulKernel(
          { rows: p.n, cols: p.k, data: A.slice(), stride: p.sa },
          { rows: p.k, cols: p.m, data: B.slice(), stride: p.sb },
          { rows: p.n, cols: p.m, data: ref, stride: p.sc },
        );
        k.mmF64(p.n, p.k, p.m, at.a, p.sa, at.b, p.sb, at.c, p.sc, at.bias, p.mode);
        const C = new Float64Array(k.memory.buffer, at.c, p.n * p.sc);
        for (let i = 0; i < p.n; i++)
          for (let j = 0; j < p.m; j++) {
            let v = ref[i * p.sc + j]!;
            if (p.mode >= SIMD_BIAS) v = v + bias[j]!;
            if (p.mode === SIMD_BIAS_RELU) v = Math.max(v, 0);
            ref[i * p.sc + j] = v;
          }
        const pick = (x: Float64Array) => Array.from({ length: p.n * p.m }, (_, q) => x[Math.floor(q / p.m) * p.sc + (q % p.m)]!);
        sameBits(pick(C), pick(ref));
        for (let i = 0; i + 1 < p.n; i++) for (let j = p.m; j < p.sc; j++) expect(C[i * p.sc + j]).toBeNaN(); // padding untouched
      }),
      { numRuns: 300 },
    );
  });

  it('mm_f32 gives the bits of the Math.fround emulation (each + and × rounded, p ascending)', () => {
    const k = simd!;
    fc.assert(
      fc.property(problem, (p) => {
        const at = addresses(p, 4);
        reserveSimdMemory(k, at.end);
        const mem = new Float32Array(k.memory.buffer);
        mem.fill(Number.NaN);
        const A = mem.subarray(at.a / 4, at.a / 4 + p.n * p.sa);
        const B = mem.subarray(at.b / 4, at.b / 4 + p.k * p.sb);
        const bias = mem.subarray(at.bias / 4, at.bias / 4 + p.m);
        fill(A, p.seed);
        fill(B, p.seed + 1);
        fill(bias, p.seed + 2);
        k.mmF32(p.n, p.k, p.m, at.a, p.sa, at.b, p.sb, at.c, p.sc, at.bias, p.mode);
        const C = new Float32Array(k.memory.buffer, at.c, p.n * p.sc);
        const got: number[] = [];
        const want: number[] = [];
        for (let i = 0; i < p.n; i++)
          for (let j = 0; j < p.m; j++) {
            let acc = 0;
            for (let q = 0; q < p.k; q++) acc = f(acc + f(A[i * p.sa + q]! * B[q * p.sb + j]!));
            if (p.mode >= SIMD_BIAS) acc = f(acc + bias[j]!);
            if (p.mode === SIMD_BIAS_RELU) acc = Math.max(acc, 0);
            want.push(acc);
            got.push(C[i * p.sc + j]!);
          }
        sameBits(got, want);
      }),
      { numRuns: 300 },
    );
  });

  it('mms_f64 / mms_f32 (zeros of A skipped) give the bits of mm_f64 / mm_f32 when B is finite', () => {
    const k = simd!;
    fc.assert(
      fc.property(problem, fc.boolean(), fc.boolean(), (p, double, shared) => {
        const bytes = double ? 8 : 4;
        const at = addresses(p, bytes);
        const scratch = at.end + 16;
        // scratch: 2k elements, then k int32s
        const c2 = scratch + 16 * Math.ceil((2 * bytes * (p.k + 8) + 4 * (p.k + 8)) / 16);
        reserveSimdMemory(k, c2 + bytes * (p.n * p.sc + 8));
        const Type = double ? Float64Array : Float32Array;
        const mem = new Type(k.memory.buffer);
        mem.fill(Number.NaN);
        const A = mem.subarray(at.a / bytes, at.a / bytes + p.n * p.sa);
        fill(A, p.seed);
        // about half exact zeros of both signs, as ReLU outputs and masked gradients have: at
        // independent places (rows run one by one), or mostly the same terms in every row
        // (perturbations of one instance: rows run in pairs over the union of their terms)
        for (let q = 0; q < A.length; q++) {
          const term = q % p.sa;
          const zero = shared
            ? (term * 2654435761 + p.seed) % 7 < 3 !== ((q * 40503 + p.seed) % 11 === 0)
            : (q * 2654435761 + p.seed) % 7 < 3;
          if (zero) A[q] = q % 2 === 0 ? 0 : -0;
        }
        fill(mem.subarray(at.b / bytes, at.b / bytes + p.k * p.sb), p.seed + 1);
        fill(mem.subarray(at.bias / bytes, at.bias / bytes + p.m), p.seed + 2);
        const [dense, sparse] = double ? [k.mmF64, k.mmsF64] : [k.mmF32, k.mmsF32];
        dense(p.n, p.k, p.m, at.a, p.sa, at.b, p.sb, at.c, p.sc, at.bias, p.mode);
        sparse(p.n, p.k, p.m, at.a, p.sa, at.b, p.sb, c2, p.sc, at.bias, p.mode, scratch);
        const view = new Type(k.memory.buffer);
        const got: number[] = [];
        const want: number[] = [];
        for (let i = 0; i < p.n; i++)
          for (let j = 0; j < p.m; j++) {
            got.push(view[c2 / bytes + i * p.sc + j]!);
            want.push(view[at.c / bytes + i * p.sc + j]!);
          }
        sameBits(got, want);
        for (let i = 0; i + 1 < p.n; i++) for (let j = p.m; j < p.sc; j++) expect(view[c2 / bytes + i * p.sc + j]).toBeNaN();
      }),
      { numRuns: 300 },
    );
  });

  it('mms_f64 skips a zero term only: 0 · Infinity in B would have made NaN (so callers keep B finite)', () => {
    const k = simd!;
    const mem = new Float64Array(k.memory.buffer);
    // A = [0, 2] (1 x 2), B = [[Infinity], [3]] (2 x 1): dense 0·∞ + 6 = NaN, sparse 6
    mem.set([0, 2], 8);
    mem.set([Number.POSITIVE_INFINITY, 3], 16);
    k.mmF64(1, 2, 1, 64, 2, 128, 1, 192, 1, 0, SIMD_PLAIN);
    k.mmsF64(1, 2, 1, 64, 2, 128, 1, 200, 1, 0, SIMD_PLAIN, 256);
    expect(mem[24]).toBeNaN();
    expect(mem[25]).toBe(6);
  });

  it('relu_mask zeroes g where a <= 0, as the scalar loop does (NaN keeps g, signed zeros, odd lengths, both types)', () => {
    const k = simd!;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 41 }), fc.integer(), fc.boolean(), (len, seed, double) => {
        const bytes = double ? 8 : 4;
        const Type = double ? Float64Array : Float32Array;
        const g = 64;
        const a = g + 16 * Math.ceil((bytes * (len + 4)) / 16);
        reserveSimdMemory(k, a + bytes * (len + 4));
        const mem = new Type(k.memory.buffer);
        const G = mem.subarray(g / bytes, g / bytes + len + 4);
        const A = mem.subarray(a / bytes, a / bytes + len);
        fill(G, seed);
        fill(A, seed + 1);
        const specials = [0, -0, Number.NaN, -1e-300, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
        for (let q = 0; q < len; q++) if ((q * 2654435761 + seed) % 5 === 0) A[q] = specials[q % specials.length]!;
        const want = Array.from(G);
        for (let q = 0; q < len; q++) if (A[q]! <= 0) want[q] = 0;
        (double ? k.reluMaskF64 : k.reluMaskF32)(len, g, a);
        // the elements past len are left alone
        sameBits(Array.from(new Type(k.memory.buffer, g, len + 4)), want);
      }),
      { numRuns: 300 },
    );
  });

  it('grows memory on request and reports when views must be remade', () => {
    const k = createSimdInstance(true)!;
    const before = k.memory.buffer.byteLength;
    expect(reserveSimdMemory(k, before)).toBe(false);
    expect(reserveSimdMemory(k, before + 1)).toBe(true);
    expect(k.memory.buffer.byteLength).toBeGreaterThan(before);
    expect(() => reserveSimdMemory(k, -1)).toThrow(/BAD_INPUT.*reserveSimdMemory: bytes/);
    expect(() => reserveSimdMemory(k, Number.NaN)).toThrow(/non-negative integer byte count, got NaN/);
  });

  it('is turned off by XAI_KERNELS=js unless forced', () => {
    const before = process.env.XAI_KERNELS;
    process.env.XAI_KERNELS = 'js';
    try {
      expect(kernelBackend()).toBe('js');
      expect(createSimdInstance()).toBeNull();
      expect(createSimdInstance(true)).not.toBeNull();
    } finally {
      if (before === undefined) delete process.env.XAI_KERNELS;
      else process.env.XAI_KERNELS = before;
    }
    expect(kernelBackend()).toBe('simd');
  });

  it('ships the bytes the generator compiles today', async () => {
    const script = new URL('../../../scripts/compileSimd.mjs', import.meta.url).href;
    const { simdBytes } = (await import(script)) as { simdBytes: () => Promise<Uint8Array> };
    const fresh = Buffer.from(await simdBytes()).toString('base64');
    expect(fresh).toBe(SIMD_MODULE_BASE64);
  });
});

describe('gelu_f32', () => {
  // y and dy/dx from Python's math.erf at float32 inputs (scripts/gelu_reference.py)
  const ref = JSON.parse(readFileSync(new URL('./geluReference.json', import.meta.url), 'utf8')) as {
    x: number[];
    y: number[];
    dydx: number[];
  };

  /** The kernel over the reference inputs (torch's constants r = 1/√2, c2 = 1, c3 = 1/2). */
  function run(keep: boolean): { y: Float32Array; d: Float32Array } {
    const k = createSimdInstance(true)!;
    const n = ref.x.length;
    const bytes = Math.ceil(n / 4) * 16;
    reserveSimdMemory(k, 3 * bytes + 16);
    new Float32Array(k.memory.buffer, 0, n).set(ref.x);
    k.geluF32(n, 0, bytes, keep ? 2 * bytes : 0, f(Math.SQRT1_2), 1, 0.5);
    return { y: new Float32Array(k.memory.buffer, bytes, n), d: new Float32Array(k.memory.buffer, 2 * bytes, n) };
  }

  it('is within float32 rounding of erf’s GELU, and of its derivative', () => {
    const { y, d } = run(true);
    ref.x.forEach((x, i) => {
      // |y| <= |x|: the error in units of x, and relative to y itself where erf does not cancel (x > −3)
      expect(Math.abs(y[i]! - ref.y[i]!)).toBeLessThanOrEqual(2e-7 * Math.abs(x));
      if (x > -3 && ref.y[i] !== 0) expect(Math.abs(y[i]! / ref.y[i]! - 1)).toBeLessThanOrEqual(1e-6);
      if (Math.abs(x) < 1e5) expect(Math.abs(d[i]! - ref.dydx[i]!)).toBeLessThanOrEqual(3e-7 * Math.max(1, Math.abs(x)));
    });
  });

  it('writes no derivative when keep is 0', () => {
    expect([...run(false).d].every((v) => v === 0)).toBe(true);
  });

  it('gives the same bits in its several-vector steps as one vector at a time, for any length', () => {
    // one call over len elements runs several vectors a step and the rest singly; calls of 4
    // elements run only the single-vector loop
    const k = createSimdInstance(true)!;
    const n = ref.x.length;
    const bytes = Math.ceil(n / 4) * 16;
    reserveSimdMemory(k, 5 * bytes + 16);
    new Float32Array(k.memory.buffer, 0, n).set(ref.x);
    const [yAt, keepAt, y1At, keep1At] = [bytes, 2 * bytes, 3 * bytes, 4 * bytes];
    for (let q = 0; q < bytes; q += 16) k.geluF32(4, q, y1At + q, keep1At + q, f(Math.SQRT1_2), 1, 0.5);
    const whole = (at: number, len: number) => new Uint32Array(k.memory.buffer, at, Math.ceil(len / 4) * 4);
    for (const len of [1, 4, 5, 8, 12, 13, 24, 27, 28, 40, n]) {
      new Uint8Array(k.memory.buffer, bytes, 2 * bytes).fill(0);
      k.geluF32(len, 0, yAt, keepAt, f(Math.SQRT1_2), 1, 0.5);
      expect(whole(yAt, len)).toEqual(whole(y1At, len));
      expect(whole(keepAt, len)).toEqual(whole(keep1At, len));
      // nothing past the last whole vector
      expect(new Uint32Array(k.memory.buffer, yAt + Math.ceil(len / 4) * 16, 4).every((v) => v === 0) || len === n).toBe(true);
    }
  });
});

describe('mul_f32', () => {
  it('gives Math.fround of each product, over whole vectors only', () => {
    const k = createSimdInstance(true)!;
    const n = 4 * 40;
    const a = new Float32Array(n);
    const b = new Float32Array(n);
    fill(a, 3);
    fill(b, 11);
    a.set([f(3.4e38), -0, f(1e-45), Number.POSITIVE_INFINITY, f(1.1)], 0);
    b.set([2, 5, f(0.5), 0, f(1.3)], 0);
    reserveSimdMemory(k, 3 * 4 * n);
    new Float32Array(k.memory.buffer, 0, n).set(a);
    new Float32Array(k.memory.buffer, 4 * n, n).set(b);
    for (const len of [0, 1, 5, 8, 37, n]) {
      const out = new Float32Array(k.memory.buffer, 8 * n, n);
      out.fill(7);
      k.mulF32(len, 0, 4 * n, 8 * n);
      const whole = Math.ceil(len / 4) * 4;
      out.forEach((v, q) => expect(Object.is(v, q < whole ? f(a[q]! * b[q]!) : 7)).toBe(true));
    }
  });
});

describe('layer_norm_f32 and layer_norm_back_f32', () => {
  const [rows, len, eps] = [5, 12, 1e-5];
  const x = Float32Array.from({ length: rows * len }, (_, i) => f(Math.sin(i * 1.7) * (1 + (i % 5)) + (i % len === 3 ? 40 : 0)));
  const g = Float32Array.from({ length: rows * len }, (_, i) => f(Math.cos(i * 0.9)));
  const scale = Float64Array.from({ length: len }, (_, j) => f(0.5 + j / 7));
  const bias = Float64Array.from({ length: len }, (_, j) => f(j / 3 - 1));

  /** The row's statistics, output and input gradient by the textbook float64 formulas. */
  function reference(o: number): { mu: number; inv: number; y: number[]; dx: number[] } {
    const row = [...x.subarray(o * len, (o + 1) * len)];
    const mu = row.reduce((s, v) => s + v, 0) / len;
    const inv = 1 / Math.sqrt(row.reduce((s, v) => s + (v - mu) ** 2, 0) / len + eps);
    const h = row.map((v) => (v - mu) * inv);
    const d = h.map((_, j) => g[o * len + j]! * scale[j]!);
    const m1 = d.reduce((s, v) => s + v, 0) / len;
    const m2 = d.reduce((s, v, j) => s + v * h[j]!, 0) / len;
    return { mu, inv, y: h.map((v, j) => v * scale[j]! + bias[j]!), dx: d.map((v, j) => inv * (v - m1 - h[j]! * m2)) };
  }

  it('gives the float64 formulas’ statistics, and their outputs and gradients rounded to float32', () => {
    const k = createSimdInstance(true)!;
    const n = rows * len;
    const [xAt, yAt, gAt, dxAt, sAt, bAt, stAt] = [0, 4 * n, 8 * n, 12 * n, 16 * n, 16 * n + 8 * len, 16 * n + 16 * len];
    reserveSimdMemory(k, stAt + 16 * rows);
    const mem = k.memory.buffer;
    new Float32Array(mem, xAt, n).set(x);
    new Float32Array(mem, gAt, n).set(g);
    new Float64Array(mem, sAt, len).set(scale);
    new Float64Array(mem, bAt, len).set(bias);
    k.layerNormF32(rows, len, xAt, yAt, sAt, bAt, stAt, eps);
    k.layerNormBackF32(rows, len, gAt, xAt, dxAt, sAt, stAt);
    const [y, dx, st] = [new Float32Array(mem, yAt, n), new Float32Array(mem, dxAt, n), new Float64Array(mem, stAt, 2 * rows)];
    for (let o = 0; o < rows; o++) {
      const r = reference(o);
      expect(st[2 * o]).toBeCloseTo(r.mu, 13);
      expect(Math.abs(st[2 * o + 1]! / r.inv - 1)).toBeLessThan(1e-14);
      for (let j = 0; j < len; j++) {
        expect(Math.abs(y[o * len + j]! - r.y[j]!)).toBeLessThanOrEqual(2 ** -24 * Math.abs(r.y[j]!) * 1.0001);
        expect(Math.abs(dx[o * len + j]! - r.dx[j]!)).toBeLessThanOrEqual(2 ** -24 * Math.abs(r.dx[j]!) * 1.0001 + 1e-12);
      }
    }
  });
});

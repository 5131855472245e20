import { XaiError, describeValue } from '../errors.js';
import { fmix32, mixNumber, mixWord } from './hash.js';
import { STREAM_STATE } from '../internal/streamState.js';

/** A key component of a random sub-stream: a number (e.g. a row hash) or a label. */
export type StreamKey = number | string;

/**
 * A seeded random source. Every draw in the toolkit comes from one of these, created by
 * `createRng(seed)` or `substream(seed, ...keys)`; there is no global generator.
 */
export interface Rng {
  /** Uniform in [0, 1) with 53 random bits. */
  uniform(): number;
  /** Standard normal N(0, 1) (Box–Muller; the pair's second value is kept for the next call). */
  normal(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** True with probability p. */
  bernoulli(p: number): boolean;
  /** Fills out[start, end) with N(mean, std²) draws. */
  fillNormal(out: Float64Array, mean?: number, std?: number, start?: number, end?: number): Float64Array;
  /** Fills out[start, end) with uniform [0, 1) draws. */
  fillUniform(out: Float64Array, start?: number, end?: number): Float64Array;
  /** Fisher–Yates shuffle in place. */
  shuffle<T extends { length: number; [i: number]: unknown }>(values: T): T;
  /** A uniformly random permutation of 0..n-1. */
  permutation(n: number): Int32Array;
  /** k distinct indices from 0..n-1, uniformly, in draw order (partial Fisher–Yates). */
  choice(n: number, k: number): Int32Array;
  /** An independent child stream keyed by `keys` (same keys → same child, whatever was drawn before). */
  fork(...keys: StreamKey[]): Rng;
}

function checkSeed(seed: number, fn: string): void {
  if (!Number.isSafeInteger(seed))
    throw new XaiError('BAD_INPUT', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// The seed's part of both hashes, kept for the last seed seen (kernels key many streams by one seed).
let lastSeed = Number.NaN;
let lastH1 = 0;
let lastH2 = 0;

/**
 * Writes the xoroshiro128+ state of stream (seed, ...keys) into `st` as pure-rand's
 * `xoroshiro128plusFromState` takes it: [s01, s00, s11, s10]. Two independent 32-bit hashes
 * of (seed, keys) (mixNumber / mixString, tagged 2 / 1 per key) give 64 bits of stream
 * identity; both chains advance in one pass so that each key's words are read once.
 */
function seedState(st: Int32Array, seed: number, keys: readonly StreamKey[]): void {
  if (seed !== lastSeed) {
    lastH1 = mixNumber(0x9e3779b9, seed);
    lastH2 = mixNumber(0x7f4a7c15, seed);
    lastSeed = seed;
  }
  let h1 = lastH1;
  let h2 = lastH2;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (typeof key === 'string') {
      h1 = mixWord(mixWord(h1, 1), key.length);
      h2 = mixWord(mixWord(h2, 1), key.length);
      for (let c = 0; c < key.length; c++) {
        const code = key.charCodeAt(c);
        h1 = mixWord(h1, code);
        h2 = mixWord(h2, code);
      }
    } else {
      f64[0] = key === 0 ? 0 : key; // mixNumber's words: -0 as 0
      const w0 = u32[0]!;
      const w1 = u32[1]!;
      h1 = mixWord(mixWord(mixWord(h1, 2), w0), w1);
      h2 = mixWord(mixWord(mixWord(h2, 2), w0), w1);
    }
  }
  // Four decorrelated words; xoroshiro needs a non-zero state.
  st[0] = fmix32(h1 ^ 0x243f6a88);
  st[1] = fmix32(h2 ^ 0x85a308d3);
  st[2] = fmix32(h1 ^ 0x13198a2e);
  st[3] = fmix32(h2 ^ 0x03707344);
  if ((st[0]! | st[1]! | st[2]! | st[3]!) === 0) st[0] = 1;
}

// xoroshiro128+ exactly as pure-rand 8.4.2 implements it (32-bit halves s01:s00 and s11:s10,
// 32-bit output s00 + s10), and its uniformFloat64: 26 + 27 bits of two outputs, scaled by
// 2^-26 and 2^-53 (an exact sum). Inlined so that a fill is one loop over local state.
const MASK26 = 0x3ffffff;
const MASK27 = 0x7ffffff;
const SCALE26 = 1.4901161193847656e-8;
const SCALE53 = 11102230246251565e-32;

/** One xoroshiro128+ step on `st`, returning its 32-bit output. */
function next32(st: Int32Array): number {
  const s01 = st[0]!;
  const s00 = st[1]!;
  const s11 = st[2]!;
  const s10 = st[3]!;
  const a0 = s10 ^ s00;
  const a1 = s11 ^ s01;
  st[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
  st[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
  st[2] = (a0 << 5) ^ (a1 >>> 27);
  st[3] = (a1 << 5) ^ (a0 >>> 27);
  return (s00 + s10) | 0;
}

/** Uniform in [0, 1) with 53 bits (pure-rand's uniformFloat64 on this state). */
function uniform53(st: Int32Array): number {
  const hi = next32(st) & MASK26;
  return hi * SCALE26 + (next32(st) & MASK27) * SCALE53;
}

/** One Box–Muller pair from (u, v): the cosine value; the sine value goes to `pair[1]`. */
function boxMuller(st: Int32Array, pair: Float64Array): number {
  let u = 0;
  while (u === 0) u = uniform53(st); // log(0) guard
  const v = uniform53(st);
  const r = Math.sqrt(-2 * Math.log(u));
  const t = 2 * Math.PI * v;
  pair[1] = r * Math.sin(t);
  return r * Math.cos(t);
}

/**
 * Fills out[start, end) with `mean + std * z`, z drawn as `normal()` would draw them with no
 * spare pending (pairs: cosine then sine). Returns the sine of an odd last pair (the spare
 * for the next call) when `keepSpare`, else NaN (never a draw: every draw is finite).
 */
function fillNormalState(
  st: Int32Array,
  out: Float64Array,
  mean: number,
  std: number,
  start: number,
  end: number,
  keepSpare: boolean,
): number {
  let s01 = st[0]!;
  let s00 = st[1]!;
  let s11 = st[2]!;
  let s10 = st[3]!;
  let spare = Number.NaN;
  for (let i = start; i < end; i += 2) {
    let u = 0;
    let v = 0;
    // Uniforms until one is non-zero (u: the log(0) guard), then one more (v).
    for (;;) {
      let a0 = s10 ^ s00;
      let a1 = s11 ^ s01;
      const w1 = (s00 + s10) & MASK26;
      let n00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
      s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
      s00 = n00;
      s10 = (a1 << 5) ^ (a0 >>> 27);
      s11 = (a0 << 5) ^ (a1 >>> 27);
      a0 = s10 ^ s00;
      a1 = s11 ^ s01;
      const w2 = (s00 + s10) & MASK27;
      n00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
      s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
      s00 = n00;
      s10 = (a1 << 5) ^ (a0 >>> 27);
      s11 = (a0 << 5) ^ (a1 >>> 27);
      const x = w1 * SCALE26 + w2 * SCALE53;
      if (u !== 0) {
        v = x;
        break;
      }
      u = x;
    }
    const r = Math.sqrt(-2 * Math.log(u));
    const t = 2 * Math.PI * v;
    out[i] = mean + std * (r * Math.cos(t));
    if (i + 1 < end) out[i + 1] = mean + std * (r * Math.sin(t));
    else if (keepSpare) spare = r * Math.sin(t);
  }
  st[0] = s01;
  st[1] = s00;
  st[2] = s11;
  st[3] = s10;
  return spare;
}

const PAIR = new Float64Array(2);

class SeededRng implements Rng {
  private spare = 0;
  private hasSpare = false;
  /** xoroshiro128+ state [s01, s00, s11, s10]. */
  private readonly st = new Int32Array(4);

  constructor(
    private readonly seed: number,
    private readonly keys: readonly StreamKey[],
  ) {
    seedState(this.st, seed, keys);
  }

  /** The live state, for bulk kernels that draw in its place (randomSubsets.ts). */
  get [STREAM_STATE](): Int32Array {
    return this.st;
  }

  uniform(): number {
    return uniform53(this.st);
  }

  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    const z = boxMuller(this.st, PAIR);
    this.spare = PAIR[1]!;
    this.hasSpare = true;
    return z;
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0)
      throw new XaiError('BAD_INPUT', `n must be a positive integer, got ${describeValue(n)}`, { fn: 'Rng.int', arg: 'n', value: n });
    return Math.floor(uniform53(this.st) * n);
  }

  bernoulli(p: number): boolean {
    return uniform53(this.st) < p;
  }

  fillNormal(out: Float64Array, mean = 0, std = 1, start = 0, end = out.length): Float64Array {
    if (!(Number.isInteger(start) && Number.isInteger(end))) {
      // Odd bounds (fractions, NaN, Infinity) keep the element-wise loop's exact draw count.
      for (let i = start; i < end; i++) out[i] = mean + std * this.normal();
      return out;
    }
    if (start >= end) return out;
    if (this.hasSpare) {
      this.hasSpare = false;
      out[start++] = mean + std * this.spare;
    }
    const spare = fillNormalState(this.st, out, mean, std, start, end, true);
    if (!Number.isNaN(spare)) {
      this.spare = spare;
      this.hasSpare = true;
    }
    return out;
  }

  fillUniform(out: Float64Array, start = 0, end = out.length): Float64Array {
    const st = this.st;
    for (let i = start; i < end; i++) out[i] = uniform53(st);
    return out;
  }

  shuffle<T extends { length: number; [i: number]: unknown }>(values: T): T {
    const st = this.st;
    for (let i = values.length - 1; i > 0; i--) {
      const j = Math.floor(uniform53(st) * (i + 1));
      const tmp = values[i];
      values[i] = values[j];
      values[j] = tmp;
    }
    return values;
  }

  permutation(n: number): Int32Array {
    const p = new Int32Array(n);
    for (let i = 0; i < n; i++) p[i] = i;
    return this.shuffle(p);
  }

  choice(n: number, k: number): Int32Array {
    if (!Number.isInteger(k) || k < 0 || k > n)
      throw new XaiError('BAD_INPUT', `cannot choose ${describeValue(k)} of ${n} without replacement`, {
        fn: 'Rng.choice',
        arg: 'k',
        value: k,
      });
    const st = this.st;
    const pool = new Int32Array(n);
    for (let i = 0; i < n; i++) pool[i] = i;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(uniform53(st) * (n - i));
      const tmp = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = tmp;
    }
    return pool.slice(0, k);
  }

  fork(...keys: StreamKey[]): Rng {
    return substream(this.seed, ...this.keys, ...keys);
  }
}

/**
 * A generator seeded by an integer: the same seed gives the same numbers on any machine
 * (xoroshiro128+ as in pure-rand 8.4.2; 128-bit state derived by hashing the seed).
 * @example createRng(42).normal()
 * @since 0.1.0
 */
export function createRng(seed: number): Rng {
  return substream(seed);
}

/**
 * An independent stream keyed by (seed, ...keys). The draws for key i are the same
 * whether it is drawn first or after a thousand others, in any worker.
 * @example substream(seed, hashFloat64(row(x, i)), 'smoothgrad')
 * @since 0.1.0
 */
export function substream(seed: number, ...keys: StreamKey[]): Rng {
  checkSeed(seed, 'substream');
  return new SeededRng(seed, keys);
}

const FILL_STATE = new Int32Array(4);

/**
 * `substream(seed, ...keys).fillNormal(out, mean, std, start, end)` on a fresh stream, without
 * creating it: the same values bit for bit, no allocation. For kernels that draw one block per
 * row from its own stream (e.g. the Random control), with a reused `keys` array.
 * @example for (let i = 0; i < n; i++) { keys[0] = rowKeys[i]; fillSubstreamNormal(out, seed, keys, i * d, (i + 1) * d) }
 * @since 0.2.0
 */
export function fillSubstreamNormal(
  out: Float64Array,
  seed: number,
  keys: readonly StreamKey[],
  start = 0,
  end = out.length,
  mean = 0,
  std = 1,
): Float64Array {
  checkSeed(seed, 'fillSubstreamNormal');
  if (!(Number.isInteger(start) && Number.isInteger(end))) return substream(seed, ...keys).fillNormal(out, mean, std, start, end);
  if (start >= end) return out;
  seedState(FILL_STATE, seed, keys);
  fillNormalState(FILL_STATE, out, mean, std, start, end, false);
  return out;
}

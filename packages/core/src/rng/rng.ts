import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { XaiError, describeValue } from '../errors.js';
import { fmix32, mixNumber, mixString, mixWord } from './hash.js';

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

function stateFor(seed: number, keys: readonly StreamKey[]): number[] {
  // Two independent 32-bit hashes of (seed, keys) give 64 bits of stream identity.
  let h1 = mixNumber(0x9e3779b9, seed);
  let h2 = mixNumber(0x7f4a7c15, seed);
  for (const key of keys) {
    if (typeof key === 'string') {
      h1 = mixString(mixWord(h1, 1), key);
      h2 = mixString(mixWord(h2, 1), key);
    } else {
      h1 = mixNumber(mixWord(h1, 2), key);
      h2 = mixNumber(mixWord(h2, 2), key);
    }
  }
  // Four decorrelated words; xoroshiro needs a non-zero state.
  const s: number[] = [fmix32(h1 ^ 0x243f6a88), fmix32(h2 ^ 0x85a308d3), fmix32(h1 ^ 0x13198a2e), fmix32(h2 ^ 0x03707344)].map(
    (w) => w | 0,
  );
  if (!s.some((w) => w !== 0)) s[0] = 1;
  return s;
}

class SeededRng implements Rng {
  private spare = 0;
  private hasSpare = false;

  constructor(
    private readonly gen: RandomGenerator,
    private readonly seed: number,
    private readonly keys: readonly StreamKey[],
  ) {}

  uniform(): number {
    return uniformFloat64(this.gen);
  }

  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u = 0;
    while (u === 0) u = uniformFloat64(this.gen); // log(0) guard
    const v = uniformFloat64(this.gen);
    const r = Math.sqrt(-2 * Math.log(u));
    const t = 2 * Math.PI * v;
    this.spare = r * Math.sin(t);
    this.hasSpare = true;
    return r * Math.cos(t);
  }

  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0)
      throw new XaiError('BAD_INPUT', `n must be a positive integer, got ${describeValue(n)}`, { fn: 'Rng.int', arg: 'n', value: n });
    return Math.floor(uniformFloat64(this.gen) * n);
  }

  bernoulli(p: number): boolean {
    return uniformFloat64(this.gen) < p;
  }

  fillNormal(out: Float64Array, mean = 0, std = 1, start = 0, end = out.length): Float64Array {
    for (let i = start; i < end; i++) out[i] = mean + std * this.normal();
    return out;
  }

  fillUniform(out: Float64Array, start = 0, end = out.length): Float64Array {
    for (let i = start; i < end; i++) out[i] = uniformFloat64(this.gen);
    return out;
  }

  shuffle<T extends { length: number; [i: number]: unknown }>(values: T): T {
    for (let i = values.length - 1; i > 0; i--) {
      const j = Math.floor(uniformFloat64(this.gen) * (i + 1));
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
    const pool = new Int32Array(n);
    for (let i = 0; i < n; i++) pool[i] = i;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(uniformFloat64(this.gen) * (n - i));
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
 * (xoroshiro128+ from pure-rand; 128-bit state derived by hashing the seed).
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
  return new SeededRng(xoroshiro128plusFromState(stateFor(seed, keys)), seed, keys);
}

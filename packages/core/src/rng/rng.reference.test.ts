// Bit-identity of the fast hashing and sampling paths against a slow, straightforward copy of
// the algorithm they replaced: per-value mixing through a DataView, pure-rand's own
// xoroshiro128+ and uniformFloat64, and normal() one value at a time with its spare. Every
// seeded number the toolkit publishes goes through these, so any difference fails here.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { describe, expect, it } from 'vitest';
import type { Matrix } from '../matrix.js';
import { row } from '../matrix.js';
import { hashFloat64, hashRows, hashString } from './hash.js';
import type { Rng, StreamKey } from './rng.js';
import { fillSubstreamNormal, substream } from './rng.js';

// ---- reference (slow on purpose) ----
const LITTLE = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;
const view = new DataView(new ArrayBuffer(8));

function refMixWord(h: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function refFmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The two 32-bit words of a double in memory order (what a Uint32Array view reads). */
function refMixNumber(h: number, v: number): number {
  view.setFloat64(0, Object.is(v, -0) ? 0 : v, LITTLE);
  h = refMixWord(h, view.getUint32(0, LITTLE));
  return refMixWord(h, view.getUint32(4, LITTLE));
}

function refMixString(h: number, s: string): number {
  h = refMixWord(h, s.length);
  for (const c of Array.from({ length: s.length }, (_, i) => s.charCodeAt(i))) h = refMixWord(h, c);
  return h;
}

function refHashFloat64(values: ArrayLike<number>, seed = 0): number {
  let h = refMixWord(seed | 0, values.length);
  for (let i = 0; i < values.length; i++) h = refMixNumber(h, values[i]!);
  return refFmix(h);
}

function refState(seed: number, keys: readonly StreamKey[]): number[] {
  let h1 = refMixNumber(0x9e3779b9, seed);
  let h2 = refMixNumber(0x7f4a7c15, seed);
  for (const key of keys) {
    const tag = typeof key === 'string' ? 1 : 2;
    h1 = refMixWord(h1, tag);
    h2 = refMixWord(h2, tag);
    h1 = typeof key === 'string' ? refMixString(h1, key) : refMixNumber(h1, key);
    h2 = typeof key === 'string' ? refMixString(h2, key) : refMixNumber(h2, key);
  }
  const s: number[] = [refFmix(h1 ^ 0x243f6a88), refFmix(h2 ^ 0x85a308d3), refFmix(h1 ^ 0x13198a2e), refFmix(h2 ^ 0x03707344)].map(
    (w) => w | 0,
  );
  if (!s.some((w) => w !== 0)) s[0] = 1;
  return s;
}

class RefRng {
  private readonly gen: RandomGenerator;
  private spare = 0;
  private hasSpare = false;
  constructor(
    readonly seed: number,
    readonly keys: readonly StreamKey[],
  ) {
    this.gen = xoroshiro128plusFromState(refState(seed, keys));
  }
  uniform(): number {
    return uniformFloat64(this.gen);
  }
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u = 0;
    while (u === 0) u = this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    this.hasSpare = true;
    return r * Math.cos(2 * Math.PI * v);
  }
  fillNormal(out: Float64Array, mean: number, std: number, start: number, end: number): void {
    for (let i = start; i < end; i++) out[i] = mean + std * this.normal();
  }
  fillUniform(out: Float64Array, start: number, end: number): void {
    for (let i = start; i < end; i++) out[i] = this.uniform();
  }
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }
  permutation(n: number): number[] {
    const p = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(this.uniform() * (i + 1));
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    return p;
  }
  choice(n: number, k: number): number[] {
    const p = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(this.uniform() * (n - i));
      [p[i], p[j]] = [p[j]!, p[i]!];
    }
    return p.slice(0, k);
  }
}

// ---- inputs ----
/** A deterministic source for the test's own choices (independent of the code under test). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SPECIAL = [
  0,
  -0,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1,
  -1,
  0.1,
  2 ** 53,
  -(2 ** 31),
  2 ** 32 - 1,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** Any non-NaN double: a special value, a random bit pattern, or an ordinary number. */
function anyDouble(rand: () => number): number {
  const pick = rand();
  if (pick < 0.25) return SPECIAL[Math.floor(rand() * SPECIAL.length)]!;
  if (pick < 0.6) {
    for (;;) {
      view.setUint32(0, Math.floor(rand() * 2 ** 32));
      view.setUint32(4, Math.floor(rand() * 2 ** 32));
      const v = view.getFloat64(0);
      if (!Number.isNaN(v)) return v;
    }
  }
  return (rand() - 0.5) * 10 ** Math.floor(rand() * 12 - 6);
}

function anyKey(rand: () => number): StreamKey {
  const pick = rand();
  if (pick < 0.3) return ['random', 'smoothgrad', '', 'é', '\u{1F600}x', 'row'][Math.floor(rand() * 6)]!;
  if (pick < 0.6) return Math.floor(rand() * 2 ** 32);
  return anyDouble(rand);
}

describe('hashing is bit-identical to the per-value DataView reference', () => {
  it('hashFloat64 and hashString on 3000 random inputs (−0, subnormals, extremes, any bit pattern)', () => {
    const rand = lcg(1);
    for (let t = 0; t < 3000; t++) {
      const len = Math.floor(rand() * 40);
      const v = Float64Array.from({ length: len }, () => anyDouble(rand));
      const seed = t % 5 === 0 ? Math.floor(rand() * 2 ** 32) : t;
      expect(hashFloat64(v, seed)).toBe(refHashFloat64(v, seed));
      expect(hashFloat64(Array.from(v))).toBe(refHashFloat64(v));
      const s = Array.from({ length: len % 9 }, () => String.fromCharCode(Math.floor(rand() * 0x10000))).join('');
      expect(hashString(s, seed)).toBe(refFmix(refMixString(seed | 0, s)));
    }
  });

  it('hashRows equals hashFloat64(row) of the reference for contiguous, strided and offset views', () => {
    const rand = lcg(2);
    for (let t = 0; t < 300; t++) {
      const rows = Math.floor(rand() * 12);
      const cols = Math.floor(rand() * 30);
      const stride = cols + (t % 3 === 0 ? Math.floor(rand() * 4) : 0);
      const offset = t % 2 === 0 ? Math.floor(rand() * 5) : 0;
      const data = Float64Array.from({ length: offset + rows * stride + 3 }, () => anyDouble(rand));
      const m: Matrix = { rows, cols, data, stride, offset };
      const seed = t % 4 === 0 ? 7 : 0;
      const keys = hashRows(m, seed);
      expect(keys.length).toBe(rows);
      for (let i = 0; i < rows; i++) expect(keys[i]).toBe(refHashFloat64(row(m, i), seed));
    }
  });

  it('hashRows also matches hashFloat64 on rows holding NaN, into a given buffer', () => {
    const data = Float64Array.of(Number.NaN, 1, -0, Number.NaN, 0, Number.POSITIVE_INFINITY);
    const m: Matrix = { rows: 3, cols: 2, data };
    const out = new Float64Array(3);
    expect(hashRows(m, 0, out)).toBe(out);
    for (let i = 0; i < 3; i++) expect(out[i]).toBe(hashFloat64(row(m, i)));
  });
});

describe('sub-streams are bit-identical to pure-rand with normal() one at a time', () => {
  const same = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    expect(a.length).toBe(b.length);
    for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) expect([i, a[i]]).toEqual([i, b[i]]);
  };

  it('random schedules of every draw, with fills that split Box–Muller pairs and carry the spare', () => {
    const rand = lcg(3);
    for (let t = 0; t < 400; t++) {
      const seed = t % 3 === 0 ? Math.floor(rand() * 2 ** 40) - 2 ** 39 : t % 11;
      const keys = Array.from({ length: Math.floor(rand() * 4) }, () => anyKey(rand));
      let ours: Rng = substream(seed, ...keys);
      let ref = new RefRng(seed, keys);
      for (let step = 0; step < 25; step++) {
        const op = Math.floor(rand() * 9);
        const len = Math.floor(rand() * 9);
        const start = Math.floor(rand() * 3);
        const end = start + Math.floor(rand() * (len + 1));
        const mean = rand() < 0.5 ? 0 : rand() * 4 - 2;
        const std = rand() < 0.5 ? 1 : rand() * 3;
        if (op === 0) expect(ours.normal()).toBe(ref.normal());
        else if (op === 1) expect(ours.uniform()).toBe(ref.uniform());
        else if (op === 2 || op === 3) {
          const a = new Float64Array(len + 3).fill(9);
          const b = new Float64Array(len + 3).fill(9);
          ours.fillNormal(a, mean, std, start, end);
          ref.fillNormal(b, mean, std, start, end);
          same(a, b);
        } else if (op === 4) {
          const a = new Float64Array(len + 2);
          const b = new Float64Array(len + 2);
          ours.fillUniform(a, start, end);
          ref.fillUniform(b, start, end);
          same(a, b);
        } else if (op === 5) expect(ours.int(len + 1)).toBe(ref.int(len + 1));
        else if (op === 6) expect(Array.from(ours.permutation(len))).toEqual(ref.permutation(len));
        else if (op === 7) expect(Array.from(ours.choice(len + 2, len))).toEqual(ref.choice(len + 2, len));
        else {
          const k = anyKey(rand);
          ours = ours.fork(k);
          ref = new RefRng(ref.seed, [...ref.keys, k]);
        }
      }
      // Whole-array defaults and a long fill (odd length, spare pending or not).
      const n = 1001 + (t % 2);
      const a = ours.fillNormal(new Float64Array(n));
      const b = new Float64Array(n);
      ref.fillNormal(b, 0, 1, 0, n);
      same(a, b);
      expect(ours.normal()).toBe(ref.normal());
    }
  });

  it('fillNormal with fractional or NaN bounds draws exactly as the element-wise loop', () => {
    for (const [start, end] of [
      [0.5, 3],
      [0, 2.5],
      [Number.NaN, 4],
      [1, Number.NaN],
      [-1, 2],
    ] as const) {
      const ours = substream(4, 'b');
      const ref = new RefRng(4, ['b']);
      const a = new Float64Array(5);
      const b = new Float64Array(5);
      ours.fillNormal(a, 0, 1, start, end);
      ref.fillNormal(b, 0, 1, start, end);
      same(a, b);
      expect(ours.normal()).toBe(ref.normal());
    }
  });

  it('fillSubstreamNormal(out, seed, keys, start, end) equals a fresh reference stream, without touching the rest', () => {
    const rand = lcg(4);
    const keys: [number, string] = [0, 'random'];
    for (let t = 0; t < 500; t++) {
      const seed = t % 9 === 8 ? -0 : t % 7; // -0 is the seed 0 (and hits the cached seed prefix)
      keys[0] = t % 5 === 0 ? anyDouble(rand) : Math.floor(rand() * 2 ** 32);
      const d = 1 + Math.floor(rand() * 30);
      const start = Math.floor(rand() * 4);
      const a = new Float64Array(start + d + 2).fill(7);
      const b = new Float64Array(start + d + 2).fill(7);
      const mean = t % 2 === 0 ? 0 : 1.5;
      const std = t % 2 === 0 ? 1 : 0.25;
      expect(fillSubstreamNormal(a, seed, keys, start, start + d, mean, std)).toBe(a);
      new RefRng(seed, keys).fillNormal(b, mean, std, start, start + d);
      same(a, b);
    }
    const whole = fillSubstreamNormal(new Float64Array(9), 3, ['x', 2]);
    const b = new Float64Array(9);
    new RefRng(3, ['x', 2]).fillNormal(b, 0, 1, 0, 9);
    same(whole, b);
    expect(() => fillSubstreamNormal(new Float64Array(2), 0.5, [])).toThrow(/BAD_INPUT.*fillSubstreamNormal/);
  });
});

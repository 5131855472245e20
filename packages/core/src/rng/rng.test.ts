import { describe, expect, it } from 'vitest';
import { createRng, substream } from './rng.js';
import { hashFloat64, hashString } from './hash.js';

describe('seeded randomness', () => {
  it('same seed gives the same stream; different seeds differ', () => {
    const a = createRng(7),
      b = createRng(7),
      c = createRng(8);
    const xs = Array.from({ length: 20 }, () => a.uniform());
    expect(Array.from({ length: 20 }, () => b.uniform())).toEqual(xs);
    expect(Array.from({ length: 20 }, () => c.uniform())).not.toEqual(xs);
  });

  it('pins the first draws of seed 0 (golden values: any machine must print these)', () => {
    // Recorded from xoroshiro128+ (pure-rand 8.4.2) with our documented seed mixing. Every
    // draw is integer arithmetic plus one IEEE division, so the values are platform-exact;
    // a change here silently changes every seeded result in the toolkit and must be deliberate.
    const r = createRng(0);
    expect([r.uniform(), r.uniform(), r.normal()]).toEqual([0.5874227922211445, 0.013971336339477225, 0.13832878048282643]);
  });

  it('the sub-stream for key i is identical whether drawn first or after 1000 others', () => {
    const direct = substream(42, 'row', 1000);
    const expected = Array.from({ length: 10 }, () => direct.normal());
    for (let i = 0; i < 1000; i++) substream(42, 'row', i).normal();
    const later = substream(42, 'row', 1000);
    expect(Array.from({ length: 10 }, () => later.normal())).toEqual(expected);
    expect(substream(42, 'row', 999).normal()).not.toBe(expected[0]);
    expect(substream(43, 'row', 1000).normal()).not.toBe(expected[0]);
  });

  it('fork equals a substream with the concatenated keys', () => {
    expect(createRng(5).fork('a', 3).uniform()).toBe(substream(5, 'a', 3).uniform());
    // keys are typed: the string '3' and the number 3 are different streams
    expect(substream(5, '3').uniform()).not.toBe(substream(5, 3).uniform());
  });

  it('normal sampler: mean and variance within 4 standard errors on 1e5 draws', () => {
    const n = 100_000;
    const xs = createRng(123).fillNormal(new Float64Array(n));
    let m = 0;
    for (const x of xs) m += x;
    m /= n;
    let v = 0;
    for (const x of xs) v += (x - m) ** 2;
    v /= n - 1;
    expect(Math.abs(m)).toBeLessThan(4 / Math.sqrt(n)); // se of the mean = 1/sqrt(n)
    expect(Math.abs(v - 1)).toBeLessThan(4 * Math.sqrt(2 / (n - 1))); // se of s^2 = sqrt(2/(n-1))
    const shifted = createRng(1).fillNormal(new Float64Array(20_000), 5, 0.1);
    let ms = 0;
    for (const x of shifted) ms += x;
    expect(ms / 20_000).toBeCloseTo(5, 2);
  });

  it('uniform has mean 1/2 and int(n) covers 0..n-1 evenly', () => {
    const r = createRng(9);
    const counts = new Array(5).fill(0);
    for (let i = 0; i < 50_000; i++) counts[r.int(5)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(4 * Math.sqrt(50_000 * 0.2 * 0.8));
    expect(() => r.int(0)).toThrow(/BAD_INPUT.*Rng.int/);
  });

  it('bernoulli(p) hits p within 4 standard errors', () => {
    const r = createRng(10);
    let k = 0;
    for (let i = 0; i < 40_000; i++) if (r.bernoulli(0.3)) k++;
    expect(Math.abs(k / 40_000 - 0.3)).toBeLessThan(4 * Math.sqrt(0.21 / 40_000));
  });

  it('permutation is a bijection and choice draws distinct indices', () => {
    const r = createRng(3);
    for (const n of [0, 1, 2, 17, 1000]) {
      const p = r.permutation(n);
      expect(new Set(p).size).toBe(n);
      expect(Math.min(...p, n)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...p, -1)).toBeLessThan(n);
    }
    const c = r.choice(50, 20);
    expect(new Set(c).size).toBe(20);
    expect(() => r.choice(3, 4)).toThrow(/BAD_INPUT.*choice/);
  });

  it('shuffle keeps the multiset', () => {
    const xs = [1, 2, 2, 3, 4, 5];
    const ys = createRng(4).shuffle([...xs]);
    expect([...ys].sort()).toEqual(xs);
  });

  it('rejects a non-integer seed', () => {
    expect(() => createRng(1.5)).toThrow(/BAD_INPUT.*seed/);
  });

  it('hashFloat64 depends on content only; -0 and 0 hash alike; strings hash by content', () => {
    const a = Float64Array.of(0.1, 0.2, 0.3);
    const b = new Float64Array(10);
    b.set(a, 4);
    expect(hashFloat64(b.subarray(4, 7))).toBe(hashFloat64(a));
    expect(hashFloat64(Float64Array.of(0.1, 0.2, 0.30000000000000004))).not.toBe(hashFloat64(a));
    expect(hashFloat64([-0, 1])).toBe(hashFloat64([0, 1]));
    expect(hashString('abc')).toBe(hashString('abc'));
    expect(hashString('abc')).not.toBe(hashString('abd'));
  });
});

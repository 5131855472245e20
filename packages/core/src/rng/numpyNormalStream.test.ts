import { readFileSync } from 'node:fs';
import { mersenne } from 'pure-rand/generator/mersenne';
import { describe, expect, it } from 'vitest';
import { numpyNormalStream } from './numpyNormalStream.js';
import { numpyRandomState } from './numpyRandomState.js';

// numpy 1.24's own draws (the committed script __fixtures__/numpyNormals.py): windows of
// RandomState(seed).random_sample(n) and .standard_normal(n), and the first million normals
// added one by one. The uniforms (MT19937 + 53-bit doubles) are equal bit for bit; a normal
// also goes through log(), where V8's Math.log and glibc's differ by an ulp now and then
// (about 3 % of normals, ≤ 4.4e-16 relative).
const fixture = JSON.parse(readFileSync(new URL('./__fixtures__/numpyNormals.json', import.meta.url), 'utf8')) as {
  windows: [number, number][];
  seeds: Record<string, { normals: number[][]; uniforms: number[][]; sumFirstMillion: number }>;
};
const seeds = Object.keys(fixture.seeds).map(Number);
const LOG_ULPS = 1e-15;

function expectNear(got: ArrayLike<number>, want: readonly number[], what: string): void {
  expect(got.length, what).toBe(want.length);
  for (let k = 0; k < want.length; k++)
    expect(Math.abs(got[k]! - want[k]!), `${what} [${k}]`).toBeLessThanOrEqual(LOG_ULPS * Math.abs(want[k]!));
}

describe('numpyRandomState against numpy', () => {
  it.each(seeds)('seed %d: random_sample equals numpy bit for bit, standard_normal within log rounding', (seed) => {
    const want = fixture.seeds[String(seed)]!;
    const end = fixture.windows[fixture.windows.length - 1]![1];
    const uniform = numpyRandomState(seed);
    const u = Float64Array.from({ length: end }, () => uniform.randomSample());
    fixture.windows.forEach(([a, b], w) => expect(Array.from(u.subarray(a, b)), `uniforms ${a}`).toEqual(want.uniforms[w]));
    // fillNormal in uneven pieces (odd lengths leave the cached Gaussian between calls) and
    // standardNormal one by one give the same stream.
    const all = new Float64Array(end);
    const byOne = numpyRandomState(seed);
    for (let k = 0; k < 1000; k++) all[k] = byOne.standardNormal();
    const bulk = numpyRandomState(seed);
    const head = new Float64Array(1000);
    bulk.fillNormal(head, 0, 1, 0, 7);
    bulk.fillNormal(head, 0, 1, 7, 1000);
    expect(head).toEqual(all.subarray(0, 1000));
    for (let k = 1000; k < end; k += 333) bulk.fillNormal(all, 0, 1, k, Math.min(end, k + 333));
    fixture.windows.forEach(([a, b], w) => expectNear(all.subarray(a, b), want.normals[w]!, `normals ${a}`));
    let sum = 0;
    for (let k = 0; k < 1_000_000; k++) sum += all[k]!;
    expect(Math.abs(sum - want.sumFirstMillion)).toBeLessThan(1e-9);
  });
});

describe('numpyRandomState against pure-rand', () => {
  it("random_sample's 53-bit doubles come from the words of pure-rand's MT19937, across 1000 twists", () => {
    for (const seed of [0, 7, 2 ** 31 + 5]) {
      const mt = mersenne(seed | 0);
      const rs = numpyRandomState(seed);
      for (let k = 0; k < 312_000; k++) {
        const a = (mt.next() >>> 0) >>> 5;
        const b = (mt.next() >>> 0) >>> 6;
        const want = (a * 67108864 + b) / 9007199254740992;
        const got = rs.randomSample();
        if (got !== want) expect(got, `seed ${seed}, draw ${k}`).toBe(want);
      }
    }
  });
});

describe('numpyNormalStream', () => {
  it('serves any window from any position, in any order, with the values numpy draws there', () => {
    const want = fixture.seeds['42']!;
    const s = numpyNormalStream(42);
    const order = [4, 1, 3, 0, 2, 4, 0];
    for (const w of order) {
      const [a, b] = fixture.windows[w]!;
      const out = new Float64Array(b - a + 3);
      s.fill(out, 3, a, b - a);
      expectNear(out.subarray(3), want.normals[w]!, `window ${a}`);
    }
  });

  it('gives the same values whatever it served before (a fresh stream, a used one, windows across checkpoints)', () => {
    const fresh = (from: number, count: number): Float64Array => {
      const out = new Float64Array(count);
      numpyNormalStream(1).fill(out, 0, from, count);
      return out;
    };
    const used = numpyNormalStream(1);
    for (const [from, count] of [
      [200_000, 10],
      [65_530, 12],
      [131_071, 3],
      [5, 70_000],
      [199_999, 2],
    ] as const) {
      const out = new Float64Array(count);
      used.fill(out, 0, from, count);
      expect(out).toEqual(fresh(from, count));
    }
  });

  it('rejects seeds numpy rejects', () => {
    expect(() => numpyNormalStream(-1)).toThrow(/BAD_INPUT.*numpyNormalStream/);
    expect(() => numpyNormalStream(0.5)).toThrow(/BAD_INPUT/);
  });
});

import { describe, expect, it } from 'vitest';
import { isXaiError } from '../errors.js';
import { fillRandomSubsets } from './randomSubsets.js';
import type { Rng } from './rng.js';
import { substream } from './rng.js';
import { SUBSETS_MODULE_BASE64 } from './subsetsBytes.js';

/** A stream core did not make: it hides the state, so fillRandomSubsets draws through uniform(). */
function foreign(rng: Rng): Rng {
  return { ...rng, uniform: () => rng.uniform() } as Rng;
}

/** Captum's KernelSHAP size law over d features (k = 1..d−1). */
function shapleyCdf(d: number): Float64Array {
  const cdf = new Float64Array(d - 1);
  let acc = 0;
  for (let k = 1; k < d; k++) cdf[k - 1] = acc += (d - 1) / (k * (d - k));
  return cdf.map((c) => c / acc);
}

/** The plain loop the kernel must reproduce, written out from the contract with rng.uniform(). */
function plainSubsets(rng: Rng, rows: number, d: number, cdf: Float64Array, paired: boolean): Float64Array {
  const out = new Float64Array(rows * d);
  const perm = Array.from({ length: d }, (_, j) => j);
  for (let row = 0; row < rows; row++) {
    const o = row * d;
    if (paired && row % 2 === 1) {
      for (let j = 0; j < d; j++) out[o + j] = 1 - out[o - d + j]!;
      continue;
    }
    const u = rng.uniform();
    let k = cdf.findIndex((c) => c > u) + 1;
    if (k === 0) k = cdf.length;
    for (let j = 0; j < k; j++) {
      const r = j + Math.floor(rng.uniform() * (d - j));
      [perm[j], perm[r]] = [perm[r]!, perm[j]!];
    }
    for (let j = 0; j < k; j++) out[o + perm[j]!] = 1;
  }
  return out;
}

describe('fillRandomSubsets', () => {
  const cases: [d: number, rows: number, cdf: (d: number) => Float64Array][] = [
    [2, 9, shapleyCdf],
    [3, 40, shapleyCdf],
    [23, 498, shapleyCdf],
    [60, 1203, shapleyCdf], // more rows than one kernel call takes (5,460 at d = 60: three calls)
    [5, 30, () => Float64Array.of(0.5)], // sizes 1 only: the last index when no entry exceeds u
    [7, 31, () => Float64Array.of(0.1, 0.1, 0.6, 0.6, 0.9, 1, 1)], // ties and a size d (the full set)
    [1, 4, () => Float64Array.of(1)],
  ];

  it('draws exactly what the plain loop draws from rng.uniform(), and leaves the stream where it would', () => {
    for (const paired of [false, true])
      for (const [d, rows, cdfOf] of cases) {
        const cdf = cdfOf(d);
        const ours = substream(11, d, rows, paired ? 'paired' : 'single');
        const plain = substream(11, d, rows, paired ? 'paired' : 'single');
        const out = new Float64Array(3 + rows * d + 2).fill(7);
        fillRandomSubsets(ours, out, 3, rows, d, cdf, paired);
        expect(out.subarray(3, 3 + rows * d)).toEqual(plainSubsets(plain, rows, d, cdf, paired));
        expect([...out.subarray(0, 3), ...out.subarray(3 + rows * d)]).toEqual([7, 7, 7, 7, 7]); // nothing outside
        expect(ours.uniform()).toBe(plain.uniform());
      }
  });

  it('gives the same bits in WebAssembly (core streams) and through uniform() (any other Rng)', () => {
    for (const paired of [false, true])
      for (const [d, rows, cdfOf] of cases) {
        const cdf = cdfOf(d);
        const a = substream(5, 'w', d);
        const b = foreign(substream(5, 'w', d));
        let jsDraws = 0;
        const uniform = a.uniform.bind(a);
        a.uniform = () => {
          jsDraws++;
          return uniform();
        };
        const za = fillRandomSubsets(a, new Float64Array(rows * d), 0, rows, d, cdf, paired);
        if (process.env.XAI_KERNELS !== 'js') expect(jsDraws).toBe(0); // the kernel drew them
        const zb = fillRandomSubsets(b, new Float64Array(rows * d), 0, rows, d, cdf, paired);
        expect(za).toEqual(zb);
        // Two calls in a row continue one stream (the state goes back into the Rng).
        fillRandomSubsets(a, za, 0, rows, d, cdf, paired);
        fillRandomSubsets(b, zb, 0, rows, d, cdf, paired);
        expect(za).toEqual(zb);
        expect(a.uniform()).toBe(b.uniform());
      }
  });

  it('draws subsets of the law: sizes by the cdf, complements in pairs', () => {
    const d = 9;
    const rows = 20000;
    const cdf = shapleyCdf(d);
    const z = fillRandomSubsets(substream(3, 'law'), new Float64Array(rows * d), 0, rows, d, cdf, true);
    const sizes = new Float64Array(d + 1);
    const members = new Float64Array(d);
    for (let row = 0; row < rows; row += 2) {
      let k = 0;
      for (let j = 0; j < d; j++) {
        k += z[row * d + j]!;
        members[j]! += z[row * d + j]!;
        expect(z[row * d + j]! + z[(row + 1) * d + j]!).toBe(1);
      }
      sizes[k]!++;
    }
    const n = rows / 2;
    for (let k = 1; k < d; k++) {
      const p = cdf[k - 1]! - (k > 1 ? cdf[k - 2]! : 0);
      expect(Math.abs(sizes[k]! / n - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / n));
    }
    expect(sizes[0]! + sizes[d]!).toBe(0);
    // Every feature is equally likely a member: the mean size over d each, within 5 sd.
    const meanSize = members.reduce((s, m) => s + m, 0) / n;
    for (const m of members) expect(Math.abs(m / n - meanSize / d)).toBeLessThan(5 * Math.sqrt(0.25 / n));
  });

  it('names the argument it refuses', () => {
    const rng = substream(1);
    const bad: [string, () => unknown][] = [
      ['d', () => fillRandomSubsets(rng, new Float64Array(4), 0, 1, 0, Float64Array.of(1))],
      ['rows', () => fillRandomSubsets(rng, new Float64Array(4), 0, -1, 2, Float64Array.of(1))],
      ['sizeCdf', () => fillRandomSubsets(rng, new Float64Array(4), 0, 1, 2, new Float64Array(3))],
      ['sizeCdf', () => fillRandomSubsets(rng, new Float64Array(4), 0, 1, 2, new Float64Array(0))],
      ['start', () => fillRandomSubsets(rng, new Float64Array(4), 1, 2, 2, Float64Array.of(1))],
    ];
    for (const [arg, call] of bad) {
      let err: unknown;
      try {
        call();
      } catch (e) {
        err = e;
      }
      expect(isXaiError(err) && err.code === 'BAD_INPUT' && err.details?.arg === arg).toBe(true);
    }
  });

  it('ships the bytes the generator compiles today', async () => {
    const script = new URL('../../scripts/compileSimd.mjs', import.meta.url).href;
    const { subsetsBytes } = (await import(script)) as { subsetsBytes: () => Promise<Uint8Array> };
    expect(Buffer.from(await subsetsBytes()).toString('base64')).toBe(SUBSETS_MODULE_BASE64);
  });
});

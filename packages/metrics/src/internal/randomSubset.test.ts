import { describe, expect, it } from 'vitest';
import { createRng } from '@xai/core';
import { baselineRandomSubset, drawSubset } from './randomSubset.js';

describe('drawSubset', () => {
  it("draws rng.choice(d, k)'s indices in its order and leaves the stream where choice leaves it", () => {
    for (const [d, k] of [
      [1, 1],
      [5, 0],
      [5, 2],
      [7, 7],
      [20, 13],
    ] as const) {
      const a = createRng(d * 31 + k);
      const b = createRng(d * 31 + k);
      const pool = new Int32Array(d).fill(-1);
      for (let round = 0; round < 3; round++) {
        drawSubset(a, pool, k);
        expect(Array.from(pool.subarray(0, k))).toEqual(Array.from(b.choice(d, k)));
        expect(Array.from(pool).sort((u, v) => u - v)).toEqual(Array.from({ length: d }, (_, j) => j));
      }
      expect(a.uniform()).toBe(b.uniform());
    }
  });
});

describe('baselineRandomSubset', () => {
  it('sets the drawn features to the baseline, keeps the others and sums their attributions', () => {
    const xi = Float64Array.from([1, 2, 3, 4, 5]);
    const e = Float64Array.from([10, 20, 30, 40, 50]);
    const base = Float64Array.from([-1, -2, -3, -4, -5]);
    const out = new Float64Array(12).fill(9);
    const pool = new Int32Array(5);
    const sum = baselineRandomSubset(createRng(3), pool, 2, xi, e, base, out, 4);
    const chosen = Array.from(createRng(3).choice(5, 2));
    expect(Array.from(out.subarray(4, 9))).toEqual([1, 2, 3, 4, 5].map((v, j) => (chosen.includes(j) ? -v : v)));
    expect([...Array.from(out.subarray(0, 4)), ...Array.from(out.subarray(9))]).toEqual([9, 9, 9, 9, 9, 9, 9]);
    expect(sum).toBe(e[chosen[0]!]! + e[chosen[1]!]!);
  });
});

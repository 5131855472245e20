import { describe, expect, it } from 'vitest';
import { rowDots } from './rowDots.js';

describe('rowDots', () => {
  it('gives the bits of the s-ascending sum for every row count (4-row groups and the rest)', () => {
    for (const [p, S] of [
      [1, 7],
      [4, 3],
      [5, 1000],
      [23, 999],
      [0, 5],
    ] as const) {
      const m = Float64Array.from({ length: p * S }, (_, q) => Math.sin(q * 1.7) * 10 ** ((q % 7) - 3));
      const r = Float64Array.from({ length: S }, (_, s) => Math.cos(s * 0.3) - 0.2);
      const out = new Float64Array(p).fill(Number.NaN);
      rowDots(m, p, S, r, out);
      for (let j = 0; j < p; j++) {
        let want = 0;
        for (let s = 0; s < S; s++) want = want + m[j * S + s]! * r[s]!;
        expect(Object.is(out[j], want)).toBe(true);
      }
    }
  });

  it('starts every sum at +0 (an empty sum and a sum of -0 products stay +0)', () => {
    const out = new Float64Array(2).fill(1);
    rowDots(Float64Array.of(-0, -0), 2, 1, Float64Array.of(1), out);
    expect(Object.is(out[0], 0) && Object.is(out[1], 0)).toBe(true);
    rowDots(new Float64Array(0), 2, 0, new Float64Array(0), out);
    expect(Object.is(out[0], 0)).toBe(true);
  });
});

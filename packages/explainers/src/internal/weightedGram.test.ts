import { createRng } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { gramBuffers, scalarWeightedGram, weightedGram } from './weightedGram.js';

/** Σ_s wct[j][s]·c[s][q] from +0, s ascending: the per-entry dot product the solvers always formed. */
function reference(wct: Float64Array, c: Float64Array, rows: number, p: number): Float64Array {
  const a = new Float64Array(p * p);
  for (let j = 0; j < p; j++)
    for (let q = j; q < p; q++) {
      let t = 0;
      for (let s = 0; s < rows; s++) t += wct[j * rows + s]! * c[s * p + q]!;
      a[j * p + q] = t;
    }
  return a;
}

const upper = (a: Float64Array, p: number): number[] => {
  const out: number[] = [];
  for (let j = 0; j < p; j++) for (let q = j; q < p; q++) out.push(a[j * p + q]!);
  return out;
};

describe('weightedGram', () => {
  it.each([
    [1, 1],
    [7, 3],
    [33, 17],
    [500, 23],
    [1000, 61],
  ])('rows %d x p %d: the SIMD kernel and the scalar loop give the bits of the per-entry dot product', (rows, p) => {
    const rng = createRng(rows * 100 + p);
    const wct = new Float64Array(rows * p);
    const c = new Float64Array(rows * p);
    for (let k = 0; k < rows * p; k++) {
      // zeros and signed zeros (binary coalitions), and wide magnitudes
      const u = rng.uniform();
      c[k] = u < 0.2 ? 0 : u < 0.25 ? -0 : (rng.normal() * 10 ** Math.floor(rng.uniform() * 6 - 3)) / 3;
    }
    for (let j = 0; j < p; j++) for (let s = 0; s < rows; s++) wct[j * rows + s] = rng.uniform() * c[s * p + j]!;
    const want = upper(reference(wct, c, rows, p), p);
    const g = gramBuffers(rows, p, null);
    g.wct.set(wct);
    g.c.set(c);
    const a = new Float64Array(p * p).fill(Number.NaN);
    weightedGram(g, rows, p, a);
    expect(upper(a, p)).toEqual(want);
    const b = new Float64Array(p * p).fill(Number.NaN);
    scalarWeightedGram(wct, c, rows, p, b);
    expect(upper(b, p)).toEqual(want);
  });
});

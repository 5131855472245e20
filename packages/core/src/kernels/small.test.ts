import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromRows, toRows } from '../matrix.js';
import { argsort, averageRanks, denseRanks } from './argsort.js';
import { axpy, dot, scale } from './axpy.js';
import { rowNorms } from './rowNorms.js';
import { transpose } from './transpose.js';

describe('small kernels', () => {
  it('transpose swaps indices', () => {
    expect(
      toRows(
        transpose(
          fromRows([
            [1, 2, 3],
            [4, 5, 6],
          ]),
        ),
      ),
    ).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ]);
  });

  it('axpy, scale and dot follow their definitions', () => {
    expect(Array.from(axpy(2, [1, 2], Float64Array.of(10, 20)))).toEqual([12, 24]);
    expect(Array.from(scale(-0.5, Float64Array.of(2, 4)))).toEqual([-1, -2]);
    expect(dot([1, 2, 3], [4, 5, 6])).toBe(32);
    expect(() => axpy(1, [1], Float64Array.of(1, 2))).toThrow(/SHAPE_MISMATCH.*axpy/);
    expect(() => dot([1], [1, 2])).toThrow(/SHAPE_MISMATCH/);
  });

  it('rowNorms: 3-4-5 triangle for p=2, sums for p=1, max for p=Infinity, and p=3', () => {
    const m = fromRows([
      [3, -4],
      [1, 1],
    ]);
    expect(Array.from(rowNorms(m))).toEqual([5, Math.SQRT2]);
    expect(Array.from(rowNorms(m, 1))).toEqual([7, 2]);
    expect(Array.from(rowNorms(m, Infinity))).toEqual([4, 1]);
    expect(rowNorms(m, 3)[0]).toBeCloseTo(Math.cbrt(27 + 64), 12);
  });

  it('argsort is stable under ties, both directions', () => {
    expect(Array.from(argsort([3, 1, 2, 1]))).toEqual([1, 3, 2, 0]);
    expect(Array.from(argsort([3, 1, 3, 2], true))).toEqual([0, 2, 3, 1]);
  });

  it('dense ranks share ties with no gaps; average ranks take the mean position', () => {
    expect(Array.from(denseRanks([10, 30, 10, 20]))).toEqual([1, 3, 1, 2]);
    expect(Array.from(averageRanks([10, 30, 10, 20]))).toEqual([1.5, 4, 1.5, 3]);
  });

  it('argsort returns a sorting permutation (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true }), { maxLength: 50 }), (xs) => {
        const order = argsort(xs);
        const seen = new Set(order);
        expect(seen.size).toBe(xs.length);
        for (let k = 1; k < order.length; k++) expect(xs[order[k - 1]!]! <= xs[order[k]!]!).toBe(true);
      }),
    );
  });
});

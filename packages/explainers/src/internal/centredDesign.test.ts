import { describe, expect, it } from 'vitest';
import { centreDesign, weightedColumnMeans } from './centredDesign.js';

const values = (n: number, salt: number): Float64Array =>
  Float64Array.from({ length: n }, (_, q) => Math.sin(q * 1.3 + salt) * 10 ** ((q % 5) - 2));

describe('weightedColumnMeans and centreDesign', () => {
  it('give the bits of the row-by-row loops, at any offset and column count', () => {
    for (const [rows, d, zo, wo] of [
      [1, 1, 0, 0],
      [7, 4, 3, 1],
      [500, 23, 0, 0],
      [999, 9, 5, 2],
      [3, 60, 1, 0],
    ] as const) {
      const z = values(zo + rows * d, 1);
      const w = values(wo + rows, 2).map(Math.abs);
      let sw = 0;
      for (let s = 0; s < rows; s++) sw += w[wo + s]!;
      const want = new Float64Array(d);
      for (let s = 0; s < rows; s++) for (let j = 0; j < d; j++) want[j] = want[j]! + w[wo + s]! * z[zo + s * d + j]!;
      for (let j = 0; j < d; j++) want[j] = want[j]! / sw;
      const mean = new Float64Array(d).fill(Number.NaN);
      weightedColumnMeans(z, zo, rows, d, w, wo, sw, mean);
      expect([...mean].every((v, j) => Object.is(v, want[j]))).toBe(true);

      const c = new Float64Array(rows * d);
      const wct = new Float64Array(rows * d);
      centreDesign(z, zo, rows, d, mean, w, wo, c, wct);
      for (let s = 0; s < rows; s++)
        for (let j = 0; j < d; j++) {
          const cj = z[zo + s * d + j]! - mean[j]!;
          expect(Object.is(c[s * d + j], cj)).toBe(true);
          expect(Object.is(wct[j * rows + s], w[wo + s]! * cj)).toBe(true);
        }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { familyCritical } from './familyCritical.js';
import { nullStats } from './nullStats.js';

const stats = (draws: Float64Array[]) => draws.map((d) => nullStats(d, 0.9));

describe('familyCritical (max-T)', () => {
  it('hand-worked: the quantile of the per-draw maximum of standardised draws', () => {
    // probe a: draws 0,1,2,3,4 (mean 2, sd sqrt(2.5)); probe b: 4,3,2,1,0 (same mean and sd).
    const a = Float64Array.from([0, 1, 2, 3, 4]);
    const b = Float64Array.from([4, 3, 2, 1, 0]);
    const sd = Math.sqrt(2.5);
    // per-draw maxima of |x − 2| / sd mirrored: 2, 1, 0, 1, 2 (in sd units) -> sorted 0,1,1,2,2
    // R-7 quantile 0.5 -> the middle value 1 / sd; 0.9 -> 2 / sd.
    expect(familyCritical([a, b], stats([a, b]), [true, true], 0.5)).toBeCloseTo(1 / sd, 12);
    expect(familyCritical([a, b], stats([a, b]), [true, true], 0.9)).toBeCloseTo(2 / sd, 12);
    // b alone (a not eligible): its own standardised 0.5-quantile is 0.
    expect(familyCritical([a, b], stats([a, b]), [false, true], 0.5)).toBeCloseTo(0, 12);
  });

  it('a duplicated probe does not raise the bound; NaN draws and sd = 0 are handled', () => {
    const a = Float64Array.from([0.2, 0.3, 0.25, 0.4, 0.1, 0.35]);
    const one = familyCritical([a], stats([a]), [true], 0.8);
    expect(familyCritical([a, a], stats([a, a]), [true, true], 0.8)).toBeCloseTo(one, 12);
    const flat = Float64Array.from([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]); // degenerate null: t = 0
    expect(familyCritical([flat], stats([flat]), [true], 0.8)).toBe(0);
    const undef = new Float64Array(6).fill(Number.NaN);
    expect(familyCritical([a, undef], stats([a, undef]), [true, true], 0.8)).toBeCloseTo(one, 12);
    expect(Number.isNaN(familyCritical([undef], stats([undef]), [true], 0.8))).toBe(true);
    expect(Number.isNaN(familyCritical([a], stats([a]), [false], 0.8))).toBe(true);
  });
});

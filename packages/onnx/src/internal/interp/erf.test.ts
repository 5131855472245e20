// erf against mpmath (fixtures/erf.json, written by scripts/erf_table.py): tiny, moderate and
// large arguments of both signs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { erf, erf32, erfDerivative } from './erf.js';

const ref = JSON.parse(readFileSync(new URL('../../../fixtures/erf.json', import.meta.url), 'utf8')) as { x: number[]; erf: number[] };

describe('erf', () => {
  it('is within 3e-16 relative (about one ulp) of mpmath’s erf from 1e-12 to 6.5 in magnitude', () => {
    let worst = 0;
    ref.x.forEach((x, i) => {
      const e = ref.erf[i]!;
      worst = Math.max(worst, e === 0 ? Math.abs(erf(x)) : Math.abs(erf(x) / e - 1));
    });
    expect(worst).toBeLessThanOrEqual(3e-16);
  });

  it('erf32 (float32 results) is within 2e-11 relative', () => {
    let worst = 0;
    ref.x.forEach((x, i) => {
      const e = ref.erf[i]!;
      worst = Math.max(worst, e === 0 ? Math.abs(erf32(x)) : Math.abs(erf32(x) / e - 1));
    });
    expect(worst).toBeLessThanOrEqual(2e-11);
  });

  it('is odd, saturates, keeps NaN; its derivative matches central differences', () => {
    expect([erf(0), erf(7), erf(-7), erf(Infinity), erf(-Infinity)]).toEqual([0, 1, -1, 1, -1]);
    expect(Number.isNaN(erf(Number.NaN))).toBe(true);
    for (const x of [-2.3, -0.1, 0.2, 0.9, 3.1]) {
      expect(erf(-x)).toBe(-erf(x));
      const h = 1e-5;
      expect(Math.abs((erf(x + h) - erf(x - h)) / (2 * h) - erfDerivative(x))).toBeLessThanOrEqual(1e-9);
    }
  });
});

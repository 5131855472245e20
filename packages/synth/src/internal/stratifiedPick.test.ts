import { describe, expect, it } from 'vitest';
import { stratifiedPick } from './stratifiedPick.js';

describe('stratifiedPick', () => {
  const strata = Int32Array.from({ length: 100 }, (_, i) => (i < 60 ? 0 : i < 90 ? 1 : 2));
  const all = Int32Array.from({ length: 100 }, (_, i) => i);

  it('picks exactly the total, in proportion to strata (largest remainder)', () => {
    const picked = stratifiedPick(all, strata, 3, 25, 1, ['t']);
    const per = [0, 0, 0];
    picked.forEach((f, i) => (per[strata[i]!]! += f));
    // exact shares 15, 7.5, 2.5: floors 15, 7, 2 and the one left goes to stratum 1 (ties → lower).
    expect(per).toEqual([15, 8, 2]);
  });

  it('picks only among the candidates and is seeded', () => {
    const cand = Int32Array.from({ length: 50 }, (_, i) => 2 * i);
    const a = stratifiedPick(cand, strata, 3, 10, 1, ['t']);
    expect(a.reduce((s, v) => s + v, 0)).toBe(10);
    a.forEach((f, i) => f && expect(i % 2).toBe(0));
    expect(Array.from(stratifiedPick(cand, strata, 3, 10, 1, ['t']))).toEqual(Array.from(a));
    expect(Array.from(stratifiedPick(cand, strata, 3, 10, 2, ['t']))).not.toEqual(Array.from(a));
  });

  it('picks nothing for a total of 0', () => {
    expect(stratifiedPick(all, strata, 3, 0, 1, ['t']).every((v) => v === 0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createRng, isXaiError, summarizeValues } from '@xai/core';
import { subgroupComparison } from './fairness/subgroupComparison.js';

function expectCode(f: () => unknown, code: string): void {
  try {
    f();
  } catch (err) {
    expect(isXaiError(err)).toBe(true);
    expect((err as { code: string }).code).toBe(code);
    return;
  }
  throw new Error('expected a throw');
}

describe('subgroupComparison', () => {
  it('hand-worked means, standard errors, disparity and range', () => {
    const r = subgroupComparison(Float64Array.of(1, 2, 3, 10, 20), [0, 0, 0, 1, 1], { groupNames: ['male', 'female'] });
    expect(r.groups[0]).toMatchObject({ group: 0, name: 'male', count: 3, mean: 2 });
    expect(r.groups[0]!.se).toBeCloseTo(1 / Math.sqrt(3), 12);
    expect(r.groups[1]).toMatchObject({ name: 'female', count: 2, mean: 15 });
    expect(r.groups[1]!.se).toBeCloseTo(5, 12); // sd = sqrt(50), / sqrt(2)
    expect(r.disparity).toBe(-13);
    expect(r.range).toBe(13);
    expect(r.ci.lower).toBeLessThanOrEqual(r.disparity);
    expect(r.ci.upper).toBeGreaterThanOrEqual(r.disparity);
  });

  it('undefined values are excluded and counted per group; a MetricResult is accepted', () => {
    const res = summarizeValues('PGU', Float64Array.of(1, Number.NaN, 3, 4, Number.NaN));
    const r = subgroupComparison(res, [0, 0, 0, 1, 1]);
    expect(r.metric).toBe('PGU');
    expect(r.groups[0]).toMatchObject({ count: 2, undefinedCount: 1, mean: 2 });
    expect(r.groups[1]).toMatchObject({ count: 1, undefinedCount: 1, mean: 4 });
  });

  it('constant values within groups -> a degenerate interval at the disparity', () => {
    const r = subgroupComparison(Float64Array.of(2, 2, 2, 5, 5), [0, 0, 0, 1, 1], { compare: [1, 0] });
    expect(r.disparity).toBe(3);
    expect(r.ci.lower).toBe(3);
    expect(r.ci.upper).toBe(3);
  });

  it('the bootstrap SE matches the plug-in formula sqrt(var_a / n_a + var_b / n_b)', () => {
    const rng = createRng(1);
    const n = 200;
    const v = new Float64Array(2 * n);
    const g = new Int32Array(2 * n);
    for (let i = 0; i < 2 * n; i++) {
      g[i] = i < n ? 0 : 1;
      v[i] = (i < n ? 0 : 0.5) + (i < n ? 1 : 2) * rng.normal();
    }
    const r = subgroupComparison(v, g, { bootstrap: 2000, seed: 5 });
    const pvar = (a: Float64Array) => {
      const m = a.reduce((s, x) => s + x, 0) / a.length;
      return a.reduce((s, x) => s + (x - m) ** 2, 0) / a.length;
    };
    const expected = Math.sqrt(pvar(v.subarray(0, n)) / n + pvar(v.subarray(n)) / n);
    expect(Math.abs(r.ci.se / expected - 1)).toBeLessThan(0.1);
    expect(r.ci.resamples).toBe(2000);
  });

  it('does not depend on the order of the instances; same seed -> same interval', () => {
    const v = Float64Array.of(0.1, 0.9, 0.4, 0.3, 0.8, 0.7, 0.2, 0.6);
    const g = [0, 1, 0, 1, 0, 1, 0, 1];
    const a = subgroupComparison(v, g, { seed: 9 });
    const perm = [7, 3, 5, 0, 6, 1, 4, 2];
    const b = subgroupComparison(
      Float64Array.from(perm, (i) => v[i]!),
      perm.map((i) => g[i]!),
      { seed: 9 },
    );
    expect(b).toEqual(a);
    expect(subgroupComparison(v, g, { seed: 10 }).ci).not.toEqual(a.ci);
  });

  it('bootstrap 0 skips the interval', () => {
    const r = subgroupComparison(Float64Array.of(1, 2, 3, 4), [0, 1, 0, 1], { bootstrap: 0 });
    expect(r.ci.resamples).toBe(0);
    expect(Number.isNaN(r.ci.lower)).toBe(true);
  });

  it('errors', () => {
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0]), 'SHAPE_MISMATCH');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0, -1]), 'BAD_INPUT');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0, 1.5]), 'BAD_INPUT');
    expectCode(() => subgroupComparison([1, 2] as never, [0, 1]), 'BAD_INPUT');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), null as never), 'BAD_INPUT');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0, 1], { compare: [1, 1] }), 'BAD_OPTION');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0, 1], { confidence: 2 }), 'BAD_OPTION');
    expectCode(() => subgroupComparison(Float64Array.of(1, 2), [0, 1], { bootstrap: -1 }), 'BAD_OPTION');
  });
});

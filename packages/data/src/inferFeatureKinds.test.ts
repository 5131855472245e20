import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { inferFeatureKinds } from './inferFeatureKinds.js';
import { errorOf } from './__fixtures__/errorOf.js';

describe('inferFeatureKinds', () => {
  const x = fromRows([
    [0, 1, 0.5, 7],
    [1, 2, 1, 7],
    [1, 3, 2, 7],
  ]);

  it('calls binary integer columns discrete by default', () => {
    expect(inferFeatureKinds(x)).toEqual(['discrete', 'continuous', 'continuous', 'discrete']);
  });

  it('follows maxDiscreteLevels', () => {
    expect(inferFeatureKinds(x, { maxDiscreteLevels: 3 })).toEqual(['discrete', 'discrete', 'continuous', 'discrete']);
    expect(inferFeatureKinds(x, { maxDiscreteLevels: 0 })).toEqual(['continuous', 'continuous', 'continuous', 'continuous']);
  });

  it('rejects a bad option', () => {
    expect(errorOf(() => inferFeatureKinds(x, { maxDiscreteLevels: -1 })).code).toBe('BAD_OPTION');
  });

  it('a NaN or an infinity is NON_FINITE naming its cell, not a silent continuous column', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const m = fromRows([
        [0, 1],
        [1, bad],
      ]);
      const e = errorOf(() => inferFeatureKinds(m));
      expect(e.code).toBe('NON_FINITE');
      expect(e.message).toContain(`x[1][1] is ${Number.isNaN(bad) ? 'NaN' : String(bad)}`);
    }
  });
});

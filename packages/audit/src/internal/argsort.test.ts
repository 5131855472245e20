import { describe, expect, it } from 'vitest';
import { substream } from '@xai/core';
import { argsortStable } from './argsort.js';

describe('argsortStable', () => {
  it('equals a comparator sort with ties by index (random values with many ties, ±Infinity)', () => {
    const rng = substream(3, 'argsort');
    for (const n of [0, 1, 2, 7, 100, 1025]) {
      const v = Float64Array.from({ length: n }, () => (rng.bernoulli(0.1) ? -Infinity : rng.int(20) - 10));
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => v[a]! - v[b]! || a - b);
      const got = Array.from(argsortStable(v));
      // -Infinity - -Infinity is NaN in the comparator: compare by value order, then index
      const ref = Array.from({ length: n }, (_, i) => i).sort((a, b) => (v[a]! < v[b]! ? -1 : v[a]! > v[b]! ? 1 : a - b));
      expect(got).toEqual(ref);
      if (!v.includes(-Infinity)) expect(got).toEqual(expected);
    }
  });
});

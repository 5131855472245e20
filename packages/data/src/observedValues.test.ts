import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { observedValues } from './observedValues.js';

describe('observedValues', () => {
  it('fills each NaN from its column, keeps levels and ranges, and reads a view by its stride', () => {
    const base = fromRows([
      [9, 9, 9],
      [1, Number.NaN, 5],
      [Number.NaN, 4, Number.NaN],
      [3, 2, Number.NaN],
    ]);
    // Rows 1..3, columns 0..1 of `base`: a view with offset 3 and stride 3.
    const view = { rows: 3, cols: 2, data: base.data, offset: 3, stride: 3 };
    const out = observedValues(view);
    expect(Array.from(out.data)).toEqual([1, 2, 3, 4, 3, 2]);
    // A column with no observed value gets 0; rows without NaN come back as given.
    expect(Array.from(observedValues(fromRows([[Number.NaN], [Number.NaN]])).data)).toEqual([0, 0]);
    const clean = fromRows([[1, 2]]);
    expect(observedValues(clean)).toBe(clean);
  });
});

import { describe, expect, it } from 'vitest';
import { checkFeatureScale, featureRanges, isUnitScale } from './featureScale.js';
import { fromRows, matrix } from './matrix.js';

describe('featureRanges', () => {
  it('is max − min per column, 1 for a constant column (the min-max scaler rule)', () => {
    const x = fromRows([
      [1, 5, -2],
      [3, 5, 8],
      [2, 5, 0],
    ]);
    expect(Array.from(featureRanges(x))).toEqual([2, 1, 10]);
  });
  it('is exactly 1 on data min-max scaled on the same rows', () => {
    const raw = fromRows([
      [10, 0.5],
      [30, 0.25],
      [20, 1.5],
    ]);
    const scaled = matrix(3, 2);
    const r = featureRanges(raw);
    for (let i = 0; i < 3; i++) {
      scaled.data[i * 2] = (raw.data[i * 2]! - 10) / r[0]!;
      scaled.data[i * 2 + 1] = (raw.data[i * 2 + 1]! - 0.25) / r[1]!;
    }
    expect(isUnitScale(featureRanges(scaled))).toBe(true);
  });
  it('reads strided views and refuses empty or non-finite input', () => {
    const view = { rows: 2, cols: 1, data: new Float64Array([1, 99, 4, 99]), stride: 2 };
    expect(Array.from(featureRanges(view))).toEqual([3]);
    expect(() => featureRanges(matrix(0, 2))).toThrow(/EMPTY|at least one/);
    expect(() => featureRanges(fromRows([[1], [Number.NaN]]))).toThrow(/row 1, column 0/);
  });
});

describe('checkFeatureScale', () => {
  it('passes undefined through and copies arrays', () => {
    expect(checkFeatureScale(undefined, 3, 'f')).toBeUndefined();
    const s = checkFeatureScale([1, 2], 2, 'f');
    expect(s).toBeInstanceOf(Float64Array);
    expect(Array.from(s!)).toEqual([1, 2]);
  });
  it('names the width, the index and the value on bad input', () => {
    expect(() => checkFeatureScale([1], 2, 'lime')).toThrow(/expected 2 per-feature scales.*got 1 values/);
    expect(() => checkFeatureScale([1, 0], 2, 'lime')).toThrow(/scale 1 must be a positive finite number, got 0/);
    expect(() => checkFeatureScale([1, Number.POSITIVE_INFINITY], 2, 'lime')).toThrow(/scale 1/);
    expect(() => checkFeatureScale('x', 2, 'lime')).toThrow(/per-feature scales/);
  });
});

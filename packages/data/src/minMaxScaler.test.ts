import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { fitMinMaxScaler, minMaxScalerFromJson } from './minMaxScaler.js';
import { errorOf } from './__fixtures__/errorOf.js';

describe('fitMinMaxScaler', () => {
  const train = fromRows([
    [0, 10, 5],
    [2, 20, 5],
    [4, 30, 5],
  ]);

  it('maps the training range onto [0, 1] per column', () => {
    const s = fitMinMaxScaler(train);
    expect(Array.from(s.min)).toEqual([0, 10, 5]);
    expect(Array.from(s.max)).toEqual([4, 30, 5]);
    // Hand-worked: (2-0)/4 = 0.5, (20-10)/20 = 0.5.
    expect(Array.from(s.transform(train).data)).toEqual([0, 0, 0, 0.5, 0.5, 0, 1, 1, 0]);
  });

  it('applies train statistics to new data (values may leave [0, 1]) and inverts', () => {
    const s = fitMinMaxScaler(train);
    const test = fromRows([[6, 0, 7]]);
    // (6-0)/4 = 1.5, (0-10)/20 = -0.5, constant column: scaled by 1 -> 7-5 = 2.
    const t = s.transform(test);
    expect(Array.from(t.data)).toEqual([1.5, -0.5, 2]);
    expect(Array.from(s.inverseTransform(t).data)).toEqual([6, 0, 7]);
  });

  it('never divides by zero on a constant column', () => {
    const s = fitMinMaxScaler(fromRows([[3], [3]]));
    expect(Array.from(s.transform(fromRows([[3], [4]])).data)).toEqual([0, 1]);
  });

  it('clips when asked, works in place and on strided views', () => {
    const s = fitMinMaxScaler(train, { clip: true });
    expect(Array.from(s.transform(fromRows([[6, 0, 5]])).data)).toEqual([1, 0, 0]);
    const m = fromRows([[2, 20, 5]]);
    expect(fitMinMaxScaler(train).transform(m, m).data).toBe(m.data);
    expect(Array.from(m.data)).toEqual([0.5, 0.5, 0]);
    const view = { rows: 1, cols: 3, data: new Float64Array([9, 4, 30, 5]), offset: 1, stride: 3 };
    expect(Array.from(fitMinMaxScaler(train).transform(view).data)).toEqual([1, 1, 0]);
  });

  it('round-trips through JSON', () => {
    const s = fitMinMaxScaler(train, { featureNames: ['a', 'b', 'c'] });
    const json = JSON.parse(JSON.stringify(s));
    expect(json.format).toBe('xai-minmax@1');
    const r = minMaxScalerFromJson(json);
    expect(r.featureNames).toEqual(['a', 'b', 'c']);
    expect(Array.from(r.transform(train).data)).toEqual(Array.from(s.transform(train).data));
  });

  it('rejects bad input with typed errors', () => {
    expect(errorOf(() => fitMinMaxScaler(fromRows([]))).code).toBe('EMPTY');
    expect(errorOf(() => fitMinMaxScaler(fromRows([[NaN]]))).code).toBe('NON_FINITE');
    expect(errorOf(() => fitMinMaxScaler(train, { featureNames: ['a'] })).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => fitMinMaxScaler(train).transform(fromRows([[1, 2]]))).code).toBe('SHAPE_MISMATCH');
    expect(errorOf(() => minMaxScalerFromJson({ format: 'other' })).code).toBe('BAD_INPUT');
    expect(errorOf(() => minMaxScalerFromJson({ format: 'xai-minmax@1', min: [1], max: [0], clip: false })).code).toBe('BAD_INPUT');
    expect(errorOf(() => minMaxScalerFromJson({ format: 'xai-minmax@1', min: [0, 1], max: [1], clip: false })).code).toBe('BAD_INPUT');
  });
});

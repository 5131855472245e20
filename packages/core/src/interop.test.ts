import { describe, expect, it } from 'vitest';
import ndarray from 'ndarray';
import { Matrix as MlMatrix } from 'ml-matrix';
import { fromRows, rowBlock, toRows } from './matrix.js';
import { fromMlMatrix, fromNdarray, toMlMatrix, toNdarray } from './interop.js';

describe('interop', () => {
  const m = fromRows([
    [1, 2, 3],
    [4, 5, 6],
    [7, 8, 9],
  ]);

  it('ndarray round trip shares the buffer, including strided views', () => {
    const nd = toNdarray(m);
    expect(nd.get(1, 2)).toBe(6);
    expect(nd.data).toBe(m.data);
    const back = fromNdarray(nd);
    expect(back.data).toBe(m.data);
    expect(toRows(back)).toEqual(toRows(m));
    const view = rowBlock(m, 1, 3);
    expect(toRows(fromNdarray(toNdarray(view)))).toEqual([
      [4, 5, 6],
      [7, 8, 9],
    ]);
  });

  it('a transposed ndarray (column stride != 1) is copied correctly', () => {
    const t = ndarray(m.data, [3, 3], [1, 3]);
    expect(toRows(fromNdarray(t))).toEqual([
      [1, 4, 7],
      [2, 5, 8],
      [3, 6, 9],
    ]);
    expect(() => fromNdarray(ndarray(new Float64Array(3), [3]))).toThrow(/SHAPE_MISMATCH/);
  });

  it('ml-matrix round trip and agreement on a product', () => {
    const ml = toMlMatrix(m);
    expect(ml.get(2, 0)).toBe(7);
    expect(toRows(fromMlMatrix(ml))).toEqual(toRows(m));
    const prod = fromMlMatrix(ml.mmul(new MlMatrix([[1], [0], [-1]])));
    expect(toRows(prod)).toEqual([[-2], [-2], [-2]]);
  });
});

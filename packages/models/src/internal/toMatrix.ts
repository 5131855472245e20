import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue, fromRows } from '@xai/core';

/** Accepts a Matrix, rows of numbers, or a flat row-major array of rows x cols; checks the shape. */
export function toMatrix(value: unknown, rows: number, cols: number, fn: string, arg: string): Matrix {
  let m: Matrix;
  if (Array.isArray(value)) {
    m = fromRows(value as number[][]);
    if (value.length === 0) m = { rows: 0, cols, data: new Float64Array(0) };
  } else if (value instanceof Float64Array) {
    if (value.length !== rows * cols) throw new XaiError('SHAPE_MISMATCH', `flat output has ${value.length} values, expected ${rows}x${cols}`, { fn, arg, value: value.length });
    m = { rows, cols, data: value };
  } else if (value !== null && typeof value === 'object' && 'data' in value) {
    m = value as Matrix;
  } else {
    throw new XaiError('BAD_INPUT', `expected a Matrix, number[][] or Float64Array, got ${describeValue(value)}`, { fn, arg, value });
  }
  assertMatrix(m, fn, arg, { rows, cols });
  return m;
}

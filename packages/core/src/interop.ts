// Conversions to and from ndarray and ml-matrix. Kept out of the main entry so that a
// user who imports one metric does not load either library.
import ndarray from 'ndarray';
import type { NdArray } from 'ndarray';
import { Matrix as MlMatrix } from 'ml-matrix';
import { XaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { row, strideOf } from './matrix.js';

/**
 * A 2-D ndarray sharing this matrix's buffer (no copy): shape [rows, cols],
 * stride [stride, 1], same offset.
 * @example toNdarray(m).get(0, 1)
 * @since 0.1.0
 */
export function toNdarray(m: Matrix): NdArray<Float64Array> {
  return ndarray(m.data, [m.rows, m.cols], [strideOf(m), 1], m.offset ?? 0);
}

/**
 * A Matrix over a 2-D Float64 ndarray; zero-copy when its column stride is 1, otherwise
 * a contiguous copy.
 * @since 0.1.0
 */
export function fromNdarray(a: NdArray): Matrix {
  if (a.shape.length !== 2)
    throw new XaiError('SHAPE_MISMATCH', `expected a 2-D ndarray, got ${a.shape.length}-D`, {
      fn: 'fromNdarray',
      arg: 'a',
      value: a.shape,
    });
  const [rows, cols] = a.shape as [number, number];
  if (a.data instanceof Float64Array && a.stride[1] === 1 && a.stride[0]! >= cols) {
    return { rows, cols, data: a.data, stride: a.stride[0]!, offset: a.offset };
  }
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = a.get(i, j);
  return { rows, cols, data };
}

/** An ml-matrix `Matrix` copy (ml-matrix stores rows as separate arrays). @since 0.1.0 */
export function toMlMatrix(m: Matrix): MlMatrix {
  const out = new MlMatrix(m.rows, m.cols);
  for (let i = 0; i < m.rows; i++) {
    const r = row(m, i);
    for (let j = 0; j < m.cols; j++) out.set(i, j, r[j]!);
  }
  return out;
}

/** A contiguous Matrix copy of an ml-matrix `Matrix`. @since 0.1.0 */
export function fromMlMatrix(a: MlMatrix): Matrix {
  const rows = a.rows;
  const cols = a.columns;
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) data[i * cols + j] = a.get(i, j);
  return { rows, cols, data };
}

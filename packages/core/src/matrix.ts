import { XaiError, describeValue } from './errors.js';
import { matrixAdapterHint } from './adapterHints.js';

/**
 * A dense row-major matrix view over a Float64Array: plain data, no methods, so any
 * toolkit can build one without importing our code. Row i starts at
 * `offset + i * stride` (defaults: offset 0, stride = cols), so a block of rows is a
 * zero-copy view.
 */
export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float64Array;
  /** Distance between the starts of consecutive rows. @defaultValue cols */
  readonly stride?: number;
  /** Index of element (0, 0) in `data`. @defaultValue 0 */
  readonly offset?: number;
}

/** A vector is a Float64Array; a row of a matrix is one too (a subarray view). */
export type Vector = Float64Array;

/**
 * A new matrix of zeros, or a view over `data` (not copied) when given.
 * @example matrix(2, 3)  // 2x3 zeros
 * @since 0.1.0
 */
export function matrix(rows: number, cols: number, data?: Float64Array): Matrix {
  if (!Number.isInteger(rows) || rows < 0)
    throw new XaiError('BAD_INPUT', `expected a non-negative integer, got ${describeValue(rows)}`, {
      fn: 'matrix',
      arg: 'rows',
      value: rows,
    });
  if (!Number.isInteger(cols) || cols < 0)
    throw new XaiError('BAD_INPUT', `expected a non-negative integer, got ${describeValue(cols)}`, {
      fn: 'matrix',
      arg: 'cols',
      value: cols,
    });
  if (data === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  if (!(data instanceof Float64Array))
    throw new XaiError('BAD_INPUT', `expected a Float64Array, got ${describeValue(data)}`, { fn: 'matrix', arg: 'data', value: data });
  if (data.length !== rows * cols)
    throw new XaiError('SHAPE_MISMATCH', `length ${data.length} does not equal ${rows}x${cols}=${rows * cols}`, {
      fn: 'matrix',
      arg: 'data',
      value: data.length,
    });
  return { rows, cols, data };
}

/**
 * Copies an array of equal-length rows into a new matrix.
 * @example fromRows([[1, 2], [3, 4]])
 * @since 0.1.0
 */
export function fromRows(rows: ArrayLike<ArrayLike<number>>): Matrix {
  const n = rows.length;
  const d = n === 0 ? 0 : rows[0]!.length;
  const data = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    if (r.length !== d)
      throw new XaiError('SHAPE_MISMATCH', `row ${i} has ${r.length} values, row 0 has ${d}`, {
        fn: 'fromRows',
        arg: 'rows',
        value: r.length,
      });
    for (let j = 0; j < d; j++) data[i * d + j] = r[j]!;
  }
  return { rows: n, cols: d, data };
}

/** The rows as plain number arrays (for JSON output). */
export function toRows(m: Matrix): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < m.rows; i++) out.push(Array.from(row(m, i)));
  return out;
}

/** Row stride of a matrix (cols when not given). */
export function strideOf(m: Matrix): number {
  return m.stride ?? m.cols;
}

/** True when rows are back to back from offset 0 and data has no slack. */
export function isContiguous(m: Matrix): boolean {
  return (m.offset ?? 0) === 0 && strideOf(m) === m.cols && m.data.length === m.rows * m.cols;
}

/** Zero-copy view of row i as a Float64Array. */
export function row(m: Matrix, i: number): Vector {
  const start = (m.offset ?? 0) + i * strideOf(m);
  return m.data.subarray(start, start + m.cols);
}

/** Element (i, j). */
export function get(m: Matrix, i: number, j: number): number {
  return m.data[(m.offset ?? 0) + i * strideOf(m) + j]!;
}

/** Zero-copy view of rows [start, end). */
export function rowBlock(m: Matrix, start: number, end: number): Matrix {
  if (start < 0 || end > m.rows || start > end)
    throw new XaiError('BAD_INPUT', `rows [${start}, ${end}) outside [0, ${m.rows})`, {
      fn: 'rowBlock',
      arg: 'start/end',
      value: [start, end],
    });
  return { rows: end - start, cols: m.cols, data: m.data, stride: strideOf(m), offset: (m.offset ?? 0) + start * strideOf(m) };
}

/** A contiguous copy (or the matrix itself when already contiguous and `copy` is false). */
export function contiguous(m: Matrix, copy = false): Matrix {
  if (!copy && isContiguous(m)) return m;
  const out = new Float64Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++) out.set(row(m, i), i * m.cols);
  return { rows: m.rows, cols: m.cols, data: out };
}

/** Gathers the given rows into a new contiguous matrix. */
export function selectRows(m: Matrix, indices: ArrayLike<number>): Matrix {
  const out = new Float64Array(indices.length * m.cols);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= m.rows)
      throw new XaiError('BAD_INPUT', `row index ${describeValue(i)} outside [0, ${m.rows})`, {
        fn: 'selectRows',
        arg: 'indices',
        value: i,
      });
    out.set(row(m, i), k * m.cols);
  }
  return { rows: indices.length, cols: m.cols, data: out };
}

/**
 * Throws a typed error unless `value` is a well-formed Matrix (optionally of a given shape).
 * @since 0.1.0
 */
export function assertMatrix(
  value: unknown,
  fn: string,
  arg: string,
  shape: { rows?: number; cols?: number } = {},
): asserts value is Matrix {
  const m = value as Matrix;
  if (
    m === null ||
    typeof m !== 'object' ||
    !(m.data instanceof Float64Array) ||
    !Number.isInteger(m.rows) ||
    !Number.isInteger(m.cols) ||
    m.rows < 0 ||
    m.cols < 0
  ) {
    throw new XaiError(
      'BAD_INPUT',
      `expected a Matrix {rows, cols, data: Float64Array}, got ${describeValue(value)}${matrixAdapterHint(value)}`,
      {
        fn,
        arg,
        value,
      },
    );
  }
  const stride = strideOf(m);
  const offset = m.offset ?? 0;
  if (!Number.isInteger(stride) || (m.rows > 1 && stride < m.cols) || stride < 0) {
    throw new XaiError('BAD_INPUT', `stride ${describeValue(stride)} must be an integer of at least cols (${m.cols})`, {
      fn,
      arg,
      value: stride,
    });
  }
  if (!Number.isInteger(offset) || offset < 0)
    throw new XaiError('BAD_INPUT', `offset ${describeValue(offset)} must be a non-negative integer`, { fn, arg, value: offset });
  if (m.rows > 0 && offset + (m.rows - 1) * stride + m.cols > m.data.length) {
    throw new XaiError(
      'SHAPE_MISMATCH',
      `data of length ${m.data.length} is too short for ${m.rows}x${m.cols} (stride ${stride}, offset ${offset})`,
      { fn, arg, value: m.data.length },
    );
  }
  if (shape.rows !== undefined && m.rows !== shape.rows)
    throw new XaiError('SHAPE_MISMATCH', `expected ${shape.rows} rows, got ${m.rows}`, { fn, arg, value: m.rows });
  if (shape.cols !== undefined && m.cols !== shape.cols)
    throw new XaiError('SHAPE_MISMATCH', `expected ${shape.cols} columns, got ${m.cols}`, { fn, arg, value: m.cols });
}

/** Throws NON_FINITE naming the first NaN/Infinity cell (flat loop: runs on every checked model call). */
export function assertFinite(m: Matrix, fn: string, arg: string): void {
  const data = m.data;
  const stride = strideOf(m);
  const offset = m.offset ?? 0;
  for (let i = 0; i < m.rows; i++) {
    const start = offset + i * stride;
    for (let j = 0; j < m.cols; j++) {
      const v = data[start + j]!;
      if (v - v !== 0) throw new XaiError('NON_FINITE', `cell (${i}, ${j}) is ${describeValue(v)}`, { fn, arg, value: v, row: i, col: j });
    }
  }
}

/** Throws NON_FINITE naming the first NaN/Infinity entry of a vector. */
export function assertFiniteVector(v: ArrayLike<number>, fn: string, arg: string): void {
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i]!))
      throw new XaiError('NON_FINITE', `entry ${i} is ${describeValue(v[i])}`, { fn, arg, value: v[i], index: i });
  }
}

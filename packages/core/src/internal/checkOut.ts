import { XaiError } from '../errors.js';
import type { Matrix } from '../matrix.js';
import { assertMatrix, strideOf } from '../matrix.js';

/** Validates or allocates the output buffer of a kernel (shared by the matrix kernels). */
export function outputFor(fn: string, rows: number, cols: number, out: Matrix | undefined, inputs: readonly Matrix[] = []): Matrix {
  if (out === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  assertMatrix(out, fn, 'out');
  if (out.rows !== rows || out.cols !== cols) {
    throw new XaiError('SHAPE_MISMATCH', `expected ${rows}x${cols}, got ${out.rows}x${out.cols}`, {
      fn,
      arg: 'out',
      value: [out.rows, out.cols],
    });
  }
  for (const [k, input] of inputs.entries()) {
    if (overlaps(out, input)) {
      throw new XaiError(
        'BAD_INPUT',
        `out shares memory with input ${k === 0 ? 'a' : 'b'}; these kernels read inputs while writing out, so the result would be wrong: pass a separate buffer`,
        { fn, arg: 'out', value: 'aliased' },
      );
    }
  }
  return out;
}

/**
 * True when two matrices share an element of the same buffer. Views with equal strides (e.g.
 * two column blocks of one row-major buffer) are compared row by row and column by column, so
 * interleaved but disjoint blocks are allowed; other layouts are compared by whole extents.
 */
export function overlaps(a: Matrix, b: Matrix): boolean {
  if (a.data.buffer !== b.data.buffer || a.rows === 0 || b.rows === 0 || a.cols === 0 || b.cols === 0) return false;
  const bytes = a.data.BYTES_PER_ELEMENT;
  const startA = a.data.byteOffset + bytes * (a.offset ?? 0);
  const startB = b.data.byteOffset + bytes * (b.offset ?? 0);
  const endA = startA + bytes * ((a.rows - 1) * strideOf(a) + a.cols);
  const endB = startB + bytes * ((b.rows - 1) * strideOf(b) + b.cols);
  if (!(startA < endB && startB < endA)) return false;
  const stride = bytes * strideOf(a);
  if (stride !== bytes * strideOf(b) || (startA - startB) % bytes !== 0) return true;
  // Same stride: rows r of a and r' of b overlap only if their column ranges intersect in the
  // same physical row. Work in element units relative to a's start.
  const shift = (startB - startA) / bytes; // b's element 0 relative to a's element 0
  const s = stride / bytes;
  const rowShift = Math.floor(shift / s);
  const colShift = shift - rowShift * s; // in [0, s)
  // b's column interval inside a physical row may wrap into the next row.
  const colsOverlap = (lo: number, hi: number): boolean => lo < a.cols && 0 < hi;
  const rowsOverlap = (dr: number): boolean => dr + b.rows - 1 >= 0 && dr <= a.rows - 1;
  return (
    (rowsOverlap(rowShift) && colsOverlap(colShift, colShift + b.cols)) ||
    (rowsOverlap(rowShift + 1) && colsOverlap(colShift - s, colShift - s + b.cols))
  );
}

/** Row stride and offset as a pair, for kernels that index data directly. */
export function layout(m: Matrix): [stride: number, offset: number] {
  return [strideOf(m), m.offset ?? 0];
}

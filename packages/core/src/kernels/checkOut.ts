import { XaiError } from '../errors.js';
import type { Matrix } from '../matrix.js';
import { assertMatrix, strideOf } from '../matrix.js';

/** Validates or allocates the output buffer of a kernel (shared by the matrix kernels). */
export function outputFor(fn: string, rows: number, cols: number, out: Matrix | undefined): Matrix {
  if (out === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  assertMatrix(out, fn, 'out');
  if (out.rows !== rows || out.cols !== cols) {
    throw new XaiError('SHAPE_MISMATCH', `expected ${rows}x${cols}, got ${out.rows}x${out.cols}`, { fn, arg: 'out', value: [out.rows, out.cols] });
  }
  return out;
}

/** Row stride and offset as a pair, for kernels that index data directly. */
export function layout(m: Matrix): [stride: number, offset: number] {
  return [strideOf(m), m.offset ?? 0];
}

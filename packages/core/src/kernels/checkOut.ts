import { XaiError } from '../errors.js';
import type { Matrix } from '../matrix.js';
import { assertMatrix, strideOf } from '../matrix.js';

/** Validates or allocates the output buffer of a kernel (shared by the matrix kernels). */
export function outputFor(fn: string, rows: number, cols: number, out: Matrix | undefined, inputs: readonly Matrix[] = []): Matrix {
  if (out === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  assertMatrix(out, fn, 'out');
  if (out.rows !== rows || out.cols !== cols) {
    throw new XaiError('SHAPE_MISMATCH', `expected ${rows}x${cols}, got ${out.rows}x${out.cols}`, { fn, arg: 'out', value: [out.rows, out.cols] });
  }
  for (const [k, input] of inputs.entries()) {
    if (overlaps(out, input)) {
      throw new XaiError('BAD_INPUT', `out shares memory with input ${k === 0 ? 'a' : 'b'}; these kernels read inputs while writing out, so the result would be wrong: pass a separate buffer`, { fn, arg: 'out', value: 'aliased' });
    }
  }
  return out;
}

/** True when two matrices' element ranges overlap in the same underlying buffer. */
export function overlaps(a: Matrix, b: Matrix): boolean {
  if (a.data.buffer !== b.data.buffer || a.rows === 0 || b.rows === 0 || a.cols === 0 || b.cols === 0) return false;
  const start = (m: Matrix): number => m.data.byteOffset + 8 * (m.offset ?? 0);
  const end = (m: Matrix): number => start(m) + 8 * ((m.rows - 1) * strideOf(m) + m.cols);
  return start(a) < end(b) && start(b) < end(a);
}

/** Row stride and offset as a pair, for kernels that index data directly. */
export function layout(m: Matrix): [stride: number, offset: number] {
  return [strideOf(m), m.offset ?? 0];
}

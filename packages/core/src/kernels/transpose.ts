import type { Matrix } from '../matrix.js';
import { assertMatrix } from '../matrix.js';
import { layout, outputFor } from '../internal/checkOut.js';

/**
 * Aᵀ into `out` (allocated when omitted).
 * @example transpose(fromRows([[1, 2, 3]]))  // 3x1
 * @since 0.1.0
 */
export function transpose(a: Matrix, out?: Matrix): Matrix {
  assertMatrix(a, 'transpose', 'a');
  const t = outputFor('transpose', a.cols, a.rows, out, [a]);
  const [sa, oa] = layout(a);
  const [st, ot] = layout(t);
  for (let i = 0; i < a.rows; i++) {
    for (let j = 0; j < a.cols; j++) t.data[ot + j * st + i] = a.data[oa + i * sa + j]!;
  }
  return t;
}

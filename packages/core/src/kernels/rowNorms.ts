import type { Matrix } from '../matrix.js';
import { assertMatrix } from '../matrix.js';
import { layout } from '../internal/checkOut.js';

/**
 * The p-norm of every row (p = 2 by default; p = 1 and Infinity supported).
 * @example rowNorms(fromRows([[3, 4]]))  // Float64Array [5]
 * @since 0.1.0
 */
export function rowNorms(a: Matrix, p = 2, out: Float64Array = new Float64Array(a.rows)): Float64Array {
  assertMatrix(a, 'rowNorms', 'a');
  const [s, o] = layout(a);
  const D = a.data;
  for (let i = 0; i < a.rows; i++) {
    const base = o + i * s;
    let acc = 0;
    if (p === 2) {
      for (let j = 0; j < a.cols; j++) {
        const v = D[base + j]!;
        acc += v * v;
      }
      acc = Math.sqrt(acc);
    } else if (p === 1) {
      for (let j = 0; j < a.cols; j++) acc += Math.abs(D[base + j]!);
    } else if (p === Infinity) {
      for (let j = 0; j < a.cols; j++) acc = Math.max(acc, Math.abs(D[base + j]!));
    } else {
      for (let j = 0; j < a.cols; j++) acc += Math.abs(D[base + j]!) ** p;
      acc = acc ** (1 / p);
    }
    out[i] = acc;
  }
  return out;
}

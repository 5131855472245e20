import { XaiError } from '../errors.js';

/**
 * y ← alpha·x + y over the first n entries (in place on y), stdlib's daxpy shape.
 * @example axpy(2, Float64Array.of(1, 1), y)
 * @since 0.1.0
 */
export function axpy(alpha: number, x: ArrayLike<number>, y: Float64Array): Float64Array {
  if (x.length !== y.length)
    throw new XaiError('SHAPE_MISMATCH', `x has ${x.length} entries, y has ${y.length}`, { fn: 'axpy', arg: 'x', value: x.length });
  for (let i = 0; i < y.length; i++) y[i] = y[i]! + alpha * x[i]!;
  return y;
}

/** x ← alpha·x in place. @since 0.1.0 */
export function scale(alpha: number, x: Float64Array): Float64Array {
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * alpha;
  return x;
}

/** Dot product of two equal-length vectors. @since 0.1.0 */
export function dot(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length)
    throw new XaiError('SHAPE_MISMATCH', `x has ${x.length} entries, y has ${y.length}`, { fn: 'dot', arg: 'y', value: y.length });
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]! * y[i]!;
  return s;
}

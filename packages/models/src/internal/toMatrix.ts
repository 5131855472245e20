import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue, fromRows } from '@xai/core';

/** True for a Promise or any thenable. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * NOT_SUPPORTED when a wrapped function returned a Promise: core's `Model` is synchronous,
 * so the caller must resolve it first (e.g. precompute, or run the model in a worker with
 * a synchronous bridge). The rejection, if any, is swallowed so it does not surface later
 * as an unhandled rejection.
 */
export function rejectPromise(value: unknown, fn: string, arg: string): void {
  if (!isThenable(value)) return;
  if (typeof (value as Promise<unknown>).catch === 'function') (value as Promise<unknown>).catch(() => undefined);
  throw new XaiError(
    'NOT_SUPPORTED',
    "the wrapped function returned a Promise (is it async?); core's Model is synchronous, so functionModel needs a function that returns its result directly",
    { fn, arg, value: 'Promise' },
  );
}

/** Accepts a Matrix, rows of numbers, or a flat row-major array of rows x cols; checks the shape. */
export function toMatrix(value: unknown, rows: number, cols: number, fn: string, arg: string): Matrix {
  rejectPromise(value, fn, arg);
  let m: Matrix;
  if (Array.isArray(value)) {
    m = fromRows(value as number[][]);
    if (value.length === 0) m = { rows: 0, cols, data: new Float64Array(0) };
  } else if (value instanceof Float64Array) {
    if (value.length !== rows * cols)
      throw new XaiError('SHAPE_MISMATCH', `flat output has ${value.length} values, expected ${rows}x${cols}`, {
        fn,
        arg,
        value: value.length,
      });
    m = { rows, cols, data: value };
  } else if (value !== null && typeof value === 'object' && 'data' in value) {
    m = value as Matrix;
  } else {
    throw new XaiError('BAD_INPUT', `expected a Matrix, number[][] or Float64Array, got ${describeValue(value)}`, { fn, arg, value });
  }
  assertMatrix(m, fn, arg, { rows, cols });
  return m;
}

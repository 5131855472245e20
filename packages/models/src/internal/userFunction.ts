// Calling the functions a user hands to functionModel: their input in the form they take,
// their failures as typed errors, their results converted once to Float64.
import type { Matrix } from '@xai/core';
import { XaiError, contiguous, describeValue, isXaiError, toFloat64Matrix, toRows, promiseReturnedMessage } from '@xai/core';
import type { FunctionModelInput } from '../functionModel.js';
import { rejectPromise } from './rejectPromise.js';

/**
 * Calls a user function, turning anything it throws that is not already an XaiError into
 * BAD_INPUT naming the function argument; a TypeError with matrix input gets the likely
 * cause (a function written for number[][]) and the fix.
 */
export function callUser<T>(f: () => T, fn: string, arg: string, input: FunctionModelInput): T {
  try {
    return f();
  } catch (e) {
    if (isXaiError(e)) throw e;
    const what = e instanceof Error ? `${e.name}: ${e.message}` : describeValue(e);
    const hint =
      e instanceof TypeError && input === 'matrix'
        ? " (functionModel passes x as a Matrix {rows, cols, data: Float64Array, row-major}, not number[][]; for a function written for rows of numbers pass { input: 'rows' })"
        : '';
    throw new XaiError('BAD_INPUT', `the wrapped function threw ${what}${hint}`, { fn, arg, value: what, cause: e });
  }
}

/** An `async function` can only return a Promise: refuse it up front (a plain function returning one is caught per call). */
export function rejectAsync(fn: string, arg: string, f: unknown): void {
  if (typeof f === 'function' && f.constructor?.name === 'AsyncFunction') {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${arg} is an async function, so it ${promiseReturnedMessage().replace('returned', 'returns')}, or pass a function that returns its result directly`,
      { fn, arg, value: 'AsyncFunction' },
    );
  }
}

/** x as the user's functions take it: always contiguous (strided views are copied), as rows with input 'rows'. */
export function userInput(x: Matrix, input: FunctionModelInput): Matrix {
  const c = contiguous(x);
  return (input === 'rows' ? toRows(c) : c) as Matrix;
}

/** Calls a user function on x, then converts (and Promise-checks) its rows x cols result. */
export function runUser(f: () => unknown, fn: string, what: string, rows: number, cols: number, input: FunctionModelInput): Matrix {
  const r = callUser(f, fn, what, input);
  rejectPromise(r, fn, what);
  return toFloat64Matrix(r, rows, cols, fn, what);
}

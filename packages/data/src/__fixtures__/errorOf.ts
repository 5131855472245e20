import { XaiError } from '@xai/core';

/** The XaiError thrown by `f` (fails the test when it throws something else or nothing). */
export function errorOf(f: () => unknown): XaiError {
  try {
    f();
  } catch (e) {
    if (e instanceof XaiError) return e;
    throw e;
  }
  throw new Error('expected an XaiError, nothing was thrown');
}

/** Async twin of {@link errorOf}. */
export async function asyncErrorOf(f: () => Promise<unknown>): Promise<XaiError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof XaiError) return e;
    throw e;
  }
  throw new Error('expected an XaiError, nothing was thrown');
}

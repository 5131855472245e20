import { XaiError, promiseReturnedMessage } from '@xai/core';

/** True for a Promise or any thenable. */
function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * NOT_SUPPORTED when a wrapped function returned a Promise: core's `Model` is synchronous,
 * and an asynchronous function is made a model by core's `asyncModel` (the message says how).
 * The rejection, if any, is swallowed so it does not surface later as an unhandled rejection.
 */
export function rejectPromise(value: unknown, fn: string, arg: string): void {
  if (!isThenable(value)) return;
  if (typeof (value as Promise<unknown>).catch === 'function') (value as Promise<unknown>).catch(() => undefined);
  throw new XaiError('NOT_SUPPORTED', `the wrapped function ${promiseReturnedMessage()}`, { fn, arg, value: 'Promise' });
}

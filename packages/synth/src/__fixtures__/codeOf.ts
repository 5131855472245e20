import { isXaiError } from '@xai/core';

/** The XaiError code `f` throws ('no error' when it returns), for typed-error assertions. */
export const codeOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return isXaiError(e) ? e.code : String(e);
  }
  return 'no error';
};

/** The same for an async function. */
export async function codeOfAsync(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
  } catch (e) {
    return isXaiError(e) ? e.code : String(e);
  }
  return 'no error';
}

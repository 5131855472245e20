import { isXaiError } from '@xai/core';

/** The XaiError code thrown by f ('none' if it returns, 'other' for foreign errors). */
export function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return isXaiError(e) ? e.code : `other: ${String(e)}`;
  }
  return 'none';
}

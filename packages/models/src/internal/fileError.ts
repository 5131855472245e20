// Node's fs errors as typed errors naming the path, by core's one mapping (systemError):
// ENOENT/ENOTDIR → NOT_FOUND, any other OS-level failure (EISDIR, EACCES, ENOSPC…) → IO_ERROR.
import { XaiError, isXaiError, systemError } from '@xai/core';

export function fileError(fn: string, verb: 'read' | 'write', path: string, e: unknown): XaiError {
  const mapped = systemError(e, { fn, path, action: verb });
  if (isXaiError(mapped)) return mapped;
  // not a system error (no errno): still an I/O failure of this path
  const why = e instanceof Error ? e.message : String(e);
  return new XaiError('IO_ERROR', `cannot ${verb} ${path}: ${why}`, { fn, arg: 'path', value: path, cause: e });
}

// Node's fs errors (ENOENT, ENOTDIR, EISDIR, EACCES…) as typed errors naming the path.
import { XaiError } from '@xai/core';

/** NOT_FOUND when the path (or its folder) does not exist, BAD_INPUT otherwise. */
export function fileError(fn: string, verb: 'read' | 'write', path: string, e: unknown): XaiError {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  const why = e instanceof Error ? e.message : String(e);
  const hint =
    code === 'ENOENT'
      ? verb === 'write'
        ? ' (does its folder exist?)'
        : ' (no such file)'
      : code === 'ENOTDIR'
        ? ' (a part of the path is a file, not a folder)'
        : code === 'EISDIR'
          ? ' (it is a folder)'
          : '';
  return new XaiError(code === 'ENOENT' ? 'NOT_FOUND' : 'BAD_INPUT', `cannot ${verb} ${path}${hint}: ${why}`, {
    fn,
    arg: 'path',
    value: path,
    errno: code,
  });
}

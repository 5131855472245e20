import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { XaiError } from '../../errors.js';

/** Errno codes that mean "this path cannot be read or written", and what to say about them. */
const HINTS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EISDIR: 'is a directory, expected a file',
  ENOTDIR: 'a parent of the path is not a directory',
  ENOENT: 'no such file or directory',
  EEXIST: 'already exists (and is not the kind of entry expected)',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  EMFILE: 'too many open files',
  EDQUOT: 'disk quota exceeded',
};

/**
 * Turns a Node file-system error into `XaiError('IO_ERROR')` naming the operation, the path and
 * the errno code (ENOSPC, EISDIR, ENOENT, EEXIST, ...); anything else is rethrown unchanged.
 * @example try { writeFileSync(p, s) } catch (e) { throw ioError(e, 'write', p, 'writeReports') }
 * @since 0.2.0
 */
export function ioError(e: unknown, op: string, path: string, fn: string): unknown {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return e;
  const hint = HINTS[code] ?? (e as Error).message;
  return new XaiError('IO_ERROR', `cannot ${op} ${path}: ${code} (${hint})`, { fn, arg: path, value: code, errno: code });
}

/**
 * Runs a file-system call; its errno errors become `IO_ERROR` naming `path` (see {@link ioError}).
 * @example withIo('write', path, 'writeManifest', () => writeFileSync(path, text))
 * @since 0.2.0
 */
export function withIo<T>(op: string, path: string, fn: string, call: () => T): T {
  try {
    return call();
  } catch (e) {
    throw ioError(e, op, path, fn);
  }
}

/**
 * Creates a folder and its missing parents one level at a time, so a failure names the real
 * errno and the level at fault (a recursive mkdir reports a read-only parent as ENOENT).
 * Returns the folders it created, outermost first (so a failed run can remove what it made).
 * @example makeDirs('out/run', 'xai bench') // IO_ERROR "cannot create the folder /ro/out: EROFS (read-only file system)"
 * @since 0.3.0
 */
export function makeDirs(path: string, fn: string): string[] {
  if (existsSync(path) && !statSync(path).isDirectory())
    throw ioError(Object.assign(new Error('exists'), { code: 'EEXIST' }), 'create the folder', path, fn);
  const missing: string[] = [];
  for (let p = resolve(path); !existsSync(p); ) {
    missing.push(p);
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  for (const dir of missing.reverse()) {
    withIo('create the folder', dir, fn, () => {
      try {
        mkdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    });
  }
  return missing;
}

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { systemError } from '../../errors.js';

/**
 * A Node file-system error as core's one mapping gives it ({@link systemError}: NOT_FOUND for a
 * missing path, IO_ERROR for any other OS failure), naming the operation, the path and the errno
 * (ENOSPC, EISDIR, ENOENT, EEXIST, ...); anything else is returned unchanged.
 * @example try { writeFileSync(p, s) } catch (e) { throw ioError(e, 'write', p, 'writeReports') }
 * @since 0.2.0
 */
export function ioError(e: unknown, op: string, path: string, fn: string): unknown {
  return systemError(e, { fn, path, action: op, arg: path });
}

/**
 * Runs a file-system call; its errno errors become NOT_FOUND / IO_ERROR naming `path` (see {@link ioError}).
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

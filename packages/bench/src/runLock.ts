import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { XaiError } from '@xai/core';
import { ioError, withIo } from './ioError';

/** The lock file a run holds in its output folder. */
export const LOCK_FILE = 'xai.lock';

/** What a lock file holds. */
export interface LockInfo {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  readonly command: string;
}

/** A held lock: `release()` removes the file (idempotent). */
export interface RunLock {
  readonly path: string;
  /** True when a stale lock (dead process) was taken over. */
  readonly tookOver: LockInfo | null;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof v.pid === 'number' && typeof v.host === 'string' ? (v as LockInfo) : null;
  } catch {
    return null; // half-written or removed meanwhile: treat as stale
  }
}

/**
 * Takes `<dir>/xai.lock` for one process (exclusive create). A second run on the same folder
 * fails with `XaiError('LOCKED')` naming the holder; a lock left by a process that no longer
 * exists on this host is taken over. Release it in a `finally`.
 * @example const lock = acquireRunLock(out, 'xai bench'); try { ... } finally { lock.release(); }
 * @since 0.2.0
 */
export function acquireRunLock(dir: string, command: string): RunLock {
  const path = join(dir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command };
  let tookOver: LockInfo | null = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(path, `${JSON.stringify(info)}\n`, { flag: 'wx' });
      let released = false;
      return {
        path,
        tookOver,
        release() {
          if (released) return;
          released = true;
          // Only remove our own lock (a taken-over one belongs to someone else now).
          if (readLock(path)?.pid === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw ioError(e, 'create the lock file', path, command);
    }
    const held = readLock(path);
    if (held !== null && held.host === info.host && !alive(held.pid)) {
      tookOver = held;
      rmSync(path, { force: true });
      continue;
    }
    if (held === null) {
      rmSync(path, { force: true });
      continue;
    }
    throw new XaiError(
      'LOCKED',
      `${dir} is in use by ${held.command} (pid ${held.pid} on ${held.host}, since ${held.startedAt}); wait for it or use another --out (remove ${path} only if that process is gone)`,
      { fn: command, arg: path, value: held.pid },
    );
  }
  throw new XaiError('LOCKED', `could not take ${path} (another process keeps creating it)`, { fn: command, arg: path, value: null });
}

/**
 * Removes leftover temporary files of interrupted writes (`results.jsonl.tmp-<pid>`,
 * `manifest.json.tmp-<pid>`, ...) from a run folder; call it while holding the lock.
 * Returns the names removed.
 * @since 0.2.0
 */
export function cleanTempFiles(dir: string, command: string): string[] {
  const names = withIo('list', dir, command, () => readdirSync(dir));
  const stale = names.filter((n) => /\.tmp-\d+$/.test(n));
  for (const n of stale) withIo('remove', join(dir, n), command, () => rmSync(join(dir, n), { force: true }));
  return stale;
}

import { randomUUID } from 'node:crypto';
import { linkSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { XaiError, checkOptions } from '@xai/core';
import { ioError, withIo } from '../system/ioError.js';
import type { LeaseVerdict, LockInfo } from './runLease.js';
import { LOCK_FILE, judgeLease, leaseSeconds, pidAlive, readLease } from './runLease.js';

export type { LockInfo } from './runLease.js';
export { DEFAULT_LEASE_SECONDS, LEASE_ENV, LOCK_FILE } from './runLease.js';

export interface RunLockOptions {
  /** Seconds without a heartbeat after which others may take the folder. @defaultValue $XAI_LOCK_LEASE_SECONDS, else 120 */
  readonly leaseSeconds?: number;
  /**
   * When the holder's liveness cannot be checked from here (another host, or our own pid in
   * another container) and its heartbeat is recent: watch it for one lease and take over if it
   * never advances (`xai bench --resume`), instead of refusing at once. @defaultValue false
   */
  readonly waitForStale?: boolean;
  /** Clock, ms since the epoch. @defaultValue Date.now */
  readonly now?: () => number;
  /** Pause while watching a holder. @defaultValue a real timer */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Host name written and compared. @defaultValue os.hostname() */
  readonly host?: string;
  /** Refresh the heartbeat on a timer (unref'd: it never keeps the process alive). @defaultValue true */
  readonly heartbeat?: boolean;
}

/** A held lease: refreshed on a timer, checked before each write, released in a `finally`. */
export interface RunLock {
  readonly path: string;
  readonly token: string;
  /** The abandoned lease this one replaced, and why it counted as abandoned. */
  readonly tookOver: { readonly info: LockInfo; readonly reason: string } | null;
  /** Rewrites the heartbeat now; a no-op once the lease was lost. */
  refresh(): void;
  /** Throws LOCKED if another process took the folder meanwhile (call before writing results). */
  assertHeld(): void;
  /** Removes the lock file if it is still ours (idempotent) and stops the heartbeat. */
  release(): void;
}

/** Tokens this process holds: a second acquisition from the same process is a live holder, not a stale one. */
const OWN_TOKENS = new Set<string>();

type Retry = { readonly state: 'retry'; readonly reason: string };

const realSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Takes `<dir>/xai.lock` as a lease: the file names a random token, the host and pid, and a
 * heartbeat the holder refreshes every quarter lease. A second live run on the folder fails
 * with `XaiError('LOCKED')` naming the holder. An abandoned lease (heartbeat older than its
 * lease, or a pid gone on this host) is taken over from any host; with `waitForStale`, a
 * holder that cannot be checked from here is watched for one lease first.
 * @example const lock = await acquireRunLock(out, 'xai bench'); try { ... } finally { lock.release(); }
 * @since 0.2.0
 */
export async function acquireRunLock(dir: string, command: string, options: RunLockOptions = {}): Promise<RunLock> {
  checkOptions(options, ['leaseSeconds', 'waitForStale', 'now', 'sleep', 'host', 'heartbeat'], 'acquireRunLock');
  const path = join(dir, LOCK_FILE);
  const now = options.now ?? Date.now;
  const lease = leaseSeconds(options.leaseSeconds);
  const host = options.host ?? hostname();
  const token = randomUUID();
  const info = (): LockInfo => ({
    token,
    pid: process.pid,
    host,
    startedAt: new Date(now()).toISOString(),
    command,
    heartbeatAt: new Date(now()).toISOString(),
    leaseSeconds: lease,
  });
  let tookOver: RunLock['tookOver'] = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    if (tryCreate(path, info(), command)) {
      OWN_TOKENS.add(token);
      return heldLock(path, token, tookOver, now, lease, options.heartbeat ?? true);
    }
    const held = readLease(path);
    if (held === null) {
      rmSync(path, { force: true }); // half-written by a process that died mid-write
      continue;
    }
    const self = { host, pid: process.pid, ownTokens: OWN_TOKENS, alive: pidAlive };
    let verdict: LeaseVerdict | Retry = judgeLease(held, { ...self, nowMs: now() });
    if (verdict.state === 'unknown' && options.waitForStale) verdict = await watch(path, held, now, options.sleep ?? realSleep);
    // A retried task can start while its killed predecessor is still exiting (Slurm relaunches
    // a requeued task within milliseconds): with --resume, give a live pid on this host a short
    // grace to exit before calling the folder busy.
    if (verdict.state === 'live' && options.waitForStale && held.host === host && held.pid !== process.pid)
      verdict = await awaitExit(held, options.sleep ?? realSleep);
    if (verdict.state === 'retry') continue;
    if (verdict.state !== 'stale') throw lockedError(dir, path, held, verdict);
    if (setAside(path, held)) tookOver = { info: held, reason: verdict.reason };
  }
  throw new XaiError('LOCKED', `could not take ${path} (other processes keep taking it)`, { fn: command, arg: path, value: null });
}

function tryCreate(path: string, info: LockInfo, command: string): boolean {
  try {
    writeFileSync(path, `${JSON.stringify(info)}\n`, { flag: 'wx' });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw ioError(e, 'create the lock file', path, command);
  }
}

/** How long `--resume` waits for a live holder on this host to exit before refusing. */
export const EXIT_GRACE_MS = 10_000;

/** Stale once the holder's pid is gone within {@link EXIT_GRACE_MS}; else still live. */
async function awaitExit(held: LockInfo, sleep: (ms: number) => Promise<void>): Promise<LeaseVerdict> {
  const step = 200;
  for (let waited = 0; waited < EXIT_GRACE_MS; waited += step) {
    await sleep(step);
    if (!pidAlive(held.pid)) return { state: 'stale', reason: `pid ${held.pid} exited while we waited (it was being stopped)` };
  }
  return { state: 'live', reason: `pid ${held.pid} is running on this host (still after ${EXIT_GRACE_MS / 1000} s)` };
}

/**
 * Watches a lease whose holder cannot be checked from here: stale if its heartbeat does not
 * move for one lease of our own clock, live as soon as it moves; `retry` if the file changed hands.
 */
async function watch(path: string, held: LockInfo, now: () => number, sleep: (ms: number) => Promise<void>): Promise<LeaseVerdict | Retry> {
  const since = now();
  const step = (held.leaseSeconds * 1000) / 8;
  while (now() - since < held.leaseSeconds * 1000) {
    await sleep(step);
    const seen = readLease(path);
    if (seen === null || seen.token !== held.token) return { state: 'retry', reason: 'the lock changed hands' };
    if (seen.heartbeatAt !== held.heartbeatAt) return { state: 'live', reason: 'its heartbeat advanced while we watched' };
  }
  return { state: 'stale', reason: `its heartbeat did not move for ${held.leaseSeconds} s` };
}

/**
 * Moves an abandoned lock aside and deletes it. If what was moved is no longer the lease judged
 * abandoned (a competitor took it meanwhile), it is put back untouched and false is returned.
 */
function setAside(path: string, judged: LockInfo): boolean {
  const aside = `${path}.${randomUUID()}.aside`;
  try {
    renameSync(path, aside);
  } catch {
    return false; // gone already: someone else is taking it; try again
  }
  const moved = readLease(aside);
  if (moved !== null && moved.token !== judged.token) {
    try {
      linkSync(aside, path);
    } catch {
      // A newer lock exists: the moved one lost anyway.
    }
    rmSync(aside, { force: true });
    return false;
  }
  rmSync(aside, { force: true });
  return true;
}

function lockedError(dir: string, path: string, held: LockInfo, verdict: LeaseVerdict): XaiError {
  const hint =
    verdict.state === 'unknown'
      ? `; if that run is gone, xai bench --resume takes the folder over once the heartbeat is ${held.leaseSeconds} s old`
      : '';
  return new XaiError(
    'LOCKED',
    `${dir} is in use by ${held.command} (pid ${held.pid} on ${held.host}, since ${held.startedAt}; ${verdict.reason}); wait for it or use another --out${hint}`,
    { fn: held.command, arg: path, value: held.pid },
  );
}

function heldLock(path: string, token: string, tookOver: RunLock['tookOver'], now: () => number, lease: number, beat: boolean): RunLock {
  let lost = false;
  let released = false;
  const mine = (): boolean => readLease(path)?.token === token;
  const refresh = (): void => {
    if (lost || released) return;
    const current = readLease(path);
    if (current?.token !== token) {
      lost = true;
      return;
    }
    const tmp = `${path}.${token}.hb`;
    try {
      writeFileSync(tmp, `${JSON.stringify({ ...current, heartbeatAt: new Date(now()).toISOString() })}\n`);
      renameSync(tmp, path);
    } catch {
      rmSync(tmp, { force: true }); // a missed beat; the next one retries
    }
  };
  const timer = beat ? setInterval(refresh, (lease * 1000) / 4) : null;
  timer?.unref();
  return {
    path,
    token,
    tookOver,
    refresh,
    assertHeld() {
      if (!lost && mine()) return;
      lost = true;
      throw new XaiError('LOCKED', `${path} was taken over by another process; this run stops so as not to mix results`, {
        fn: 'acquireRunLock',
        arg: path,
        value: readLease(path)?.pid ?? null,
      });
    },
    release() {
      if (released) return;
      released = true;
      if (timer) clearInterval(timer);
      OWN_TOKENS.delete(token);
      if (mine()) rmSync(path, { force: true });
    },
  };
}

/**
 * Removes leftover temporary files of interrupted writes (`results.jsonl.tmp-<pid>`,
 * `manifest.json.tmp-<pid>`, a lock heartbeat's `xai.lock.<token>.hb`, ...) from a run folder;
 * call it while holding the lock. Returns the names removed.
 * @since 0.2.0
 */
export function cleanTempFiles(dir: string, command: string): string[] {
  const names = withIo('list', dir, command, () => readdirSync(dir));
  const own = [...OWN_TOKENS];
  const stale = names.filter(
    (n) => /\.tmp-\d+$/.test(n) || (/^xai\.lock\.[0-9a-f-]+\.(hb|aside)$/.test(n) && !own.some((t) => n.includes(t))),
  );
  for (const n of stale) withIo('remove', join(dir, n), command, () => rmSync(join(dir, n), { force: true }));
  return stale;
}

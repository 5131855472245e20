import { readFileSync } from 'node:fs';
import { XaiError, describeValue } from '@xai/core';

/** The lock file a run holds in its output folder. */
export const LOCK_FILE = 'xai.lock';

/** Seconds after its last heartbeat that a lease counts as abandoned (the holder refreshes it every quarter of this). */
export const DEFAULT_LEASE_SECONDS = 120;

/** Environment variable overriding {@link DEFAULT_LEASE_SECONDS} (e.g. a shorter lease on a scheduler that requeues fast). */
export const LEASE_ENV = 'XAI_LOCK_LEASE_SECONDS';

/** What a lock file holds: who holds the folder, and when it last said it is alive. */
export interface LockInfo {
  /** Random per acquisition: tells a live holder from an earlier process with the same host and pid (a retried container). */
  readonly token: string;
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  readonly command: string;
  /** ISO time of the holder's last refresh. */
  readonly heartbeatAt: string;
  /** The holder's promise: it refreshes `heartbeatAt` well within this many seconds. */
  readonly leaseSeconds: number;
}

/** Who is asking, and how the holder's liveness can be checked from here. */
export interface LeaseObserver {
  readonly host: string;
  readonly pid: number;
  /** Tokens of leases this process holds right now. */
  readonly ownTokens: ReadonlySet<string>;
  readonly nowMs: number;
  /** Whether a pid exists on this host. */
  alive(pid: number): boolean;
}

/** `live`: refuse; `stale`: take over; `unknown`: only the heartbeat can tell (another host, or our own pid number). */
export type LeaseVerdict = { readonly state: 'live' | 'stale' | 'unknown'; readonly reason: string };

/**
 * The lease length in seconds, validated: `leaseSeconds` option, else `$XAI_LOCK_LEASE_SECONDS`, else 120.
 * @since 0.2.0
 */
export function leaseSeconds(option: number | undefined, env: NodeJS.ProcessEnv = process.env): number {
  const raw = option ?? (env[LEASE_ENV] === undefined || env[LEASE_ENV] === '' ? DEFAULT_LEASE_SECONDS : Number(env[LEASE_ENV]));
  if (!Number.isFinite(raw) || raw <= 0)
    throw new XaiError(
      'BAD_OPTION',
      `${option === undefined ? LEASE_ENV : 'leaseSeconds'}: expected a positive number of seconds, got ${describeValue(option ?? env[LEASE_ENV])}`,
      {
        fn: 'acquireRunLock',
        arg: option === undefined ? LEASE_ENV : 'leaseSeconds',
        value: option ?? env[LEASE_ENV],
      },
    );
  return raw;
}

/** Reads a lock file; null when absent or half-written. Locks of older versions (no token or heartbeat) read with their start as heartbeat. */
export function readLease(path: string): LockInfo | null {
  let v: Partial<LockInfo>;
  try {
    v = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
  } catch {
    return null;
  }
  if (typeof v.pid !== 'number' || typeof v.host !== 'string') return null;
  const startedAt = typeof v.startedAt === 'string' ? v.startedAt : new Date(0).toISOString();
  return {
    token: typeof v.token === 'string' ? v.token : `pid-${v.pid}@${v.host}`,
    pid: v.pid,
    host: v.host,
    startedAt,
    command: typeof v.command === 'string' ? v.command : 'unknown',
    heartbeatAt: typeof v.heartbeatAt === 'string' ? v.heartbeatAt : startedAt,
    leaseSeconds: typeof v.leaseSeconds === 'number' && v.leaseSeconds > 0 ? v.leaseSeconds : DEFAULT_LEASE_SECONDS,
  };
}

/**
 * Judges a lock held by someone else. A heartbeat older than the holder's lease is stale from
 * any host; on the same host a different pid that no longer exists is stale at once. The same
 * host and the same pid as ours but another token is an earlier incarnation or a neighbour in
 * another pid namespace: only the heartbeat can tell.
 * @since 0.2.0
 */
export function judgeLease(held: LockInfo, self: LeaseObserver): LeaseVerdict {
  if (self.ownTokens.has(held.token)) return { state: 'live', reason: 'held by this process' };
  const age = (self.nowMs - Date.parse(held.heartbeatAt)) / 1000;
  if (!(age <= held.leaseSeconds)) {
    return { state: 'stale', reason: `its heartbeat is ${Math.round(age)} s old (lease ${held.leaseSeconds} s)` };
  }
  if (held.host === self.host && held.pid !== self.pid) {
    return self.alive(held.pid)
      ? { state: 'live', reason: `pid ${held.pid} is running on this host` }
      : { state: 'stale', reason: `pid ${held.pid} no longer exists on this host` };
  }
  return { state: 'unknown', reason: `its heartbeat is ${Math.max(0, Math.round(age))} s old (lease ${held.leaseSeconds} s)` };
}

/** Whether a pid exists on this host (EPERM: it does, under another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

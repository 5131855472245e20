import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isXaiError } from '@xai/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCK_FILE, acquireRunLock, cleanTempFiles } from './runLock.js';
import { leaseSeconds, readLease } from './runLease.js';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const fresh = (): string => mkdtempSync(join(tmpdir(), 'xai-lock-'));

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

/** A lock file as another process (another host, or a container before a retry) left it. */
function writeForeign(dir: string, fields: { host: string; pid: number; heartbeatAt: number; token?: string }): void {
  const lock = {
    token: fields.token ?? 'foreign-token',
    pid: fields.pid,
    host: fields.host,
    startedAt: new Date(T0).toISOString(),
    command: 'xai bench',
    heartbeatAt: new Date(fields.heartbeatAt).toISOString(),
    leaseSeconds: 120,
  };
  writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify(lock)}\n`);
}

/** A fake clock and a sleep that only advances it (no real waiting). */
function fakeTime(start: number): { now: () => number; sleep: (ms: number) => Promise<void>; slept: number[] } {
  let t = start;
  const slept: number[] = [];
  return {
    now: () => t,
    slept,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
}

describe('acquireRunLock: a holder being stopped', () => {
  it('--resume waits for a live pid on this host that exits (a requeued task relaunched while the killed one exits)', async () => {
    const dir = fresh();
    const fixture = fileURLToPath(new URL('../__fixtures__/holdLock.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        if (String(b).startsWith('held ')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`holder exited early (${code})`)));
    });
    const pending = acquireRunLock(dir, 'xai bench', { waitForStale: true });
    // The holder is stopped while the new run waits (well within the grace).
    setTimeout(() => child.kill('SIGKILL'), 300);
    const lock = await pending;
    expect(lock.tookOver?.reason).toBe(`pid ${child.pid} exited while we waited (it was being stopped)`);
    lock.release();
  });
});

describe('acquireRunLock: live holders refuse each other', () => {
  it('refuses a second holder in the same process with LOCKED naming the holder, and frees the folder on release', async () => {
    const dir = fresh();
    const a = await acquireRunLock(dir, 'xai bench');
    const e = await rejection(acquireRunLock(dir, 'xai merge', { waitForStale: true }));
    expect(isXaiError(e, 'LOCKED')).toBe(true);
    expect(e.message).toContain(`pid ${process.pid}`);
    expect(e.message).toContain('held by this process');
    a.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    (await acquireRunLock(dir, 'xai bench')).release();
  });

  it('two processes: the second is refused while the first lives, and takes over once it is killed', async () => {
    const dir = fresh();
    const fixture = fileURLToPath(new URL('../__fixtures__/holdLock.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const token = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += String(b);
        const m = /^held (\S+)\n/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`holder exited early (${code})`)));
    });
    try {
      expect(readLease(join(dir, LOCK_FILE))?.token).toBe(token);
      const e = await rejection(acquireRunLock(dir, 'xai bench', { waitForStale: true }));
      expect(isXaiError(e, 'LOCKED')).toBe(true);
      expect(e.message).toContain(`pid ${child.pid} on ${hostname()}`);
      expect(e.message).toContain('is running on this host');
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((r) => child.once('exit', r));
    const lock = await acquireRunLock(dir, 'xai bench');
    expect(lock.tookOver?.info.token).toBe(token);
    expect(lock.tookOver?.reason).toBe(`pid ${child.pid} no longer exists on this host`);
    lock.release();
  });

  it('takes over a lock of an older format left by a process that has exited', async () => {
    const dir = fresh();
    const dead = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
    const old = { pid: dead, host: hostname(), startedAt: new Date().toISOString(), command: 'xai bench' };
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(old));
    const lock = await acquireRunLock(dir, 'xai bench');
    expect(lock.tookOver?.info.pid).toBe(dead);
    lock.release();
  });
});

describe('acquireRunLock: leases from another host', () => {
  it('refuses while the heartbeat is within the lease, naming the host and how to take over', async () => {
    const dir = fresh();
    writeForeign(dir, { host: 'node-b', pid: 4242, heartbeatAt: T0 });
    const e = await rejection(acquireRunLock(dir, 'xai bench', { now: () => T0 + 60_000 }));
    expect(isXaiError(e, 'LOCKED')).toBe(true);
    expect(e.message).toContain('pid 4242 on node-b');
    expect(e.message).toContain('heartbeat is 60 s old (lease 120 s)');
    expect(e.message).toContain('--resume takes the folder over');
  });

  it('takes over once the heartbeat is older than the lease', async () => {
    const dir = fresh();
    writeForeign(dir, { host: 'node-b', pid: 4242, heartbeatAt: T0 });
    const lock = await acquireRunLock(dir, 'xai bench', { now: () => T0 + 121_000, heartbeat: false });
    expect(lock.tookOver?.reason).toBe('its heartbeat is 121 s old (lease 120 s)');
    expect(readLease(join(dir, LOCK_FILE))).toMatchObject({ token: lock.token, host: hostname(), pid: process.pid });
    lock.release();
  });

  it('with waitForStale, watches a recent heartbeat for one lease and takes over when it never moves', async () => {
    const dir = fresh();
    writeForeign(dir, { host: 'node-b', pid: 4242, heartbeatAt: T0 });
    const time = fakeTime(T0 + 10_000);
    const lock = await acquireRunLock(dir, 'xai bench', { waitForStale: true, now: time.now, sleep: time.sleep, heartbeat: false });
    expect(lock.tookOver?.reason).toBe('its heartbeat did not move for 120 s');
    // One lease of our own clock, in eighth-lease steps.
    expect(time.slept).toEqual(Array(8).fill(15_000));
    lock.release();
  });

  it('with waitForStale, refuses as soon as the other host refreshes its heartbeat', async () => {
    const dir = fresh();
    writeForeign(dir, { host: 'node-b', pid: 4242, heartbeatAt: T0 });
    const time = fakeTime(T0 + 10_000);
    const sleep = async (ms: number): Promise<void> => {
      await time.sleep(ms);
      if (time.slept.length === 3) writeForeign(dir, { host: 'node-b', pid: 4242, heartbeatAt: time.now() });
    };
    const e = await rejection(acquireRunLock(dir, 'xai bench', { waitForStale: true, now: time.now, sleep }));
    expect(isXaiError(e, 'LOCKED')).toBe(true);
    expect(e.message).toContain('its heartbeat advanced while we watched');
    expect(time.slept.length).toBe(3);
  });
});

describe('acquireRunLock: a retried container (same host, same pid, other token)', () => {
  it('is refused while its heartbeat is recent: the pid cannot tell', async () => {
    const dir = fresh();
    writeForeign(dir, { host: hostname(), pid: process.pid, heartbeatAt: T0 });
    const e = await rejection(acquireRunLock(dir, 'xai bench', { now: () => T0 + 30_000 }));
    expect(isXaiError(e, 'LOCKED')).toBe(true);
    expect(e.message).toContain(`pid ${process.pid} on ${hostname()}`);
  });

  it('is taken over once its heartbeat is stale', async () => {
    const dir = fresh();
    writeForeign(dir, { host: hostname(), pid: process.pid, heartbeatAt: T0 });
    const lock = await acquireRunLock(dir, 'xai bench', { now: () => T0 + 300_000, heartbeat: false });
    expect(lock.tookOver?.info.token).toBe('foreign-token');
    expect(lock.tookOver?.reason).toBe('its heartbeat is 300 s old (lease 120 s)');
    lock.release();
  });

  it('is taken over by --resume after one lease of a frozen heartbeat', async () => {
    const dir = fresh();
    writeForeign(dir, { host: hostname(), pid: process.pid, heartbeatAt: T0 });
    const time = fakeTime(T0 + 5_000);
    const lock = await acquireRunLock(dir, 'xai bench', { waitForStale: true, now: time.now, sleep: time.sleep, heartbeat: false });
    expect(lock.tookOver?.reason).toBe('its heartbeat did not move for 120 s');
    lock.release();
  });
});

describe('a held lease', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refreshes its heartbeat every quarter lease on an unref’d timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const dir = fresh();
    let t = T0;
    const lock = await acquireRunLock(dir, 'xai bench', { leaseSeconds: 40, now: () => t });
    expect(readLease(join(dir, LOCK_FILE))?.heartbeatAt).toBe(new Date(T0).toISOString());
    t = T0 + 9_000;
    vi.advanceTimersByTime(9_999);
    expect(readLease(join(dir, LOCK_FILE))?.heartbeatAt).toBe(new Date(T0).toISOString());
    vi.advanceTimersByTime(1);
    expect(readLease(join(dir, LOCK_FILE))?.heartbeatAt).toBe(new Date(T0 + 9_000).toISOString());
    lock.release();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('notices a takeover: assertHeld throws LOCKED and release leaves the new holder’s file alone', async () => {
    const dir = fresh();
    const lock = await acquireRunLock(dir, 'xai bench', { heartbeat: false });
    lock.assertHeld();
    writeForeign(dir, { host: 'node-b', pid: 7, heartbeatAt: Date.now(), token: 'newer' });
    expect(() => lock.assertHeld()).toThrow(/taken over by another process/);
    lock.refresh(); // must not overwrite the newer holder
    lock.release();
    expect(readLease(join(dir, LOCK_FILE))?.token).toBe('newer');
  });
});

describe('leaseSeconds', () => {
  it('takes the option, else XAI_LOCK_LEASE_SECONDS, else 120; a bad value is BAD_OPTION naming the variable', () => {
    expect(leaseSeconds(undefined, {})).toBe(120);
    expect(leaseSeconds(undefined, { XAI_LOCK_LEASE_SECONDS: '5' })).toBe(5);
    expect(leaseSeconds(30, { XAI_LOCK_LEASE_SECONDS: '5' })).toBe(30);
    expect(() => leaseSeconds(undefined, { XAI_LOCK_LEASE_SECONDS: 'soon' })).toThrow(/XAI_LOCK_LEASE_SECONDS.*"soon"/);
    expect(() => leaseSeconds(0, {})).toThrow(/leaseSeconds/);
  });
});

describe('cleanTempFiles', () => {
  it('removes only the temp files of interrupted writes', () => {
    const dir = fresh();
    const hb = 'xai.lock.0f6c2b8e-1d1a-4a4e-9c3e-2f3b1a7d9e10.hb';
    for (const f of ['results.jsonl', 'results.jsonl.tmp-4242', 'manifest.json.tmp-17', 'notes.tmp-x', hb])
      writeFileSync(join(dir, f), 'x');
    expect(cleanTempFiles(dir, 'test').sort()).toEqual(['manifest.json.tmp-17', 'results.jsonl.tmp-4242', hb].sort());
    expect(readdirSync(dir).sort()).toEqual(['notes.tmp-x', 'results.jsonl']);
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe('x');
  });
});

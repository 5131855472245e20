import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, acquireRunLock, cleanTempFiles } from './runLock';

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('acquireRunLock', () => {
  it('refuses a second holder with LOCKED naming the holder, and frees the folder on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-lock-'));
    const a = acquireRunLock(dir, 'xai bench');
    const e = caught(() => acquireRunLock(dir, 'xai merge'));
    expect(isXaiError(e, 'LOCKED')).toBe(true);
    expect((e as Error).message).toContain(`pid ${process.pid}`);
    expect((e as Error).message).toContain(dir);
    a.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    acquireRunLock(dir, 'xai bench').release();
  });

  it('takes over a stale lock left by a process that has exited', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-lock-'));
    // A real pid that is certainly dead: a child that already exited.
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const dead = Number(child.stdout);
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: dead, host: hostname(), startedAt: '2020-01-01T00:00:00Z', command: 'xai bench' }),
    );
    const lock = acquireRunLock(dir, 'xai bench');
    expect(lock.tookOver?.pid).toBe(dead);
    lock.release();
  });

  it('does not take over the lock of a live process', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-lock-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(
        join(dir, LOCK_FILE),
        JSON.stringify({ pid: child.pid, host: hostname(), startedAt: '2020-01-01T00:00:00Z', command: 'xai bench' }),
      );
      const e = caught(() => acquireRunLock(dir, 'xai bench'));
      expect(isXaiError(e, 'LOCKED')).toBe(true);
      expect((e as Error).message).toContain(`pid ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('cleanTempFiles', () => {
  it('removes only the temp files of interrupted atomic writes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xai-tmp-'));
    for (const f of ['results.jsonl', 'results.jsonl.tmp-4242', 'manifest.json.tmp-17', 'notes.tmp-x']) writeFileSync(join(dir, f), 'x');
    expect(cleanTempFiles(dir, 'test').sort()).toEqual(['manifest.json.tmp-17', 'results.jsonl.tmp-4242']);
    expect(readdirSync(dir).sort()).toEqual(['notes.tmp-x', 'results.jsonl']);
  });
});

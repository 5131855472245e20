import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveBenchConfig } from './benchConfig.js';

/** A working directory inside a git + pnpm checkout with a `../shared/datasets` beside it: the old lookup's bait. */
function checkoutCwd(): string {
  const top = mkdtempSync(join(tmpdir(), 'xai-where-'));
  mkdirSync(join(top, 'shared', 'datasets', 'pima'), { recursive: true });
  mkdirSync(join(top, 'repo', '.git'), { recursive: true });
  mkdirSync(join(top, 'repo', 'node_modules'));
  writeFileSync(join(top, 'repo', 'pnpm-workspace.yaml'), 'packages: []\n');
  mkdirSync(join(top, 'repo', 'sub'));
  return join(top, 'repo', 'sub');
}

describe('data, cache and output folders', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('default to per-user folders, never to the repository around the working directory', () => {
    vi.stubEnv('XAI_DATA_DIR', '');
    vi.stubEnv('XAI_CACHE_DIR', '');
    vi.stubEnv('XDG_DATA_HOME', '');
    vi.stubEnv('XDG_CACHE_HOME', '');
    const cwd = checkoutCwd();
    const c = resolveBenchConfig({}, {}, { cwd });
    expect(c.dataDir).toBe(join(homedir(), '.local', 'share', 'xai', 'datasets'));
    expect(c.cacheDir).toBe(join(homedir(), '.cache', 'xai'));
    expect(c.out).toBe(join(cwd, 'xai-results'));
    expect(c.sources).toMatchObject({ dataDir: 'home', cacheDir: 'home', out: 'working directory', workers: 'allocation' });
  });

  it('take XDG_DATA_HOME / XDG_CACHE_HOME, then XAI_DATA_DIR / XAI_CACHE_DIR (relative ones against the working directory)', () => {
    const cwd = checkoutCwd();
    vi.stubEnv('XAI_DATA_DIR', '');
    vi.stubEnv('XAI_CACHE_DIR', '');
    vi.stubEnv('XDG_DATA_HOME', '/srv/xdg-data');
    vi.stubEnv('XDG_CACHE_HOME', '/srv/xdg-cache');
    const xdg = resolveBenchConfig({}, {}, { cwd });
    expect([xdg.dataDir, xdg.cacheDir]).toEqual(['/srv/xdg-data/xai/datasets', '/srv/xdg-cache/xai']);
    expect(xdg.sources).toMatchObject({ dataDir: 'XDG_DATA_HOME', cacheDir: 'XDG_CACHE_HOME' });
    vi.stubEnv('XAI_DATA_DIR', '/shared/openxai');
    vi.stubEnv('XAI_CACHE_DIR', 'cache');
    const env = resolveBenchConfig({}, {}, { cwd });
    expect([env.dataDir, env.cacheDir]).toEqual(['/shared/openxai', join(cwd, 'cache')]);
    expect(env.sources).toMatchObject({ dataDir: 'XAI_DATA_DIR', cacheDir: 'XAI_CACHE_DIR' });
  });

  it('flags win over the config file, which wins over the environment; each records where it came from', () => {
    vi.stubEnv('XAI_DATA_DIR', '/from/env');
    const cwd = checkoutCwd();
    const c = resolveBenchConfig({ dataDir: '/from/file', out: 'o', workers: 3 }, { cacheDir: 'flagged' }, { cwd });
    expect([c.dataDir, c.cacheDir, c.out, c.workers]).toEqual(['/from/file', join(cwd, 'flagged'), join(cwd, 'o'), 3]);
    expect(c.sources).toMatchObject({ dataDir: 'config file', cacheDir: 'flag', out: 'config file', workers: 'config file' });
    const f = resolveBenchConfig({ dataDir: '/from/file' }, { dataDir: '/from/flag', workers: '1' }, { cwd });
    expect([f.dataDir, f.workers, f.sources?.dataDir, f.sources?.workers]).toEqual(['/from/flag', 1, 'flag', 'flag']);
  });

  it('the worker default is the CPU allocation, recorded beside the choice', () => {
    const c = resolveBenchConfig({}, {}, { cwd: checkoutCwd() });
    expect(c.workers).toBe(c.sources?.allocation.cpus);
    expect(c.sources?.allocation.availableParallelism).toBeGreaterThanOrEqual(c.workers);
  });
});

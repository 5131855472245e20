import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCacheDir, defaultCacheRoot, defaultDataDir, xaiCacheHome, xaiDataHome } from './datasetDirs.js';

describe('per-user dataset folders', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('data: XAI_DATA_DIR, else XDG_DATA_HOME/xai/datasets, else ~/.local/share/xai/datasets', () => {
    expect(xaiDataHome({ XAI_DATA_DIR: '/srv/d', XDG_DATA_HOME: '/x' })).toEqual({ path: '/srv/d', from: 'XAI_DATA_DIR' });
    expect(xaiDataHome({ XDG_DATA_HOME: '/x' })).toEqual({ path: '/x/xai/datasets', from: 'XDG_DATA_HOME' });
    expect(xaiDataHome({})).toEqual({ path: join(homedir(), '.local', 'share', 'xai', 'datasets'), from: 'home' });
    expect(xaiDataHome({ XAI_DATA_DIR: 'rel' }, '/work/here').path).toBe('/work/here/rel');
  });

  it('cache: XAI_CACHE_DIR, else XDG_CACHE_HOME/xai, else ~/.cache/xai; downloads under datasets/', () => {
    expect(xaiCacheHome({ XAI_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x' })).toEqual({ path: '/c', from: 'XAI_CACHE_DIR' });
    expect(xaiCacheHome({ XDG_CACHE_HOME: '/x' })).toEqual({ path: '/x/xai', from: 'XDG_CACHE_HOME' });
    expect(xaiCacheHome({ XAI_CACHE_DIR: '' })).toEqual({ path: join(homedir(), '.cache', 'xai'), from: 'home' });
    vi.stubEnv('XAI_CACHE_DIR', '/c');
    vi.stubEnv('XAI_DATA_DIR', '/d');
    expect([defaultCacheRoot(), defaultCacheDir(), defaultDataDir()]).toEqual(['/c', '/c/datasets', '/d']);
  });

  it('relative variables resolve against the given working directory', () => {
    vi.stubEnv('XAI_CACHE_DIR', 'cache');
    vi.stubEnv('XAI_DATA_DIR', '');
    vi.stubEnv('XDG_DATA_HOME', 'share');
    expect(defaultCacheRoot('/w')).toBe('/w/cache');
    expect(defaultCacheDir('/w')).toBe('/w/cache/datasets');
    expect(defaultDataDir('/w')).toBe('/w/share/xai/datasets');
  });
});

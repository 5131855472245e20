import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBenchDataset } from './loadBenchDataset.js';
import { trainOrLoadModel } from './trainOrLoadModel.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-train-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('trainOrLoadModel', () => {
  it('reports the same training settings when it trains and when it reads the cache (patience Infinity kept)', async () => {
    const opts = { preset: 'openxai', dataDir: dir, cacheDir: dir, download: false, seed: 0 } as const;
    const data = await loadBenchDataset('synthetic', opts);
    const fresh = trainOrLoadModel(data, 'lr', { preset: 'openxai', seed: 0, cacheDir: dir });
    const cached = trainOrLoadModel(data, 'lr', { preset: 'openxai', seed: 0, cacheDir: dir });
    expect(fresh.cached).toBe(false);
    expect(cached.cached).toBe(true);
    expect(cached.hash).toBe(fresh.hash);
    // the openxai preset never stops early: JSON alone would store that as null and drop it
    expect(fresh.report?.settings.patience).toBe('Infinity');
    expect(cached.report).toEqual(fresh.report);
    const stored = JSON.parse(readFileSync(cached.path.replace(/\.json$/, '.report.json'), 'utf8')) as { settings: { patience: unknown } };
    expect(stored.settings.patience).toBe('Infinity');
  });
});

import { execFileSync, spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const cwd = new URL('.', import.meta.url);

describe('example: one metric alone', () => {
  it('runs and ranks faithful attributions above reversed ones', () => {
    const out = execFileSync(process.execPath, ['index.js'], { cwd }).toString().trim().split('\n');
    const result = JSON.parse(out.at(-1));
    // Perturbing the truly important features (PGI) must move the prediction more.
    expect(result.faithful).toBeGreaterThan(result.reversed);
    expect(result.undefined).toBe(0);
  });

  it('loads no @xai code beyond @xai/core and @xai/metrics, and only pure-rand from node_modules', () => {
    const run = spawnSync(process.execPath, ['--import', './trace.mjs', 'index.js'], { cwd });
    expect(run.status).toBe(0);
    const urls = [...run.stderr.toString().matchAll(/^LOADED (file:\S+)$/gm)].map((m) => realpathSync(new URL(m[1])));
    const packages = new Set(urls.filter((u) => u.includes('/packages/')).map((u) => u.split('/packages/')[1].split('/')[0]));
    expect(packages).toEqual(new Set(['core', 'metrics']));
    const external = new Set(
      urls.filter((u) => u.includes('/node_modules/.pnpm/')).map((u) => u.split('/node_modules/.pnpm/')[1].split('@')[0]),
    );
    expect([...external].every((name) => name === 'pure-rand')).toBe(true);
    // the metric's own code: the pgi entry and its chunks only, never the package's main index
    expect(urls.some((u) => /packages\/metrics\/dist\/index\.js$/.test(u))).toBe(false);
  });
});

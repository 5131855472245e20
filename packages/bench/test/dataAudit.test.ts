// xai data list and xai audit through the built CLI.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const SHARED = fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));

describe('xai data list', () => {
  beforeAll(assertBuilt);
  it('lists the synthetic set (SynthGauss paper defaults: 10 x 1000 rows, d = 20, 25% test)', () => {
    const r = runCliSync(['data', 'list', '--json', '--data-dir', '/nonexistent']);
    expect(r.code, r.stderr).toBe(0);
    const entries = JSON.parse(r.stdout) as {
      name: string;
      status: string;
      summary: { rows: { train: number; validation: number; test: number }; features: number; hash: string } | null;
    }[];
    // All eight registry datasets are listed even when none is on disk, each with a status.
    expect(entries.map((e) => e.name)).toEqual(['synthetic', 'adult', 'compas', 'german', 'gmsc', 'heart', 'heloc', 'pima', 'gaussian']);
    expect(entries[0]!.status).toBe('built-in');
    for (const e of entries.slice(1)) {
      expect(['downloadable', 'unavailable', 'cached']).toContain(e.status);
      expect(e.summary === null).toBe(e.status !== 'cached');
    }
    const s = entries.find((x) => x.name === 'synthetic')!.summary!;
    expect(s.rows.train + s.rows.validation + s.rows.test).toBe(10_000);
    expect(s.rows.test).toBe(2500);
    expect(s.features).toBe(20);
    expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
  });
  it.skipIf(!existsSync(SHARED))('lists the shared real datasets with their published sizes', () => {
    const r = runCliSync(['data', 'list', '--data-dir', SHARED]);
    expect(r.code, r.stderr).toBe(0);
    // adult-test.csv has 9045 rows and 13 features (shared/datasets/PROVENANCE.md)
    expect(r.stdout).toMatch(/^adult\s+found\s+\d+\s+\d+\s+9045\s+13\s/m);
    expect(r.stdout.trim().split('\n')).toHaveLength(1 + 9);
  });
});

describe('xai audit (delegates to @xai/audit)', () => {
  beforeAll(assertBuilt);
  it('runs the demo: a clean corpus where nothing fires, then a position cue that fires', () => {
    const r = runCliSync(['audit', '--adapter', 'demo', '--items', '60']);
    expect(r.code, r.stderr).toBe(0);
    const [clean, cued] = r.stdout.split(/^== demo \(cue/m);
    expect(clean).not.toMatch(/FIRES/);
    expect(cued).toMatch(/^position\s+FIRES/m);
  });
  it('exits 1 with --fail-on-fire when a probe fires, and 2 on a bad flag', () => {
    expect(runCliSync(['audit', '--adapter', 'demo', '--items', '60', '--fail-on-fire']).code).toBe(1);
    const bad = runCliSync(['audit', '--adapter', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^xai: [^\n]*unknown adapter "nope"[^\n]*\n$/);
  });
});

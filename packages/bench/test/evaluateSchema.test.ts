// xai evaluate scores with the dataset's schema (kinds + one-hot groups) when it is known — here
// from the preprocessing block `xai train` saves — so PGI/PGU perturb a one-hot block as one
// feature, exactly as the bench pipeline (and the released OpenXAI code) does.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { inferFeatureKinds, loadDataset } from '@xai/data/node';
import { metrics } from '@xai/metrics';
import { loadModelSync } from '@xai/models/node';
import { assertBuilt, runCliSync } from './spawnCli';

const dataDir = resolve(__dirname, '../../../../shared/datasets');
const germanTest = join(dataDir, 'german', 'german-test.csv');
const dir = mkdtempSync(join(tmpdir(), 'xai-eval-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ok(args: string[]): string {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

describe.skipIf(!existsSync(germanTest))('xai evaluate on german (one-hot groups)', () => {
  it('PGU through the CLI equals PGU with the dataset schema (groups), not the per-column one', async () => {
    assertBuilt();
    const models = join(dir, 'models');
    ok(['train', '--datasets', 'german', '--models', 'lr', '--data-dir', dataDir, '--cache-dir', join(dir, 'cache'), '--out', models]);
    const model = join(models, 'german-lr.json');
    ok(['explain', '--model', model, '--instances', germanTest, '--method', 'grad', '--out', join(dir, 'g.json')]);
    const got = JSON.parse(
      ok(['evaluate', '--model', model, '--instances', germanTest, '--attributions', join(dir, 'g.json'), '--metric', 'PGU']),
    );
    const ds = await loadDataset('german', { dataDir, cacheDir: join(dir, 'cache', 'datasets') });
    expect(ds.schema.groups.length).toBeGreaterThan(0);
    const m = loadModelSync(model);
    const attributions = fromRows(JSON.parse(readFileSync(join(dir, 'g.json'), 'utf8')).attributions);
    const score = (schema: typeof ds.schema) =>
      metrics.PGU.evaluate({ x: ds.test.x, attributions, model: m, schema }, { preset: 'default', seed: 0, useGivenAttributions: true })
        .values;
    const want = score(ds.schema);
    const perColumn = score({ names: ds.schema.names, kinds: inferFeatureKinds(ds.test.x), groups: [] });
    expect(got.values).toHaveLength(want.length);
    for (let i = 0; i < want.length; i++) expect(got.values[i]).toBeCloseTo(want[i]!, 12);
    // the test can fail: the per-column schema gives other values
    expect(Array.from(perColumn).some((v, i) => Math.abs(v - want[i]!) > 1e-9)).toBe(true);
  });
});

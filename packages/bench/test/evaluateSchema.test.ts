// xai evaluate scores with the dataset's schema (kinds + one-hot groups) when it is known — here
// from the preprocessing block `xai train` saves — so PGI/PGU perturb a one-hot block as one
// feature, exactly as the bench pipeline (and the released OpenXAI code) does.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { inferFeatureKinds, loadDataset, readFeatureCsvSync } from '@xai/data/node';
import { metrics } from '@xai/metrics';
import { loadModelSync } from '@xai/models/node';
import { assertBuilt, runCliSync } from './spawnCli.js';

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
      ok(['evaluate', '--json', '--model', model, '--instances', germanTest, '--attributions', join(dir, 'g.json'), '--metric', 'PGU']),
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

  it('a bare model on files: --schema with OpenXAI feature metadata equals the dataset schema; without it the groups come from the names', async () => {
    assertBuilt();
    const models = join(dir, 'models');
    const withBlock = join(models, 'german-lr.json');
    if (!existsSync(withBlock))
      ok(['train', '--datasets', 'german', '--models', 'lr', '--data-dir', dataDir, '--cache-dir', join(dir, 'cache'), '--out', models]);
    // The same weights without the preprocessing block: a model from elsewhere, fed model-input rows.
    const { preprocessing: _p, ...bare } = JSON.parse(readFileSync(withBlock, 'utf8')) as Record<string, unknown>;
    const model = join(dir, 'bare.json');
    writeFileSync(model, JSON.stringify(bare));
    const train = join(dataDir, 'german', 'german-train.csv');
    const meta = join(dataDir, 'german', 'german-feature-metadata.json');
    const base = ['--model', model, '--instances', germanTest, '--train', train, '--label', 'credit-risk'];
    ok(['explain', ...base, '--method', 'grad', '--out', join(dir, 'bare-g.json')]);
    const evaluate = (extra: string[]) => {
      const r = runCliSync(['evaluate', '--json', ...base, '--attributions', join(dir, 'bare-g.json'), '--metric', 'PGU', ...extra]);
      if (r.code !== 0) throw new Error(r.stderr);
      return { json: JSON.parse(r.stdout) as { values: number[]; schema: string }, stderr: r.stderr };
    };
    const ds = await loadDataset('german', { dataDir, cacheDir: join(dir, 'cache', 'datasets') });
    const attributions = fromRows(JSON.parse(readFileSync(join(dir, 'bare-g.json'), 'utf8')).attributions);
    // The rows as the files hold them (the bare model is given them as they are).
    const rows = readFeatureCsvSync(germanTest, { drop: ['credit-risk'] }).x;
    // Under default the noise is in each continuous column's training range (raw rows here).
    const t = readFeatureCsvSync(train, { drop: ['credit-risk'] }).x;
    const grouped = new Set(ds.schema.groups.flat());
    const featureScale = Float64Array.from({ length: t.cols }, (_, j) => {
      if (grouped.has(j) || ds.schema.kinds[j] === 'discrete') return 1;
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < t.rows; i++) {
        lo = Math.min(lo, t.data[i * t.cols + j]!);
        hi = Math.max(hi, t.data[i * t.cols + j]!);
      }
      return hi > lo ? hi - lo : 1;
    });
    const want = metrics.PGU.evaluate(
      { x: rows, attributions, model: loadModelSync(model), schema: ds.schema },
      { preset: 'default', seed: 0, useGivenAttributions: true, featureScale },
    ).values;
    const withMeta = evaluate(['--schema', meta]);
    expect(withMeta.json.schema).toContain('OpenXAI feature metadata');
    for (let i = 0; i < want.length; i++) expect(withMeta.json.values[i]).toBeCloseTo(want[i]!, 12);
    // Without a schema: one-hot groups from the names (status_1..status_4, …), the dataset's groups exactly.
    const inferred = evaluate([]);
    const groupNames = ds.schema.groups.map((g) => `${ds.schema.names[g[0]!]!.replace(/_[^_]*$/, '')}(${g.length})`);
    expect(inferred.json.schema).toContain(`one-hot groups from the column names: ${groupNames.join(', ')}`);
  });
});

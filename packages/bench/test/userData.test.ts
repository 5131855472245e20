// Your data from the CLI: a saved model carries its preprocessing, so raw rows
// explain the same as the loader's scaled rows through the in-memory model; a user's CSV goes
// through train / explain / evaluate / bench / data export.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDataset, loadUserDataset } from '@xai/data/node';
import { createExplainer } from '@xai/explainers';
import { loadModelSync } from '@xai/models/node';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dataDir = resolve(__dirname, '../../../../shared/datasets');
const compasTest = join(dataDir, 'compas', 'compas-test.csv');
const dir = mkdtempSync(join(tmpdir(), 'xai-userdata-'));
const cache = join(dir, 'cache');

function ok(args: string[]): string {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(compasTest))('compas: xai train, then xai explain on the raw test CSV', () => {
  const models = join(dir, 'models');
  beforeAll(() => {
    assertBuilt();
    ok(['train', '--datasets', 'compas', '--models', 'ann', '--data-dir', dataDir, '--cache-dir', cache, '--out', models]);
  });

  it('the saved model carries the dataset preprocessing (names, kinds, fitted scaler, label)', async () => {
    const m = loadModelSync(join(models, 'compas-ann.json'));
    const ds = await loadDataset('compas', { dataDir, cacheDir: join(cache, 'datasets') });
    expect(m.preprocessing?.features).toEqual(ds.schema.names);
    expect(m.preprocessing?.label?.name).toBe('risk');
    expect(m.preprocessing?.scaler).toEqual({ kind: 'min-max', min: Array.from(ds.scaler.min), max: Array.from(ds.scaler.max) });
  });

  it("explaining the raw test CSV equals explaining the loader's scaled rows with the in-memory model (not all zeros)", async () => {
    const out = join(dir, 'grad.json');
    const stdout = ok(['explain', '--model', join(models, 'compas-ann.json'), '--instances', compasTest, '--method', 'grad', '--out', out]);
    expect(stdout).toMatch(/preprocessing applied/);
    const got = JSON.parse(readFileSync(out, 'utf8')).attributions as number[][];
    const ds = await loadDataset('compas', { dataDir, cacheDir: join(cache, 'datasets') });
    const model = loadModelSync(join(models, 'compas-ann.json'));
    // A binary classifier under the default preset: class 1 on every row.
    const want = createExplainer('grad', { preset: 'default', seed: 0 }).explain(model, ds.test.x, {
      targets: new Int32Array(ds.test.x.rows).fill(1),
    });
    expect(got).toHaveLength(ds.test.x.rows);
    let nonZero = 0;
    let maxErr = 0;
    for (let i = 0; i < want.rows; i++) {
      for (let j = 0; j < want.cols; j++) {
        const w = want.data[i * want.cols + j]!;
        if (w !== 0) nonZero++;
        maxErr = Math.max(maxErr, Math.abs(got[i]![j]! - w) / Math.max(1e-12, Math.abs(w)));
      }
    }
    expect(nonZero).toBeGreaterThan(want.rows); // not all zeros
    expect(maxErr).toBeLessThan(1e-9);
  });

  it('a CSV with a renamed column fails naming it; an older model without the block on raw rows warns', () => {
    const lines = readFileSync(compasTest, 'utf8').split('\n');
    const renamed = join(dir, 'renamed.csv');
    writeFileSync(renamed, [lines[0]!.replace('priors_count', 'priors'), ...lines.slice(1, 20)].join('\n'));
    const r = runCliSync([
      'explain',
      '--model',
      join(models, 'compas-ann.json'),
      '--instances',
      renamed,
      '--method',
      'grad',
      '--out',
      join(dir, 'o.json'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^xai: [^\n]+\n$/);
    expect(r.stderr).toMatch(/priors_count/);
    expect(r.stderr).toMatch(/priors/);
    // the same weights without the preprocessing block: raw rows are used as they are, with a warning
    const json = JSON.parse(readFileSync(join(models, 'compas-ann.json'), 'utf8'));
    delete json.preprocessing;
    const bare = join(dir, 'bare.json');
    writeFileSync(bare, JSON.stringify(json));
    const w = runCliSync([
      'explain',
      '--model',
      bare,
      '--instances',
      compasTest,
      '--label',
      'risk',
      '--method',
      'grad',
      '--out',
      join(dir, 'o.json'),
    ]);
    expect(w.code, w.stderr).toBe(0);
    expect(w.stderr).toMatch(/look unscaled/);
  });

  it('out-of-range rows are counted and warned about', () => {
    const lines = readFileSync(compasTest, 'utf8').trim().split('\n');
    const far = join(dir, 'far.csv');
    // age 500 on two rows: far outside the training range
    const cols = lines[0]!.split(',');
    const age = cols.indexOf('age');
    const rows = lines.slice(1, 11).map((l, i) =>
      i < 2
        ? l
            .split(',')
            .map((v, j) => (j === age ? '500' : v))
            .join(',')
        : l,
    );
    writeFileSync(far, [lines[0], ...rows].join('\n'));
    const r = runCliSync([
      'explain',
      '--model',
      join(models, 'compas-ann.json'),
      '--instances',
      far,
      '--method',
      'grad',
      '--out',
      join(dir, 'far.json'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/2 .*rows?.*age|age.*2 /);
    expect(JSON.parse(readFileSync(join(dir, 'far.json'), 'utf8')).outOfRangeRows).toBe(2);
  });
});

describe('a user CSV: --data my.csv --label y through train, explain, evaluate, data export', () => {
  const csv = join(dir, 'my.csv');
  const names = ['size', 'colour', 'weight'];
  // y = 1 when size + weight/10 > 6 (a learnable rule); colour is a text column (one-hot)
  const rows: string[] = [];
  for (let i = 0; i < 200; i++) {
    const size = ((i * 37) % 100) / 10;
    const weight = ((i * 53) % 50) + 1;
    const colour = ['red', 'green', 'blue'][i % 3]!;
    rows.push(`${size},${colour},${weight},${size + weight / 10 > 6 ? 'yes' : 'no'}`);
  }
  writeFileSync(csv, `${names.join(',')},y\n${rows.join('\n')}\n`);
  const models = join(dir, 'user-models');

  beforeAll(() => assertBuilt());

  it("xai train --data writes a model with the CSV preprocessing; explain on raw rows equals the loader's scaled rows", async () => {
    const out = ok(['train', '--data', csv, '--label', 'y', '--models', 'lr', '--cache-dir', cache, '--out', models]);
    expect(out).toMatch(/my\/lr/);
    const m = loadModelSync(join(models, 'my-lr.json'));
    expect(m.preprocessing?.features).toEqual(['size', 'colour=blue', 'colour=green', 'colour=red', 'weight']);
    expect(m.preprocessing?.label?.classes).toEqual(['no', 'yes']);
    const ds = await loadUserDataset(csv, { label: 'y', seed: 0 });
    const test = join(dir, 'raw-rows.csv');
    writeFileSync(test, `${names.join(',')},y\n${rows.slice(0, 30).join('\n')}\n`);
    ok(['explain', '--model', join(models, 'my-lr.json'), '--instances', test, '--method', 'itg', '--out', join(dir, 'itg.json')]);
    const got = JSON.parse(readFileSync(join(dir, 'itg.json'), 'utf8')).attributions as number[][];
    // the same rows through the loader's scaler: raw → scaled by the preprocessing's min/max
    const { applyPreprocessing } = await import('@xai/data/node');
    const x = applyPreprocessing(readFileSync(test), ds.preprocessing, { file: test }).x;
    const want = createExplainer('itg', { preset: 'default', seed: 0 }).explain(m, x);
    for (let i = 0; i < 30; i++) for (let j = 0; j < 5; j++) expect(got[i]![j]!).toBeCloseTo(want.data[i * 5 + j]!, 12);
    // evaluate reads the same raw rows
    const v = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        join(models, 'my-lr.json'),
        '--instances',
        test,
        '--attributions',
        join(dir, 'itg.json'),
        '--metric',
        'PGI',
      ]),
    );
    expect(v.count).toBe(30);
  });

  it('--ignore drops an id and a free-text column; the model file keeps them and a background sample, so ig explains raw rows without --train', async () => {
    const noisy = join(dir, 'noisy.csv');
    const text = rows.map((r, i) => `${i},${r},note ${(i * 7919) % 1000}`);
    writeFileSync(noisy, `id,${names.join(',')},y,notes\n${text.join('\n')}\n`);
    const refused = runCliSync([
      'train',
      '--data',
      noisy,
      '--label',
      'y',
      '--models',
      'lr',
      '--cache-dir',
      cache,
      '--out',
      join(dir, 'refused'),
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/notes/);
    const out = join(dir, 'noisy-models');
    ok(['train', '--data', noisy, '--label', 'y', '--ignore', 'id,notes', '--models', 'lr', '--cache-dir', cache, '--out', out]);
    const m = loadModelSync(join(out, 'noisy-lr.json'));
    expect(m.preprocessing?.ignore).toEqual(['id', 'notes']);
    const ds = await loadUserDataset(noisy, { label: 'y', seed: 0, ignore: ['id', 'notes'] });
    const bg = (m.metadata as { background: { rows: number[][] } }).background.rows;
    expect(bg).toHaveLength(100);
    // every kept row is a row of the train split
    const trainRows = new Set(Array.from({ length: ds.train.x.rows }, (_, i) => ds.train.x.data.subarray(i * 5, i * 5 + 5).join()));
    for (const r of bg) expect(trainRows.has(r.join())).toBe(true);
    // raw rows still holding id and notes: explained with the kept background as IG's baseline
    const raw = join(dir, 'noisy-rows.csv');
    writeFileSync(raw, `id,${names.join(',')},y,notes\n${text.slice(0, 10).join('\n')}\n`);
    const r = runCliSync([
      'explain',
      '--model',
      join(out, 'noisy-lr.json'),
      '--instances',
      raw,
      '--method',
      'ig',
      '--out',
      join(dir, 'ig.json'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('100 background rows kept by the model file');
    const got = JSON.parse(readFileSync(join(dir, 'ig.json'), 'utf8')).attributions as number[][];
    const { applyPreprocessing } = await import('@xai/data/node');
    const x = applyPreprocessing(readFileSync(raw), ds.preprocessing, { file: raw, ignore: ['id', 'notes'] }).x;
    const { fromRows } = await import('@xai/core');
    const want = createExplainer('ig', { preset: 'default', seed: 0, train: fromRows(bg) }).explain(m, x);
    for (let i = 0; i < 10; i++) for (let j = 0; j < 5; j++) expect(got[i]![j]!).toBeCloseTo(want.data[i * 5 + j]!, 12);
  });

  it('xai bench --data --test: a test file with rows outside the training range is warned about in the report', () => {
    const test = join(dir, 'far-test.csv');
    // size 60 on 3 rows: far outside the training range [0, 9.9]
    writeFileSync(
      test,
      `${names.join(',')},y\n${rows
        .slice(0, 40)
        .map((r, i) => (i < 3 ? r.replace(/^[^,]+/, '60') : r))
        .join('\n')}\n`,
    );
    const out = join(dir, 'far-run');
    const stdout = ok([
      'bench',
      '--data',
      csv,
      '--test',
      test,
      '--label',
      'y',
      '--models',
      'lr',
      '--explainers',
      'grad',
      '--metrics',
      'PGI',
      '--instances',
      '5',
      '--workers',
      '1',
      '--cache-dir',
      cache,
      '--out',
      out,
    ]);
    expect(stdout).toMatch(/3 of 40 rows lie outside the training range/);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/⚠ data: .*3 of 40 rows lie outside the training range.*size 3/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/⚠ data: .*3 of 40 rows/);
  });

  it('--missing drop-rows drops the rows with a blank or NaN cell (counted in the report and the manifest); without it a NaN cell is an error naming it', () => {
    // rows 7 and 12 (file lines 9 and 14): a blank weight, a NaN size
    const holed = rows.map((r, i) => {
      const cells = r.split(',');
      if (i === 7) cells[2] = '';
      if (i === 12) cells[0] = 'NaN';
      return cells.join(',');
    });
    const path = join(dir, 'holed.csv');
    writeFileSync(path, `${names.join(',')},y\n${holed.join('\n')}\n`);
    const args = ['--data', path, '--label', 'y', '--models', 'lr', '--cache-dir', cache];
    const refused = runCliSync(['train', ...args, '--out', join(dir, 'holed-models')]);
    expect(refused.code).toBe(1);
    // NaN is screened before blanks are read as numbers, so the NaN two rows on is the one named
    expect(refused.stderr).toMatch(/holed\.csv, line 14, column 1 \("size"\): "NaN" is not a finite number.*--missing drop-rows/);
    const bench = join(dir, 'holed-run');
    const stdout = ok([
      'bench',
      ...args,
      '--missing',
      'drop-rows',
      '--explainers',
      'grad',
      '--metrics',
      'PGI',
      '--instances',
      '3',
      '--workers',
      '1',
      '--out',
      bench,
    ]);
    expect(stdout).toMatch(/dropped 2 of 200 rows with a missing value .*the first on line 9, column "weight"/);
    expect(readFileSync(join(bench, 'report.md'), 'utf8')).toMatch(/⚠ data: .*dropped 2 of 200 rows/);
    expect(JSON.parse(readFileSync(join(bench, 'manifest.json'), 'utf8')).config.userData.missing).toBe('drop-rows');
    const bad = runCliSync(['bench', ...args, '--missing', 'impute', '--out', join(dir, 'holed-bad')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/missing: expected error or drop-rows, got "impute"/);
  });

  it('xai audit --data my.csv --label y runs the csv adapter on it (size alone predicts y: the leaked-column probe fires on it)', () => {
    const r = runCliSync(['audit', '--data', csv, '--label', 'y', '--permutations', '20', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as { probes: { name: string; fires: boolean }[] };
    expect(json.probes.filter((p) => p.fires).map((p) => p.name)).toEqual(['leaked-column']);
  });

  it('xai data export --data writes the processed splits and schema; synthetic too', () => {
    const out = join(dir, 'export-my');
    ok(['data', 'export', '--data', csv, '--label', 'y', '--out', out]);
    const schema = JSON.parse(readFileSync(join(out, 'schema.json'), 'utf8'));
    expect(schema.features).toEqual(['size', 'colour=blue', 'colour=green', 'colour=red', 'weight']);
    expect(schema.rows.train + schema.rows.validation + schema.rows.test).toBe(200);
    const train = readFileSync(join(out, 'train.csv'), 'utf8').trim().split('\n');
    expect(train).toHaveLength(schema.rows.train + 1);
    for (const l of train.slice(1)) for (const v of l.split(',').slice(0, 5)) expect(Number(v) >= 0 && Number(v) <= 1).toBe(true);
    // the label named by a --schema file instead of --label
    const schemaFile = join(dir, 'schema.json');
    writeFileSync(schemaFile, JSON.stringify({ label: 'y', categorical: ['colour'] }));
    ok(['data', 'export', '--data', csv, '--schema', schemaFile, '--out', join(dir, 'export-schema')]);
    expect(JSON.parse(readFileSync(join(dir, 'export-schema', 'schema.json'), 'utf8')).label).toBe('y');
    const syn = join(dir, 'export-syn');
    ok(['data', 'export', 'synthetic', '--out', syn]);
    expect(existsSync(join(syn, 'test-ground-truth.csv'))).toBe(true);
    const r = runCliSync(['data', 'export', 'nosuch', '--out', join(dir, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown dataset "nosuch"/);
  });
});

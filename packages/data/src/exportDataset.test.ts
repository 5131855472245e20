import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dataset } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { datasetStatus } from './datasetStatus.js';
import { DATASET_NAMES } from './datasetRegistry.js';
import { exportDataset } from './exportDataset.js';
import { loadUserDataset } from './loadUserDataset.js';
import { parseCsv } from './parseCsv.js';
import { parseUserDataset } from './parseUserDataset.js';
import { asyncErrorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS } from './__fixtures__/sharedDatasets.js';

const tmp = mkdtempSync(join(tmpdir(), 'xai-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const CSV = `u,v,k,y\n${Array.from({ length: 30 }, (_, i) => `${i / 3},${(i * 7) % 11},${['a', 'b', 'c'][i % 3]},${i % 2}`).join('\n')}\n`;

describe('exportDataset', () => {
  it('writes scaled splits with header and label that read back to the same numbers, and schema.json with checksums', async () => {
    const ds = parseUserDataset(CSV, { label: 'y', name: 'mine' });
    const dir = join(tmp, 'user');
    const schema = await exportDataset(ds, dir);
    for (const split of ['train', 'validation', 'test'] as const) {
      const text = readFileSync(join(dir, `${split}.csv`));
      const back = parseCsv(text, { label: 'y' });
      expect(back.header).toEqual([...ds.schema.names, 'y']);
      expect(Array.from(back.x.data)).toEqual(Array.from(ds[split]!.x.data));
      expect(Array.from(back.y!)).toEqual(Array.from(ds[split]!.y));
      const entry = schema.files.find((f) => f.file === `${split}.csv`)!;
      expect(entry.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    }
    const onDisk = JSON.parse(readFileSync(join(dir, 'schema.json'), 'utf8'));
    expect(onDisk.preprocessing).toEqual(JSON.parse(JSON.stringify(ds.preprocessing)));
    expect(onDisk).toMatchObject({
      format: 'xai-data-export@1',
      name: 'mine',
      classes: ['0', '1'],
      features: ds.schema.names,
      groups: [[2, 3, 4]],
    });
    expect((await asyncErrorOf(() => exportDataset(ds, dir))).code).toBe('IO_ERROR');
    await exportDataset(ds, dir, { overwrite: true });
    expect((await asyncErrorOf(() => exportDataset(ds, dir, { overwrit: true } as never))).code).toBe('BAD_OPTION');
  });

  it('exports a dataset with ground truth (the synthetic one) without scaling, ground truth beside it', async () => {
    const x = { rows: 2, cols: 2, data: Float64Array.from([1.5, -2, 0.25, 3]) };
    const gt = { rows: 2, cols: 2, data: Float64Array.from([0.5, 0, 0, -0.5]) };
    const synth: Dataset = {
      name: 'synth',
      schema: { names: ['x0', 'x1'], kinds: ['continuous', 'continuous'], groups: [] },
      classes: 2,
      train: { x, y: Int32Array.from([0, 1]) },
      test: { x, y: Int32Array.from([1, 0]) },
      groundTruth: { train: gt, test: gt },
      hash: 'h',
    };
    const dir = join(tmp, 'synth');
    const schema = await exportDataset(synth, dir);
    expect(schema.preprocessing.scaler).toEqual({ kind: 'none' });
    expect(readFileSync(join(dir, 'test.csv'), 'utf8')).toBe('x0,x1,label\n1.5,-2,1\n0.25,3,0\n');
    expect(readFileSync(join(dir, 'train-ground-truth.csv'), 'utf8')).toBe('x0,x1\n0.5,0\n0,-0.5\n');
  });
});

describe('loadUserDataset (files)', () => {
  it('reads the CSV, a test file and a schema file; errors name the schema file and field', async () => {
    writeFileSync(join(tmp, 'd.csv'), CSV);
    writeFileSync(join(tmp, 't.csv'), 'k,u,v,y\nb,1,2,1\n');
    writeFileSync(join(tmp, 's.json'), JSON.stringify({ label: 'y', categorical: ['v'], ignore: [] }));
    const ds = await loadUserDataset(join(tmp, 'd.csv'), { test: join(tmp, 't.csv'), schema: join(tmp, 's.json'), validationFraction: 0 });
    expect(ds.name).toBe('d');
    expect(ds.test.x.rows).toBe(1);
    expect(ds.schema.names.filter((n) => n.startsWith('v=')).length).toBe(11);
    writeFileSync(join(tmp, 'bad.json'), '{"label":"y","task":"ranking"}');
    const e = await asyncErrorOf(() => loadUserDataset(join(tmp, 'd.csv'), { schema: join(tmp, 'bad.json') }));
    expect(e.message).toContain(`${join(tmp, 'bad.json')}: task`);
    expect((await asyncErrorOf(() => loadUserDataset(join(tmp, 'nope.csv'), { label: 'y' }))).code).toBe('NOT_FOUND');
    expect((await asyncErrorOf(() => loadUserDataset(join(tmp, 'd.csv'), { label: 'y', tset: 'x' } as never))).code).toBe('BAD_OPTION');
  });
});

describe('datasetStatus', () => {
  it.skipIf(!HAVE_SHARED)('lists all eight datasets: found in dataDir, cached, or downloadable', () => {
    const data = join(tmp, 'data');
    const cache = join(tmp, 'cache');
    mkdirSync(join(data, 'compas'), { recursive: true });
    cpSync(join(SHARED_DATASETS, 'compas'), join(data, 'compas'), { recursive: true });
    mkdirSync(join(cache, 'german'), { recursive: true });
    for (const f of ['german-train.csv', 'german-test.csv']) cpSync(join(SHARED_DATASETS, 'german', f), join(cache, 'german', f));
    const list = datasetStatus({ dataDir: data, cacheDir: cache });
    expect(list.map((s) => s.name)).toEqual([...DATASET_NAMES]);
    const by = Object.fromEntries(list.map((s) => [s.name, s.status]));
    expect(by).toEqual({
      adult: 'downloadable',
      compas: 'found',
      german: 'cached',
      gmsc: 'downloadable',
      heart: 'downloadable',
      heloc: 'downloadable',
      pima: 'downloadable',
      gaussian: 'downloadable',
    });
    expect(list.find((s) => s.name === 'compas')!.files[0]).toBe(join(data, 'compas', 'compas-train.csv'));
    expect(list.find((s) => s.name === 'gmsc')!.checksums).toBe('recorded-on-download');
    expect(
      datasetStatus({ dataDir: SHARED_DATASETS, cacheDir: cache })
        .filter((s) => s.status === 'found')
        .map((s) => s.name),
    ).toEqual(['adult', 'compas', 'german', 'heloc', 'pima', 'gaussian']);
  });
});

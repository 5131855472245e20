import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, row } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { availableDatasets } from './availableDatasets.js';
import { benchmarkInstances } from './benchmarkInstances.js';
import type { DatasetName } from './datasetInfo.js';
import { datasetRegistry } from './datasetRegistry.js';
import { loadCsv } from './loadCsv.js';
import { loadDataset } from './loadDataset.js';
import { summarizeDataset } from './summarizeDataset.js';
import { asyncErrorOf, errorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS, provenanceFiles, sharedRows } from './__fixtures__/sharedDatasets.js';

const tmp = mkdtempSync(join(tmpdir(), 'xai-data-load-'));
const emptyCache = join(tmp, 'empty-cache');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const local = { dataDir: SHARED_DATASETS, cacheDir: emptyCache, download: false } as const;
const SHARED: DatasetName[] = ['adult', 'compas', 'german', 'heloc', 'pima', 'gaussian'];

function columnRange(rows: number[][], j: number): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    lo = Math.min(lo, r[j]!);
    hi = Math.max(hi, r[j]!);
  }
  return [lo, hi];
}

describe('loadDataset: argument checks', () => {
  it('rejects unknown names and bad options', async () => {
    expect((await asyncErrorOf(() => loadDataset('mnist' as DatasetName, local))).code).toBe('NOT_FOUND');
    expect((await asyncErrorOf(() => loadDataset('adult', { ...local, validationFraction: 1 }))).code).toBe('BAD_OPTION');
    expect((await asyncErrorOf(() => loadDataset('adult', { ...local, seed: 1.5 }))).code).toBe('BAD_OPTION');
    expect((await asyncErrorOf(() => loadDataset('adult', { ...local, preset: 'fast' as never }))).code).toBe('BAD_OPTION');
    expect((await asyncErrorOf(() => loadDataset('adult', { ...local, scaling: 'zscore' as never }))).code).toBe('BAD_OPTION');
  });

  it('without a copy and with download off: NOT_FOUND saying where it looked and how to supply the file', async () => {
    const e = await asyncErrorOf(() => loadDataset('heloc', { dataDir: join(tmp, 'nothing'), cacheDir: emptyCache, download: false }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(join(tmp, 'nothing', 'heloc', 'heloc-train.csv'));
    expect(e.message).toContain(join(emptyCache, 'heloc', 'heloc-test.csv'));
    expect(e.message).toContain('https://dataverse.harvard.edu/api/access/datafile/8550942');
    expect(e.message).toContain('by hand');
  });

  it('pima without a copy names the unsplit file too', async () => {
    const e = await asyncErrorOf(() => loadDataset('pima', { cacheDir: emptyCache, download: false }));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain(join(emptyCache, 'pima', 'pima-full.csv'));
  });
});

describe.skipIf(!HAVE_SHARED)('loadDataset on shared/datasets', () => {
  it('each shared dataset has the rows and columns of PROVENANCE.md, verified checksums and registry kinds', async () => {
    const prov = provenanceFiles();
    for (const name of SHARED) {
      const ds = await loadDataset(name, local);
      const info = datasetRegistry[name];
      expect(ds.schema.kinds, name).toEqual(info.kinds);
      expect(ds.schema.names, name).toEqual(info.featureNames);
      expect(ds.schema.groups.length, name).toBe(name === 'german' ? 12 : 0);
      for (const f of ds.provenance.files) {
        const p = prov.get(`${name}/${f.file}`)!;
        expect(f.verified, f.file).toBe('registry');
        expect(f.sha256).toBe(p.sha256);
        expect(f.rows).toBe(p.rows);
        expect(f.source).toBe('dataDir');
      }
      const cols = prov.get(`${name}/${ds.provenance.files[0]!.file}`)!.columns - 1;
      for (const s of [ds.train, ds.validation!, ds.test]) expect(s.x.cols, name).toBe(cols);
      const trainRows = ds.train.x.rows + ds.validation!.x.rows;
      if (name === 'pima') {
        expect(trainRows + ds.test.x.rows).toBe(prov.get('pima/pima-full.csv')!.rows);
      } else {
        expect(trainRows, name).toBe(prov.get(`${name}/${name}-train.csv`)!.rows);
        expect(ds.test.x.rows, name).toBe(prov.get(`${name}/${name}-test.csv`)!.rows);
      }
      // Hash over the files' checksums, recomputed here from PROVENANCE.md.
      const lines = ds.provenance.files.map((f) => `${f.file}:${prov.get(`${name}/${f.file}`)!.sha256}\n`).join('');
      expect(ds.hash).toBe(createHash('sha256').update(lines).digest('hex'));
    }
  });

  it("kind inference agrees with the registry except for german's binary 1/2 columns", async () => {
    for (const name of ['adult', 'compas', 'heloc', 'pima'] as const) {
      const file = datasetRegistry[name].files.find((f) => f.sha256)!.file;
      const t = await loadCsv(join(SHARED_DATASETS, name, file), { label: datasetRegistry[name].label });
      expect(t.schema.kinds, name).toEqual(datasetRegistry[name].kinds);
    }
    const g = await loadCsv(join(SHARED_DATASETS, 'german/german-train.csv'), { label: 'credit-risk' });
    const differ = g.schema.names.filter((_, j) => g.schema.kinds[j] !== datasetRegistry.german.kinds[j]);
    expect(differ).toEqual(['people-liable', 'foreign-worker']);
  });

  it('default: scaler fitted on train only, applied to validation and test', async () => {
    const ds = await loadDataset('compas', local);
    const rawTrain = Array.from({ length: ds.raw.train.rows }, (_, i) => Array.from(row(ds.raw.train, i)));
    for (let j = 0; j < ds.train.x.cols; j++) {
      const [lo, hi] = columnRange(rawTrain, j);
      const scaled = Array.from({ length: ds.train.x.rows }, (_, i) => get(ds.train.x, i, j));
      expect(Math.min(...scaled)).toBe(0);
      expect(Math.max(...scaled)).toBe(hi > lo ? 1 : 0);
      for (const [split, rawM] of [
        [ds.test, ds.raw.test],
        [ds.validation!, ds.raw.validation!],
      ] as const) {
        for (const i of [0, 1, split.x.rows - 1]) expect(get(split.x, i, j)).toBeCloseTo((get(rawM, i, j) - lo) / (hi - lo), 12);
      }
    }
    expect(ds.provenance.scaling).toBe('train');
    expect(ds.testScaler).toBeUndefined();
    // The stored scaler reproduces the test split from raw values.
    expect(Array.from(ds.scaler.transform(ds.raw.test).data)).toEqual(Array.from(ds.test.x.data));
  });

  it('openxai preset: no validation split, a separate scaler per file', async () => {
    const ds = await loadDataset('compas', { ...local, preset: 'openxai' });
    expect(ds.validation).toBeUndefined();
    expect(ds.train.x.rows).toBe(4937);
    expect(ds.provenance.scaling).toBe('per-file');
    const rawTest = sharedRows('compas/compas-test.csv');
    for (let j = 0; j < ds.test.x.cols; j++) {
      const [lo, hi] = columnRange(rawTest, j);
      expect(get(ds.test.x, 0, j)).toBeCloseTo((rawTest[0]![j]! - lo) / (hi - lo), 12);
    }
    expect(Array.from(ds.testScaler!.min)).not.toEqual(Array.from(ds.scaler.min));
  });

  it('validation is a seeded stratified part of the train file, disjoint from what remains', async () => {
    const a = await loadDataset('compas', { ...local, validationFraction: 0.2, seed: 3 });
    const b = await loadDataset('compas', { ...local, validationFraction: 0.2, seed: 3 });
    const c = await loadDataset('compas', { ...local, validationFraction: 0.2, seed: 4 });
    expect(b.validation!.x.data).toEqual(a.validation!.x.data);
    expect(Array.from(c.validation!.x.data)).not.toEqual(Array.from(a.validation!.x.data));
    // Train + validation rows are exactly the rows of the train file (as multisets).
    const key = (r: ArrayLike<number>) => Array.from(r).join(',');
    const fileRows = sharedRows('compas/compas-train.csv').map((r) => key(r));
    const ours = [a.raw.train, a.raw.validation!].flatMap((m) => Array.from({ length: m.rows }, (_, i) => key(row(m, i))));
    const yAll = [...a.train.y, ...a.validation!.y];
    expect(ours.map((k, i) => `${k},${yAll[i]}`).sort()).toEqual([...fileRows].sort());
    const positives = Array.from(a.validation!.y).reduce((s, v) => s + v, 0);
    const filePositives = sharedRows('compas/compas-train.csv').filter((r) => r[7] === 1).length;
    expect(positives).toBe(Math.round(0.2 * filePositives));
  });

  it('pima: splits the unsplit file stratified 80/20 with a fixed seed and records it', async () => {
    const ds = await loadDataset('pima', { ...local, validationFraction: 0 });
    expect(ds.train.x.rows).toBe(614);
    expect(ds.test.x.rows).toBe(154);
    expect(Array.from(ds.test.y).reduce((s, v) => s + v, 0)).toBe(Math.round(0.2 * 268));
    expect(ds.provenance.split).toEqual({ from: 'pima-full.csv', testFraction: 0.2, seed: 0, trainRows: 614, testRows: 154 });
    expect(ds.provenance.steps.join('\n')).toContain('split pima-full.csv stratified 80/20 (seed 0)');
    // The loader's seed does not move the train/test split.
    const other = await loadDataset('pima', { ...local, validationFraction: 0, seed: 99 });
    expect(other.test.x.data).toEqual(ds.test.x.data);
    // Test rows keep file order.
    const fileRows = sharedRows('pima/pima-full.csv').map((r) => r.slice(0, 8).join(','));
    const positions = Array.from({ length: ds.raw.test.rows }, (_, i) => fileRows.indexOf(Array.from(row(ds.raw.test, i)).join(',')));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
  });

  it('sensitive groups are the raw values of the sensitive column', async () => {
    const adult = await loadDataset('adult', local);
    const j = adult.schema.names.indexOf('sex_Male');
    expect(adult.sensitive!.groups).toEqual(['Female', 'Male']);
    expect(Array.from(adult.sensitive!.test)).toEqual(sharedRows('adult/adult-test.csv').map((r) => r[j]));
    expect(adult.sensitive!.train.length).toBe(adult.train.x.rows);
    expect(adult.sensitive!.validation!.length).toBe(adult.validation!.x.rows);
    const german = await loadDataset('german', local);
    const g = german.schema.names.indexOf('personal-status-sex_2');
    expect(Array.from(german.sensitive!.test)).toEqual(sharedRows('german/german-test.csv').map((r) => r[g]));
    expect(german.sensitive!.groups[1]).toBe('female');
    expect((await loadDataset('heloc', local)).sensitive).toBeUndefined();
  });

  it('benchmark instances are the first n test rows in file order', async () => {
    const ds = await loadDataset('adult', local);
    const inst = benchmarkInstances(ds, 5);
    expect(inst.count).toBe(5);
    expect(Array.from(inst.indices)).toEqual([0, 1, 2, 3, 4]);
    const firstLines = sharedRows('adult/adult-test.csv', 5);
    for (let i = 0; i < 5; i++) {
      expect(Array.from(row(ds.raw.test, i))).toEqual(firstLines[i]!.slice(0, 13));
      expect(Array.from(row(inst.x, i))).toEqual(Array.from(row(ds.test.x, i)));
      expect(inst.y[i]).toBe(firstLines[i]![13]);
      expect(inst.groups![i]).toBe(firstLines[i]![6]);
    }
    const german = await loadDataset('german', local);
    expect(benchmarkInstances(german).count).toBe(200); // 1000 asked, 200 exist
    expect(errorOf(() => benchmarkInstances(ds, 0)).code).toBe('BAD_OPTION');
  });

  it('summarizes rows, features, label balance and hash', async () => {
    const ds = await loadDataset('adult', local);
    const s = summarizeDataset(ds);
    expect(s.rows.train + s.rows.validation).toBe(36177);
    expect(s).toMatchObject({ name: 'adult', features: 13, continuous: 6, discrete: 7, hash: ds.hash });
    expect(s.positiveRate.train).toBeCloseTo(0.2478, 4);
    expect(s.positiveRate.test).toBeCloseTo(0.2479, 4);
  });

  // Load time is a figure, not a test: `pnpm --filter @xai/data bench:perf` reports it.

  it('availableDatasets lists the six shared datasets and nothing for an empty folder', () => {
    expect(availableDatasets({ dataDir: SHARED_DATASETS, cacheDir: emptyCache })).toEqual([
      'adult',
      'compas',
      'german',
      'heloc',
      'pima',
      'gaussian',
    ]);
    expect(availableDatasets({ dataDir: join(tmp, 'none'), cacheDir: emptyCache })).toEqual([]);
  });

  it('a modified local copy fails the checksum unless verify is off', async () => {
    const dir = join(tmp, 'modified');
    mkdirSync(join(dir, 'compas'), { recursive: true });
    cpSync(join(SHARED_DATASETS, 'compas'), join(dir, 'compas'), { recursive: true });
    const path = join(dir, 'compas', 'compas-train.csv');
    const text = readFileSync(path, 'utf8');
    writeFileSync(path, text.replace('\n24,1,0,0,1,0,0,1\n', '\n25,1,0,0,1,0,0,1\n'));
    const e = await asyncErrorOf(() => loadDataset('compas', { ...local, dataDir: dir }));
    expect(e.code).toBe('CHECKSUM_MISMATCH');
    expect(e.message).toContain(path);
    expect(e.message).toContain(datasetRegistry.compas.files[0]!.sha256!);
    expect(e.message).toContain('verify: false');
    const ds = await loadDataset('compas', { ...local, dataDir: dir, verify: false });
    expect(ds.provenance.files[0]!.verified).toBe('skipped');
    expect(ds.provenance.warnings.join()).toContain('not verified');
    expect(ds.raw.train.data[0]! + ds.raw.validation!.data[0]!).toBeGreaterThan(0);
    // A known file whose columns are renamed is rejected even with verify off.
    writeFileSync(path, text.replace('age,', 'age_years,'));
    expect((await asyncErrorOf(() => loadDataset('compas', { ...local, dataDir: dir, verify: false }))).code).toBe('BAD_INPUT');
  });
});

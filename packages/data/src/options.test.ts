// Unknown option keys are BAD_OPTION everywhere (a misspelt option must never run with its default).
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import * as data from './node.js';
import { asyncErrorOf, errorOf } from './__fixtures__/errorOf.js';

const CSV = 'a,y\n0,0\n1,1\n2,0\n3,1\n4,0\n5,1\n';
const x = fromRows([[0], [1]]);
const ds = data.parseUserDataset(CSV, { label: 'y', validationFraction: 0 });

const sync: Record<string, () => unknown> = {
  parseCsv: () => data.parseCsv(CSV, { lable: 'y' } as never),
  loadCsvSync: () => data.loadCsvSync('x.csv', { lable: 'y' } as never),
  parseFeatureCsv: () => data.parseFeatureCsv(CSV, { name: ['a'] } as never),
  readFeatureCsvSync: () => data.readFeatureCsvSync('x.csv', { name: ['a'] } as never),
  parseDataset: () => data.parseDataset('compas', {}, { seeds: 1 } as never),
  availableDatasets: () => data.availableDatasets({ dataDirr: '.' } as never),
  datasetStatus: () => data.datasetStatus({ dataDirr: '.' } as never),
  benchmarkInstances: () => data.benchmarkInstances(ds, 1, { ordr: 'file' } as never),
  checkTestOrder: () => data.checkTestOrder(ds.test, 1, { alfa: 1 } as never),
  summarizeDataset: () => data.summarizeDataset(ds, { instance: 1 } as never),
  inferFeatureKinds: () => data.inferFeatureKinds(x, { maxDiscreteLevel: 2 } as never),
  fitMinMaxScaler: () => data.fitMinMaxScaler(x, { clipp: true } as never),
  stratifiedSplit: () => data.stratifiedSplit(Int32Array.from([0, 1]), 0.5, { sed: 1 } as never),
  parseUserDataset: () => data.parseUserDataset(CSV, { label: 'y', testFracton: 0.2 } as never),
  applyPreprocessing: () => data.applyPreprocessing(CSV, ds.preprocessing, { margins: 1 } as never),
  looksUnscaled: () => data.looksUnscaled(x, { featureName: [] } as never),
};

const async: Record<string, () => Promise<unknown>> = {
  loadDataset: () => data.loadDataset('adult', { dataDirr: '.' } as never),
  fetchDataset: () => data.fetchDataset('adult', { baseURL: '.' } as never),
  loadCsv: () => data.loadCsv('x.csv', { lable: 'y' } as never),
  readFeatureCsv: () => data.readFeatureCsv('x.csv', { name: ['a'] } as never),
  loadUserDataset: () => data.loadUserDataset('x.csv', { label: 'y', tests: 'x' } as never),
  exportDataset: () => data.exportDataset(ds, '/nonexistent', { force: true } as never),
};

describe('checkOptions on every public options-taking function', () => {
  for (const [fn, call] of Object.entries(sync)) {
    it(`${fn} rejects an unknown key`, () => {
      const e = errorOf(call);
      expect(e.code).toBe('BAD_OPTION');
      expect(e.message).toMatch(/unknown option/);
      expect(e.details.fn).toBe(fn);
    });
  }
  for (const [fn, call] of Object.entries(async)) {
    it(`${fn} rejects an unknown key`, async () => {
      const e = await asyncErrorOf(call);
      expect(e.code).toBe('BAD_OPTION');
      expect(e.message).toMatch(/unknown option/);
      expect(e.details.fn).toBe(fn);
    });
  }

  it("loadDataset({ dataDirr }) suggests 'dataDir'", async () => {
    expect((await asyncErrorOf(() => data.loadDataset('adult', { dataDirr: '.' } as never))).message).toMatch(/did you mean 'dataDir'/);
  });
});

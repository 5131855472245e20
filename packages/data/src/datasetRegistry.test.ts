import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DatasetName } from './datasetInfo.js';
import { DATAVERSE_PREFIX, datasetRegistry, isDatasetName } from './datasetRegistry.js';
import { listDatasets } from './listDatasets.js';
import { HAVE_SHARED, SHARED_DATASETS, provenanceDataverse, provenanceFiles, sharedHeader } from './__fixtures__/sharedDatasets.js';

// Kind counts as stated in PROVENANCE.md's "feature types in newest code" column (hand-copied).
const KIND_COUNTS: Record<string, [continuous: number, discrete: number]> = {
  adult: [6, 7],
  compas: [3, 4],
  gaussian: [20, 0],
  german: [8, 52],
  gmsc: [10, 0],
  heart: [9, 6],
  heloc: [23, 0],
  pima: [8, 0],
};

describe('datasetRegistry', () => {
  it('lists the eight OpenXAI datasets', () => {
    expect(
      listDatasets()
        .map((d) => d.name)
        .sort(),
    ).toEqual(['adult', 'compas', 'gaussian', 'german', 'gmsc', 'heart', 'heloc', 'pima']);
    expect(isDatasetName('adult')).toBe(true);
    expect(isDatasetName('toString')).toBe(false);
  });

  it("names each entry by its key; DatasetName is the registry's keys (typecheck fails otherwise)", () => {
    for (const [key, info] of Object.entries(datasetRegistry)) expect(info.name).toBe(key);
    const names: DatasetName[] = ['adult', 'gaussian'];
    // @ts-expect-error not a key of the registry
    const notOne: DatasetName = 'mnist';
    expect([...names, notOne]).toHaveLength(3);
  });

  it('has one kind per column and the stated kind counts', () => {
    for (const info of listDatasets()) {
      expect(info.kinds.length, info.name).toBe(info.featureNames.length);
      const c = info.kinds.filter((k) => k === 'continuous').length;
      expect([c, info.kinds.length - c], info.name).toEqual(KIND_COUNTS[info.name]);
      expect(new Set(info.featureNames).size).toBe(info.featureNames.length);
      expect(info.featureNames).not.toContain(info.label);
    }
  });

  it('covers every column exactly once with its features', () => {
    for (const info of listDatasets()) {
      const cols = info.features.flatMap((f) => f.columns).sort((a, b) => a - b);
      expect(cols).toEqual(info.featureNames.map((_, j) => j));
    }
  });

  it('heart kinds follow OpenXAI: d,c,c,d,c then 4 d then 6 c', () => {
    expect(datasetRegistry.heart.kinds.map((k) => k[0]).join('')).toBe('dccdc' + 'dddd' + 'cccccc');
  });

  it('names sensitive attributes that are binary columns of the dataset', () => {
    expect(datasetRegistry.adult.sensitive?.column).toBe('sex_Male');
    expect(datasetRegistry.german.sensitive?.name).toBe('sex');
    expect(datasetRegistry.compas.sensitive?.name).toBe('race');
    for (const info of listDatasets()) {
      if (!info.sensitive) continue;
      const j = info.featureNames.indexOf(info.sensitive.column);
      expect(j).toBeGreaterThanOrEqual(0);
      expect(info.kinds[j]).toBe('discrete');
      expect(info.sensitive.groups).toHaveLength(2);
    }
  });

  it('pima lists the Dataverse split files and the unsplit local file', () => {
    const roles = datasetRegistry.pima.files.map((f) => f.role);
    expect(roles).toEqual(['train', 'test', 'full']);
    expect(datasetRegistry.pima.files[2]!.url).toBeUndefined();
  });
});

describe.skipIf(!HAVE_SHARED)('datasetRegistry against shared/datasets/PROVENANCE.md', () => {
  it('german one-hot groups follow feature_n_cols of german-feature-metadata.json', () => {
    const meta = JSON.parse(readFileSync(join(SHARED_DATASETS, 'german/german-feature-metadata.json'), 'utf8')) as {
      feature_names: string[];
      feature_types: string[];
      feature_n_cols: number[];
    };
    const g = datasetRegistry.german;
    expect(g.featureNames).toHaveLength(meta.feature_n_cols.reduce((a, b) => a + b, 0));
    expect(g.featureNames).toHaveLength(60);
    expect(g.features.map((f) => f.name)).toEqual(meta.feature_names);
    expect(g.features.map((f) => f.columns.length)).toEqual(meta.feature_n_cols);
    expect(g.features.map((f) => f.kind[0])).toEqual(meta.feature_types);
    // Only the categorical features with more than one column are one-hot groups.
    expect(g.groups.map((x) => x.length)).toEqual(meta.feature_n_cols.filter((n) => n > 1));
    for (const f of g.features.filter((x) => x.columns.length > 1)) {
      for (const j of f.columns) expect(g.featureNames[j]!.startsWith(`${f.name}_`)).toBe(true);
    }
  });

  it('canonical addresses are the Dataverse ids of PROVENANCE.md', () => {
    const ids = provenanceDataverse();
    expect(ids.size).toBe(8);
    for (const [name, { train, test, label }] of ids) {
      expect(isDatasetName(name)).toBe(true);
      const info = datasetRegistry[name as keyof typeof datasetRegistry];
      expect(info.label).toBe(label);
      expect(info.files.find((f) => f.role === 'train')!.url).toBe(`https://dataverse.harvard.edu/api/access/datafile/${train}`);
      expect(info.files.find((f) => f.role === 'test')!.url).toBe(`${DATAVERSE_PREFIX}${test}`);
    }
  });

  it('checksums, rows and bytes are those of PROVENANCE.md, and the columns those of the files', () => {
    const rows = provenanceFiles();
    let checked = 0;
    for (const info of listDatasets()) {
      for (const f of info.files) {
        const p = rows.get(`${info.name}/${f.file}`);
        if (!p) {
          expect(f.sha256, `${f.file} has a checksum but no PROVENANCE row`).toBeUndefined();
          continue;
        }
        expect(f.sha256).toBe(p.sha256);
        expect(f.rows).toBe(p.rows);
        expect(f.bytes).toBe(p.bytes);
        expect(info.featureNames.length + 1).toBe(p.columns);
        expect(sharedHeader(`${info.name}/${f.file}`)).toEqual([...info.featureNames, info.label]);
        checked++;
      }
    }
    expect(checked).toBe(11); // 5 datasets x 2 files + pima-full
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '@xai/core';
import { row } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { benchmarkInstances } from './benchmarkInstances.js';
import { loadDataset } from './loadDataset.js';
import { summarizeDataset } from './summarizeDataset.js';
import { errorOf } from './__fixtures__/errorOf.js';
import { HAVE_SHARED, SHARED_DATASETS } from './__fixtures__/sharedDatasets.js';

/** A hand-made dataset: labels as given, one feature = 10 * row + label (distinct rows). */
function handMade(y: number[], values: (i: number) => number = (i) => 10 * i + y[i]!): Dataset {
  const x = { rows: y.length, cols: 1, data: Float64Array.from(y, (_, i) => values(i)) };
  const split = { x, y: Int32Array.from(y) };
  return { name: 'hand', schema: { names: ['v'], kinds: ['continuous'], groups: [] }, classes: 3, train: split, test: split, hash: '' };
}

const counts = (y: ArrayLike<number>, k: number): number[] => {
  const c = new Array<number>(k).fill(0);
  for (let i = 0; i < y.length; i++) c[y[i]!]!++;
  return c;
};

describe('benchmarkInstances: order', () => {
  // Sorted by label: five 0s, three 1s, two 2s.
  const sorted = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2];

  it("'file' (default) takes the first n rows and warns when the file is sorted", () => {
    const ds = handMade(sorted);
    const inst = benchmarkInstances(ds, 5);
    expect(inst.order).toBe('file');
    expect(Array.from(inst.indices)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(inst.y)).toEqual([0, 0, 0, 0, 0]);
    expect(inst.warnings).toHaveLength(1);
    expect(inst.warnings[0]).toContain('label balance'); // 100% vs 50% of label 0
    expect(benchmarkInstances(ds, 10).warnings).toEqual([]); // every row: nothing left out
  });

  it("'stratified' keeps the label balance with largest-remainder quotas, rows in file order", () => {
    const ds = handMade(sorted);
    // n = 5 of 10: quotas 2.5, 1.5, 1 -> floors 2, 1, 1; the tied remainders (.5, .5) go to the lower label first.
    const inst = benchmarkInstances(ds, 5, { order: 'stratified' });
    expect(inst.order).toBe('stratified');
    expect(counts(inst.y, 3)).toEqual([3, 1, 1]);
    expect(inst.count).toBe(5);
    for (let k = 1; k < inst.count; k++) expect(inst.indices[k]!).toBeGreaterThan(inst.indices[k - 1]!);
    for (let k = 0; k < inst.count; k++) {
      expect(inst.y[k]).toBe(ds.test.y[inst.indices[k]!]);
      expect(Array.from(row(inst.x, k))).toEqual(Array.from(row(ds.test.x, inst.indices[k]!)));
    }
    expect(inst.warnings).toEqual([]);
  });

  it("'stratified' is seeded and keyed by row content, not by position", () => {
    const y = Array.from({ length: 60 }, (_, i) => (i < 40 ? 0 : 1));
    const ds = handMade(y);
    const a = benchmarkInstances(ds, 12, { order: 'stratified', seed: 3 });
    expect(Array.from(benchmarkInstances(ds, 12, { order: 'stratified', seed: 3 }).indices)).toEqual(Array.from(a.indices));
    expect(counts(a.y, 2)).toEqual([8, 4]);
    const seeds = new Set(
      [0, 1, 2, 3, 4].map((seed) => Array.from(benchmarkInstances(ds, 12, { order: 'stratified', seed }).indices).join()),
    );
    expect(seeds.size).toBeGreaterThan(1);
    // Reverse the file: the same rows (by value) are chosen.
    const rev = y.slice().reverse();
    const dsRev = handMade(rev, (i) => 10 * (59 - i) + rev[i]!);
    const b = benchmarkInstances(dsRev, 12, { order: 'stratified', seed: 3 });
    const values = (inst: typeof a): number[] => Array.from(inst.x.data).sort((p, q) => p - q);
    expect(values(b)).toEqual(values(a));
  });

  it('rejects a bad order or seed', () => {
    const ds = handMade(sorted);
    expect(errorOf(() => benchmarkInstances(ds, 5, { order: 'random' as 'file' }))).toMatchObject({
      code: 'BAD_OPTION',
      details: { arg: 'order' },
    });
    expect(errorOf(() => benchmarkInstances(ds, 5, { order: 'stratified', seed: 0.5 }))).toMatchObject({
      code: 'BAD_OPTION',
      details: { arg: 'seed' },
    });
    expect(errorOf(() => summarizeDataset(ds, { instances: 0 }))).toMatchObject({ code: 'BAD_OPTION', details: { arg: 'instances' } });
  });
});

const CLUSTERS = join(SHARED_DATASETS, 'gaussian', 'gaussian-test-cluster.csv');
const clusterOf = (): number[] =>
  readFileSync(CLUSTERS, 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.length > 0)
    .map((l) => Number(l.split(',')[0]));

describe.skipIf(!HAVE_SHARED)('benchmarkInstances on the shared gaussian test file (sorted by cluster)', () => {
  const local = { dataDir: SHARED_DATASETS, cacheDir: join(SHARED_DATASETS, '.no-cache'), download: false } as const;

  it('the first 1000 rows come from 2 of 10 clusters: file order warns, stratified covers every cluster', async () => {
    const ds = await loadDataset('gaussian', local);
    const cluster = clusterOf(); // row-aligned with the test file (PROVENANCE.md)
    expect(cluster).toHaveLength(ds.test.y.length);
    const first = benchmarkInstances(ds);
    expect(new Set(Array.from(first.indices, (i) => cluster[i])).size).toBe(2);
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toContain('looks sorted');
    expect(summarizeDataset(ds).warnings).toEqual(first.warnings);

    const strat = benchmarkInstances(ds, 1000, { order: 'stratified', seed: 0 });
    expect(new Set(Array.from(strat.indices, (i) => cluster[i])).size).toBe(10);
    const all = counts(ds.test.y, 2);
    const got = counts(strat.y, 2);
    expect(got[0]! + got[1]!).toBe(1000);
    expect(Math.abs(got[1]! - (1000 * all[1]!) / ds.test.y.length)).toBeLessThanOrEqual(1);
    // Keyed by the raw rows: the same choice whatever the scaling.
    const unscaled = await loadDataset('gaussian', { ...local, scaling: 'none' });
    expect(Array.from(benchmarkInstances(unscaled, 1000, { order: 'stratified', seed: 0 }).indices)).toEqual(Array.from(strat.indices));
  });

  it('no warning for a real file in random order (adult)', async () => {
    const adult = await loadDataset('adult', local);
    expect(benchmarkInstances(adult).warnings).toEqual([]);
    expect(summarizeDataset(adult).warnings).toEqual([]);
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isXaiError, substream } from '@xai/core';
import { DATASETS } from '../../test/helpers.js';
import { csvAdapter } from '../adapters/csvAdapter.js';
import { bestStump, buildStumpFeatures } from '../internal/stumps.js';
import { runAudit } from '../runAudit.js';
import type { TabularAuditInput } from './tabularAuditInput.js';
import { runTabularAudit, TABULAR_PROBE_NAMES } from './runTabularAudit.js';
import { tabularItems } from './tabularItems.js';

/** n rows of d standard-normal features with labels from `label(i, row)`. */
function table(
  n: number,
  d: number,
  seed: number,
  label: (i: number, r: Float64Array) => number,
  extra?: (i: number, y: number) => number[],
): TabularAuditInput {
  const rng = substream(seed, 'table');
  const e = extra ? extra(0, 0).length : 0;
  const data = new Float64Array(n * (d + e));
  const y = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const r = new Float64Array(d);
    for (let j = 0; j < d; j++) r[j] = rng.normal();
    y[i] = label(i, r);
    const ex = extra ? extra(i, y[i]!) : [];
    data.set([...r, ...ex], i * (d + e));
  }
  const header = [
    ...Array.from({ length: d }, (_, j) => `f${j}`),
    ...Array.from({ length: e }, (_, j) => (j === 0 && extra ? 'record_id' : `e${j}`)),
  ];
  return { x: { rows: n, cols: d + e, data }, y, header };
}
const fired = (t: TabularAuditInput, opts = {}): string[] =>
  runTabularAudit(t, { permutations: 60, ...opts })
    .probes.filter((p) => p.fires)
    .map((p) => p.name);

describe('bestStump', () => {
  it('finds the hand-worked best threshold', () => {
    // values 1..6, labels 0 0 1 0 1 1: cut after 3 -> left {0,0,1} (2 hits), right {0,1,1} (2 hits) = 4;
    // cut after 2 -> left {0,0} 2 + right {1,0,1,1} 3 = 5 (best); cut after 4 -> 3 + 2 = 5 (tie, first kept)
    const f = buildStumpFeatures([Float64Array.of(1, 2, 3, 4, 5, 6)], ['v'], 0);
    const res = bestStump(f, Int32Array.of(0, 0, 1, 0, 1, 1), 2, ['0', '1'], true);
    expect(res.hits).toBe(5);
    expect(res.sign).toBe('v ≤ 2.5 → 0, else 1');
  });

  it('uses a value lookup for low-cardinality columns', () => {
    // levels a<b<c mapping to 0,1,0: no single threshold gets all 6; the lookup does.
    const f = buildStumpFeatures([Float64Array.of(0, 0, 1, 1, 2, 2)], ['cat']);
    expect(bestStump(f, Int32Array.of(0, 0, 1, 1, 0, 0), 2, ['0', '1'], true).hits).toBe(6);
  });
});

describe('runTabularAudit (both directions)', () => {
  it('random labels: nothing fires', () => {
    const rng = substream(3, 'labels');
    expect(fired(table(400, 5, 1, () => (rng.bernoulli(0.3) ? 1 : 0)))).toEqual([]);
  });

  it("the family-wise rule spans the tabular probes: bound ≥ each probe's own upper quantile", () => {
    const rng = substream(5, 'labels');
    const t = table(300, 4, 4, () => (rng.bernoulli(0.4) ? 1 : 0));
    const r = runTabularAudit(t, { permutations: 60 });
    expect(r.receipt.familyWise).toBe('max-t');
    expect(Number.isFinite(r.familyCritical)).toBe(true);
    for (const p of r.probes.filter((q) => q.covered >= 20)) {
      expect(p.threshold).toBeGreaterThanOrEqual(p.nullUpper - 1e-12);
      expect(p.threshold).toBeCloseTo(p.nullMean + r.familyCritical * p.nullSd, 12);
    }
    const none = runTabularAudit(t, { permutations: 60, familyWise: 'none' });
    for (const p of none.probes) expect(Object.is(p.threshold, p.nullUpper)).toBe(true);
  });

  it('labels sorted by row: row-order fires at 100 %', () => {
    const t = table(300, 4, 2, (i) => (i < 150 ? 0 : 1));
    const r = runTabularAudit(t, { permutations: 60 });
    const p = r.probes.find((q) => q.name === 'row-order')!;
    expect(p.accuracy).toBe(1);
    expect(p.fires).toBe(true);
    expect(fired(t)).toEqual(['row-order', 'label-sorted']); // sorted: both the position threshold and the label runs
  });

  it('an id column assigned by class fires id-column, not row order', () => {
    const rng = substream(5, 'y');
    const t = table(
      300,
      3,
      4,
      () => (rng.bernoulli(0.5) ? 1 : 0),
      (i, y) => [y === 1 ? 5000 + i : 1000 + i],
    );
    const r = runTabularAudit(t, { permutations: 60 });
    expect(r.probes.find((q) => q.name === 'id-column')!.sign).toMatch(/^record_id/);
    expect(fired(t)).toEqual(['id-column']);
  });

  it('a column that alone separates the label is a leak; a merely predictive one is not', () => {
    const leak = table(300, 4, 6, (_, r) => (r[0]! > 0 ? 1 : 0));
    expect(fired(leak)).toEqual(['leaked-column']);
    const rng = substream(7, 'noise');
    const predictive = table(300, 4, 8, (_, r) => (r[0]! + rng.normal() > 0 ? 1 : 0)); // ~75 % separable
    const p = runTabularAudit(predictive, { permutations: 60 }).probes.find((q) => q.name === 'leaked-column')!;
    expect(p.accuracy).toBeGreaterThan(p.nullUpper); // real signal, above its null ...
    expect(p.accuracy).toBeLessThan(0.98);
    expect(p.fires).toBe(false); // ... but not a leak
  });

  it('test rows copied from train with their labels fire duplicates', () => {
    const rng = substream(9, 'y');
    const t = table(300, 4, 10, () => (rng.bernoulli(0.5) ? 1 : 0));
    const copies = Array.from({ length: 60 }, (_, k) => k * 5);
    const tx = new Float64Array(copies.length * 4);
    copies.forEach((i, k) => tx.set(t.x.data.subarray(i * 4, i * 4 + 4), k * 4));
    const withTest = { ...t, test: { x: { rows: copies.length, cols: 4, data: tx }, y: Int32Array.from(copies, (i) => t.y[i]!) } };
    const p = runTabularAudit(withTest, { permutations: 60 }).probes.find((q) => q.name === 'duplicates')!;
    expect(p.covered).toBe(60);
    expect(p.accuracy).toBe(1);
    expect(p.fires).toBe(true);
  });

  it('within one file, exact copies vote on each other (leave-one-out)', () => {
    const data = new Float64Array(60 * 2);
    const y = new Int32Array(60);
    for (let i = 0; i < 60; i++) {
      data[i * 2] = i % 20;
      data[i * 2 + 1] = 0;
      y[i] = (i % 20) % 2;
    } // 20 distinct rows x 3 copies, label = parity
    const p = runTabularAudit({ x: { rows: 60, cols: 2, data }, y, header: ['a', 'b'] }, { permutations: 60 }).probes.find(
      (q) => q.name === 'duplicates',
    )!;
    expect(p.covered).toBe(60);
    expect(p.accuracy).toBe(1);
  });

  it('validates input and options', () => {
    const ok = table(30, 2, 1, (i) => i % 2);
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => runTabularAudit({ ...ok, y: new Int32Array(3) }))).toBe('SHAPE_MISMATCH');
    expect(code(() => runTabularAudit({ ...ok, header: ['a'] }))).toBe('SHAPE_MISMATCH');
    expect(code(() => runTabularAudit({ ...ok, y: new Int32Array(30).fill(-1) }))).toBe('BAD_INPUT');
    expect(code(() => runTabularAudit({ ...ok, classes: ['only'] }))).toBe('BAD_INPUT');
    expect(code(() => runTabularAudit(ok, { leakErrorRatio: 2 }))).toBe('BAD_OPTION');
    expect(code(() => runTabularAudit(ok, { probes: ['nope' as never] }))).toBe('BAD_OPTION');
    expect(code(() => runTabularAudit({ ...ok, x: { rows: 0, cols: 2, data: new Float64Array(0) }, y: new Int32Array(0) }))).toBe('EMPTY');
  });

  it('rows as items: the across-items null credits the label marginal, the within-item null would not', () => {
    const rng = substream(11, 'y');
    const t = table(300, 2, 12, () => (rng.bernoulli(0.8) ? 1 : 0)); // 80 % class 1, no signal
    const items = tabularItems(t);
    expect(items[0]!.candidates.map((c) => c.text)).toEqual(['0', '1']);
    const across = runAudit(items, { decisionNull: 'across-items', permutations: 60 }).probes.find((p) => p.name === 'position')!;
    expect(across.fires).toBe(false); // "always class 1" is the marginal, not a shortcut
    const within = runAudit(items, { permutations: 60 }).probes.find((p) => p.name === 'position')!;
    expect(within.fires).toBe(true); // against 1/2 it would look like one
  });
});

describe('csv audit of the shared datasets (skipped without ../shared/datasets)', () => {
  const compas = join(DATASETS, 'compas');
  it.skipIf(!existsSync(compas))('compas: duplicates covers exactly the test rows whose features appear in train', async () => {
    const src = await csvAdapter.load({ file: join(compas, 'compas-train.csv'), test: join(compas, 'compas-test.csv') });
    if (src.kind !== 'tabular') throw new Error('table expected');
    const report = runTabularAudit(src.table, { permutations: 20 });
    expect(report.probes.map((p) => p.name)).toEqual([...TABULAR_PROBE_NAMES]);
    // Independent count straight from the text files.
    const rows = (f: string): string[] =>
      readFileSync(join(compas, f), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, -1).join(','));
    const train = new Set(rows('compas-train.csv'));
    const dup = rows('compas-test.csv').filter((r) => train.has(r)).length;
    expect(report.probes.find((p) => p.name === 'duplicates')!.note).toBe(`${dup} of 1235 test rows copy a train row`);
    expect(report.probes.find((p) => p.name === 'leaked-column')!.fires).toBe(false);
  });
});

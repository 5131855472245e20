import { createRng } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { checkTestOrder } from './checkTestOrder.js';
import { parseCsv } from './parseCsv.js';
import { errorOf } from './__fixtures__/errorOf.js';

/** A small hand-made test file sorted by label: 100 rows of label 0, then 100 of label 1, x = row number. */
function sortedFile(): string {
  const lines = ['x,z,y'];
  for (let i = 0; i < 200; i++) lines.push(`${i},${i % 3},${i < 100 ? 0 : 1}`);
  return `${lines.join('\n')}\n`;
}

/** The same kind of table in a seeded random order (no order to find). */
function shuffledFile(rows: number): string {
  const rng = createRng(7);
  const lines = ['x,z,y'];
  for (let i = 0; i < rows; i++) lines.push(`${rng.normal()},${rng.int(3)},${rng.int(2)}`);
  return `${lines.join('\n')}\n`;
}

describe('checkTestOrder', () => {
  it('a file sorted by label: first rows all label 0, a 100-row run, a drifting feature', () => {
    const t = parseCsv(sortedFile(), { label: 'y' });
    const r = checkTestOrder({ x: t.x, y: t.y! }, 50, { featureNames: t.schema.names });
    expect(r.count).toBe(50);
    expect(r.labelRates.first).toEqual([1, 0]);
    expect(r.labelRates.all).toEqual([0.5, 0.5]);
    expect(r.maxRateGap).toBe(0.5);
    // A run of p = 1/2 labels reaching L has probability <= 200 * 2^-L: below 1e-6 from L = ceil(log2(2e8)) = 28.
    expect(r.longestRun).toEqual({ label: 0, length: 100, start: 0, limit: 28 });
    // Lag-1 autocorrelation of 0..N-1 is exactly 1 - 3/N.
    expect(r.featureLag1.feature).toBe(0);
    expect(r.featureLag1.r).toBeCloseTo(1 - 3 / 200, 12);
    expect(r.featureLag1.over).toBe(1); // z = i mod 3 alternates: negative autocorrelation, not drift
    expect(r.warnings).toHaveLength(1);
    const w = r.warnings[0]!;
    expect(w).toContain('first 50 of 200 test rows');
    expect(w).toContain('50.0 points (label 0: 100.0% vs 50.0%)');
    expect(w).toContain('label 0 runs for 100 rows from row 0');
    expect(w).toContain('"x"');
    expect(w).toContain("order: 'stratified'");
  });

  it('nothing to warn about when every row is used, or when the order is random', () => {
    const t = parseCsv(sortedFile(), { label: 'y' });
    expect(checkTestOrder({ x: t.x, y: t.y! }, 200).warnings).toEqual([]);
    expect(checkTestOrder({ x: t.x, y: t.y! }, 1000).count).toBe(200);
    const s = parseCsv(shuffledFile(2000), { label: 'y' });
    const r = checkTestOrder({ x: s.x, y: s.y! }, 500);
    expect(r.maxRateGap).toBeLessThan(0.05);
    expect(r.featureLag1.over).toBe(0);
    expect(r.longestRun.length).toBeLessThan(r.longestRun.limit);
    expect(r.warnings).toEqual([]);
  });

  it('label balance alone: 5 points is tolerated, more is not', () => {
    // 100 rows, labels alternate except that rows 0..19 hold 14 ones and 6 zeros (70% vs 50% overall).
    const y = new Int32Array(100);
    for (let i = 0; i < 100; i++) y[i] = i % 2;
    for (const i of [0, 2, 4, 6]) y[i] = 1; // 14 ones in the first 20 ...
    for (const i of [21, 23, 25, 27]) y[i] = 0; // ... and 50 overall
    const x = { rows: 100, cols: 1, data: Float64Array.from(y, (_, i) => (i * 37) % 100) };
    const r = checkTestOrder({ x, y }, 20);
    expect(r.labelRates.first[1]).toBeCloseTo(0.7, 12);
    expect(r.labelRates.all[1]).toBeCloseTo(0.5, 12);
    expect(r.maxRateGap).toBeCloseTo(0.2, 12);
    expect(r.warnings[0]).toContain('20.0 points');
    expect(checkTestOrder({ x, y }, 20, { balanceTolerance: 0.25 }).warnings).toEqual([]);
  });

  it('rejects bad arguments', () => {
    const t = parseCsv(sortedFile(), { label: 'y' });
    const split = { x: t.x, y: t.y! };
    expect(errorOf(() => checkTestOrder(split, 0))).toMatchObject({ code: 'BAD_OPTION', details: { arg: 'n' } });
    expect(errorOf(() => checkTestOrder(split, 10, { balanceTolerance: 2 }))).toMatchObject({
      code: 'BAD_OPTION',
      details: { arg: 'balanceTolerance' },
    });
    expect(errorOf(() => checkTestOrder(split, 10, { alpha: 0 }))).toMatchObject({ code: 'BAD_OPTION', details: { arg: 'alpha' } });
    expect(errorOf(() => checkTestOrder({ x: t.x, y: t.y!.subarray(0, 5) }, 10)).code).toBe('BAD_INPUT');
  });
});

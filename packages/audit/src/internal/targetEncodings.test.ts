import { describe, expect, it } from 'vitest';
import { generateDemoTable } from '../demo/generateDemoTable.js';
import { withTargetEncoding } from '../demo/withTargetEncoding.js';
import { runTabularAudit } from '../tabular/runTabularAudit.js';
import { targetLevelColumns } from './tabularRules.js';
import { categoryLevels, groupSpreads, smoothedInversionHits, spreadHits } from './targetEncodings.js';

const columnsOf = (t: ReturnType<typeof generateDemoTable>): Float64Array[] =>
  t.header.map((_, j) => Float64Array.from({ length: t.x.rows }, (_, i) => t.x.data[i * t.x.cols + j]!));
const targetProbe = (t: ReturnType<typeof generateDemoTable>) =>
  runTabularAudit(t, { permutations: 60 }).probes.find((p) => p.name === 'target-encoded')!;

describe('target encodings', () => {
  it('an m-estimate is inverted exactly with its own m per category, not with m = 0 (closed form)', () => {
    const t = withTargetEncoding(generateDemoTable({ seed: 301, rows: 600, testRows: 0, extras: false }), { kind: 'm-estimate', m: 20 });
    const cols = columnsOf(t);
    const levels = categoryLevels(cols, 20).find((l) => l.column === t.header.indexOf('segment_rate'))!;
    expect(levels.group).toBe(t.header.indexOf('segment'));
    expect(levels.covered).toBe(600);
    const sums = new Float64Array(levels.size.length);
    expect(smoothedInversionHits(levels, t.y, sums, 20)).toBe(levels.covered);
    expect(smoothedInversionHits(levels, t.y, sums, 0)).toBeLessThan(levels.covered);
    // The plain mean by value (the 0.2 rule) stays exact for a plain mean.
    const plain = withTargetEncoding(generateDemoTable({ seed: 301, rows: 600, testRows: 0, extras: false }), { kind: 'mean' });
    const byValue = targetLevelColumns(columnsOf(plain), 20)[0]!;
    expect(smoothedInversionHits(byValue, plain.y, new Float64Array(byValue.size.length), 0)).toBe(byValue.covered);
  });

  it('leave-one-out: the lower value within a segment is exactly the rows labelled 1', () => {
    const t = withTargetEncoding(generateDemoTable({ seed: 302, rows: 600, testRows: 0, extras: false }), { kind: 'loo', m: 5 });
    const cols = columnsOf(t);
    const s = groupSpreads(cols, 20).find((g) => g.column === t.header.indexOf('segment_rate') && g.group === t.header.indexOf('segment'))!;
    // Covered: rows of segments holding both labels (counted here directly).
    const seg = cols[t.header.indexOf('segment')]!;
    const mixed = new Set<number>();
    for (const lv of new Set(seg)) {
      const ys = new Set(t.y.filter((_, i) => seg[i] === lv));
      if (ys.size === 2) mixed.add(lv);
    }
    expect(s.covered).toBe(seg.filter((v) => mixed.has(v)).length);
    expect(spreadHits(s, t.y, 'lower')).toBe(s.covered);
    expect(spreadHits(s, t.y, 'higher')).toBe(0);
  });

  it('the audit fires target-encoded on leave-one-out and smoothed encodings, naming the columns; not on the clean table', () => {
    const base = generateDemoTable({ seed: 303, rows: 600, testRows: 0 });
    const loo = targetProbe(withTargetEncoding(base, { kind: 'loo' }));
    expect(loo.fires).toBe(true);
    expect(loo.fields).toEqual(['segment_rate', 'segment']);
    expect(loo.fix).toMatch(/leave-one-out/);
    const smooth = targetProbe(withTargetEncoding(base, { kind: 'm-estimate', m: 10 }));
    expect(smooth.fires).toBe(true);
    expect(smooth.sign).toMatch(/m = 10/);
    expect(targetProbe(base).fires).toBe(false);
  });
});

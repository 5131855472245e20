import { describe, expect, it } from 'vitest';
import { generateDemoTable } from '../demo/generateDemoTable.js';
import { runTabularAudit } from './runTabularAudit.js';

// A small version of `node bench/familywise.mjs 400 tables` (docs/scoring.md, False alarms): tables
// without a shortcut — legitimate signal or random labels, with and without a test split,
// categorical / rate / missing-at-random columns — rarely show any firing probe.
describe('tabular false alarms (small run; the 400-table figures are in docs/scoring.md)', () => {
  for (const labels of ['model', 'random'] as const) {
    it(`${labels === 'model' ? 'clean' : 'random-label'} tables: at most 1 of 30 has a firing probe`, () => {
      let any = 0;
      for (let k = 0; k < 30; k++) {
        const t = generateDemoTable({
          seed: 50_000 + k,
          labels,
          rows: 200 + 100 * (k % 3),
          features: 3 + (k % 6),
          positive: k % 3 === 0 ? 0.3 : 0.5,
          extras: k % 2 === 0,
          testRows: k % 4 < 2 ? 80 : 0,
        });
        const r = runTabularAudit(t, { seed: k, permutations: 60 });
        if (r.probes.some((p) => p.fires)) any++;
      }
      expect(any).toBeLessThanOrEqual(1);
    });
  }
  it('generateDemoTable: shape, class balance, options checked', () => {
    const t = generateDemoTable({ rows: 2000, testRows: 0, features: 4, positive: 0.3, seed: 2 });
    expect(t.header).toEqual(['x0', 'x1', 'x2', 'x3', 'region', 'region_rate']);
    expect(t.test).toBeUndefined();
    const share = t.y.reduce((a, v) => a + v, 0) / t.y.length;
    expect(share).toBeGreaterThan(0.26);
    expect(share).toBeLessThan(0.34);
    expect(() => generateDemoTable({ row: 3 } as never)).toThrow(expect.objectContaining({ code: 'BAD_OPTION' }));
  });
});

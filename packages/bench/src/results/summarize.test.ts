import { describe, expect, it } from 'vitest';
import type { ResultRow } from './resultRow.js';
import { summarize, summaryToJson } from './summarize.js';
import { summaryToCsv } from './summaryCsv.js';

function row(explainer: string, kind: ResultRow['kind'], instance: number, metrics: ResultRow['metrics'], group?: number): ResultRow {
  return {
    unit: `d/lr/${explainer}/0`,
    lines: 0,
    dataset: 'synthetic',
    model: 'lr',
    explainer,
    kind,
    instance,
    metrics,
    ...(group !== undefined ? { group } : {}),
  };
}

// grad: FA 0.2, 0.4, 0.9 -> mean 0.5, sample sd sqrt(((−.3)²+(−.1)²+(.4)²)/2) = sqrt(0.13), se = sqrt(0.13/3)
const rows: ResultRow[] = [
  row('grad', 'explainer', 0, { FA: 0.2, PGU: 0.1, RIS: 1 }, 0),
  row('grad', 'explainer', 1, { FA: 0.4, PGU: 0.3, RIS: 4 }, 1),
  row('grad', 'explainer', 2, { FA: 0.9, PGU: null, RIS: 16 }, 1),
  row('grad', 'null', 0, { FA: 0.1, PGU: 0.5 }),
  row('grad', 'null', 1, { FA: 0.1, PGU: 0.5 }),
  row('floor-a', 'floor', 0, { FA: 0.3, PGU: 0.4, RIS: 2 }),
  row('floor-b', 'floor', 0, { FA: 0.6, PGU: 0.25, RIS: 'Infinity' }),
];

describe('summarize', () => {
  const s = summarize(rows, { groupNames: { synthetic: ['f', 'm'] } });
  const cell = (e: string, kind: string, m: string) => s.cells.find((c) => c.explainer === e && c.kind === kind && c.metric === m)!;

  it('computes mean, SE and counts undefined values', () => {
    const fa = cell('grad', 'explainer', 'FA');
    expect(fa.mean).toBeCloseTo(0.5, 12);
    expect(fa.se).toBeCloseTo(Math.sqrt(0.13 / 3), 12);
    expect(fa.count).toBe(3);
    const pgu = cell('grad', 'explainer', 'PGU');
    expect(pgu.count).toBe(2);
    expect(pgu.undefined).toBe(1);
    expect(pgu.mean).toBeCloseTo(0.2, 12);
  });
  it('reports stability on the log scale with quartiles', () => {
    const ris = cell('grad', 'explainer', 'RIS');
    expect(ris.logMean).toBeCloseTo(Math.log(7), 12);
    expect(ris.median).toBe(4);
    expect(ris.q25).toBeCloseTo(2.5, 12); // linear interpolation between 1 and 4
    expect(ris.q75).toBeCloseTo(10, 12);
  });
  it('takes the best floor by the metric direction and lifts over floor and null', () => {
    const fa = s.controls.find((c) => c.explainer === 'grad' && c.metric === 'FA')!;
    expect(fa.floorExplainer).toBe('floor-b'); // higher is better
    expect(fa.liftOverFloor).toBeCloseTo(0.5 - 0.6, 12);
    expect(fa.null).toBeCloseTo(0.1, 12);
    expect(fa.liftOverNull).toBeCloseTo(0.4, 12);
    const pgu = s.controls.find((c) => c.explainer === 'grad' && c.metric === 'PGU')!;
    expect(pgu.floorExplainer).toBe('floor-b'); // lower is better: 0.25 < 0.4
    expect(pgu.liftOverFloor).toBeCloseTo(0.25 - 0.2, 12);
    const ris = s.controls.find((c) => c.explainer === 'grad' && c.metric === 'RIS')!;
    expect(ris.floorExplainer).toBe('floor-a'); // 2 < Infinity
    expect(ris.liftOverFloor).toBeCloseTo(Math.log(2) - Math.log(7), 12);
    expect(ris.null).toBeNull();
  });
  it('gives each lift the SE of the paired per-instance differences, over the instances both rows define', () => {
    const fa = s.controls.find((c) => c.explainer === 'grad' && c.metric === 'FA')!;
    // Null pairs: instances 0 and 1, differences 0.2 − 0.1 = 0.1 and 0.4 − 0.1 = 0.3: sd √0.02, SE √0.02 / √2 = 0.1.
    expect(fa.liftOverNullSe).toBeCloseTo(0.1, 12);
    // The floor has instance 0 only: one pair, no SE. Stability lifts are on the ln scale of the means: none.
    expect(fa.liftOverFloorSe).toBeNull();
    expect(s.controls.find((c) => c.explainer === 'grad' && c.metric === 'RIS')!.liftOverFloorSe).toBeNull();
    // PGU of instance 2 is undefined: pairs 0 and 1 against the null, differences −0.4 and −0.2: SE 0.1.
    expect(s.controls.find((c) => c.explainer === 'grad' && c.metric === 'PGU')!.liftOverNullSe).toBeCloseTo(0.1, 12);
  });
  it('summarizes subgroups with their names', () => {
    const fa = s.subgroups.filter((g) => g.metric === 'FA');
    expect(fa.map((g) => [g.groupName, g.count])).toEqual([
      ['f', 1],
      ['m', 2],
    ]);
    expect(fa[1]!.mean).toBeCloseTo(0.65, 12);
  });
  it('does not depend on row order, and writes NaN as null', () => {
    expect(summaryToJson(summarize([...rows].reverse(), { groupNames: { synthetic: ['f', 'm'] } }))).toBe(summaryToJson(s));
    const one = summarize([row('grad', 'explainer', 0, { FA: 0.2 })]);
    expect(summaryToJson(one)).toMatch(/"se": null/);
  });
  it('writes one CSV line per cell with the controls beside explainer lines', () => {
    const csv = summaryToCsv(s).trim().split('\n');
    expect(csv[0]).toMatch(/^dataset,model,explainer,kind,metric,mean,se,count,undefined,/);
    expect(csv).toHaveLength(1 + s.cells.length);
    const fa = csv.find((l) => l.startsWith('synthetic,lr,grad,explainer,FA,'))!.split(',');
    expect(fa[16]).toBe('0.6'); // floor
    expect(fa[17]).toBe('floor-b');
  });
  it('names its SE conventions and uses summary.json key names (one casing) in summary.csv', () => {
    const json = JSON.parse(summaryToJson(s)) as {
      conventions: Record<string, string>;
      cells: Record<string, unknown>[];
      controls: Record<string, unknown>[];
    };
    expect(Object.keys(json.conventions)).toEqual(['se', 'logSe']);
    expect(json.conventions.se).toContain('sqrt(count)');
    const header = summaryToCsv(s).split('\n')[0]!.split(',');
    const keys = new Set([
      ...json.cells.flatMap((c) => Object.keys(c)),
      ...json.controls.flatMap((c) => Object.keys(c)),
      'planned',
      'partial',
      'seConvention',
      'runPartial',
      // Per dataset x model, from summary.json's models[] (the manifest's notes).
      'approximateGradients',
      'modelProblem',
    ]);
    for (const h of header) expect(keys.has(h), h).toBe(true);
    expect(header.every((h) => /^[a-z][a-zA-Z0-9]*$/.test(h))).toBe(true); // camelCase, no snake_case
  });
});

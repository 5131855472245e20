import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { chartSpecs } from './chartSpecs.js';
import { reportMarkdown } from './reportMarkdown.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize } from '../results/summarize.js';

const metrics = { PRA: 0.9, RC: 0.8, FA: 0.7, RA: 0.6, SA: 0.5, SRA: 0.4, PGU: 0.02, PGI: 0.3, RIS: 2, ROS: 3 };
function rows(explainer: string, kind: ResultRow['kind'], scale: number): ResultRow[] {
  return [0, 1].map((i) => ({
    unit: '',
    lines: 0,
    dataset: 'adult',
    model: 'lr',
    explainer,
    kind,
    instance: i,
    group: i,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v * scale * (1 + i / 10)])),
  }));
}
const all = [...rows('grad', 'explainer', 1), ...rows('grad', 'null', 0.5), ...rows('floor-global', 'floor', 0.8)];
const manifest = {
  identityHash: 'ab'.repeat(32),
  floors: ['floor-global'],
  config: resolveBenchConfig({}, {}),
  datasets: [
    {
      id: 'adult',
      instances: 2,
      trainRows: 10,
      testRows: 2,
      features: 13,
      hash: 'cd'.repeat(32),
      groundTruth: { lr: 'model' },
      sensitive: { name: 'sex', groups: ['female', 'male'] },
    },
  ],
  models: [{ dataset: 'adult', model: 'lr', hash: 'ef'.repeat(32), path: '', cached: false }],
} as unknown as RunManifest;

describe('reportMarkdown', () => {
  const summary = summarize(all, { groupNames: { adult: ['female', 'male'] }, bootstrap: 50 });
  const md = reportMarkdown(summary, manifest);

  it('has one compact row per explainer and metric: score ± SE, n, floor, null, lifts as columns', () => {
    expect(md).toContain(
      '| metric | explainer | score: mean ± SE (sd/√n); stability ln mean ± SE/mean | n | floor (best shortcut) | null (permuted) | lift vs floor | lift vs null |',
    );
    // FA of grad: 0.7 and 0.77 -> mean 0.735, se = |0.77 − 0.7| / 2 = 0.035; floor 0.8x, null 0.5x.
    const fa = md.split('\n').find((l) => l.startsWith('| FA | Gradient (grad) |'))!;
    expect(fa).toBe(
      `| FA | Gradient (grad) | 0.735 ± 0.035 | 2 | ${(0.8 * 0.735).toFixed(3)} ± ${(0.8 * 0.035).toFixed(3)} (floor-global) | ${(0.5 * 0.735).toFixed(3)} ± ${(0.5 * 0.035).toFixed(3)} | +${(0.735 * 0.2).toFixed(3)} | +${(0.735 * 0.5).toFixed(3)} |`,
    );
    // stability as ln(mean): RIS values 2 and 2.2 -> ln 2.1; its null is the score itself.
    const ris = md.split('\n').find((l) => l.startsWith('| RIS | Gradient (grad) |'))!;
    expect(ris).toContain(`${Math.log(2.1).toFixed(2)} ± `);
    expect(ris).toContain('= score (perm.-inv.)');
    expect(md).not.toMatch(/↳/); // no per-explainer control rows any more
  });
  it('has a legend saying what each metric measures and which direction is better', () => {
    expect(md).toMatch(/\| PGU↓ \| prediction gap on unimportant features[^|]*\| lower ↓ \|/);
    expect(md).toMatch(/\| FA \| feature agreement[^|]*\| higher ↑ \|/);
  });
  it('has subgroup means with the disparity and its interval', () => {
    expect(md).toContain('**Subgroups** (sex)');
    expect(md).toMatch(/\| female \| male \| disparity \(female − male\) \\\[95% CI\\\] \|/);
  });
  it('names the ground truth and the hashes, and holds no timings', () => {
    expect(md).toContain("ground truth: the LR model's own weights");
    expect(md).toContain('`abababababababab`');
    expect(md).not.toMatch(/\d+(\.\d+)? s\b|elapsed|seconds/);
  });
  it('makes one chart per metric and one subgroup chart per metric', () => {
    const charts = chartSpecs(summary);
    expect(charts.filter((c) => c.kind === 'metric').map((c) => c.metric)).toEqual(Object.keys(metrics));
    expect(charts.filter((c) => c.kind === 'subgroup')).toHaveLength(Object.keys(metrics).length);
    const fa = charts.find((c) => c.id === 'chart-adult-lr-FA')!.spec as { layer: unknown[] };
    expect(fa.layer).toHaveLength(4); // bars, error bars, null ticks, floor rule
  });
});

import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from './benchConfig';
import { chartSpecs } from './chartSpecs';
import { reportMarkdown } from './reportMarkdown';
import type { ResultRow } from './resultRow';
import type { RunManifest } from './runManifest';
import { summarize } from './summarize';

const metrics = { PRA: 0.9, RC: 0.8, FA: 0.7, RA: 0.6, SA: 0.5, SRA: 0.4, PGU: 0.02, PGI: 0.3, RIS: 2, ROS: 3 };
function rows(explainer: string, kind: ResultRow['kind'], scale: number): ResultRow[] {
  return [0, 1].map((i) => ({
    unit: '', lines: 0, dataset: 'adult', model: 'lr', explainer, kind, instance: i, group: i,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v * scale * (1 + i / 10)])),
  }));
}
const all = [...rows('grad', 'explainer', 1), ...rows('grad', 'null', 0.5), ...rows('floor-global', 'floor', 0.8)];
const manifest = {
  identityHash: 'ab'.repeat(32), floors: ['floor-global'], config: resolveBenchConfig({}, {}),
  datasets: [{ id: 'adult', instances: 2, trainRows: 10, testRows: 2, features: 13, hash: 'cd'.repeat(32), groundTruth: { lr: 'model' }, sensitive: { name: 'sex', groups: ['female', 'male'] } }],
  models: [{ dataset: 'adult', model: 'lr', hash: 'ef'.repeat(32), path: '', cached: false }],
} as unknown as RunManifest;

describe('reportMarkdown', () => {
  const summary = summarize(all, { groupNames: { adult: ['female', 'male'] }, bootstrap: 50 });
  const md = reportMarkdown(summary, manifest);

  it('has the paper-shaped tables with value ± SE cells', () => {
    expect(md).toContain('| explainer (mean ± SE, SE = sd/√n) | PRA | RC | FA | RA | SA | SRA | PGU↓ | PGI↑ |');
    expect(md).toContain('| explainer (ln mean ± SE/mean) | RIS | ROS |');
    // FA of grad: 0.7 and 0.77 -> mean 0.735, se = |0.77 − 0.7| / 2 = 0.035
    expect(md).toMatch(/\| Gradient \(`grad`\) \| [^\n]*0\.735 ± 0\.035/);
    // stability as ln(mean): RIS values 2 and 2.2 -> ln 2.1
    expect(md).toContain(`${Math.log(2.1).toFixed(2)} ± `);
  });
  it('puts the null, the lift and the floor beside the explainer', () => {
    expect(md).toMatch(/\| ↳ null \(permuted\) \|/);
    expect(md).toMatch(/\| ↳ lift vs floor \/ null \| [+−]/);
    expect(md).toMatch(/\| \*\*floor\*\* \(best of `floor-global`\) \|/);
    // FA lift over the floor: 0.735 − 0.8·0.735
    expect(md).toContain(`+${(0.735 * 0.2).toFixed(3)} / +${(0.735 * 0.5).toFixed(3)}`);
  });
  it('has subgroup means with the disparity and its interval', () => {
    expect(md).toContain('**Subgroups** (sex)');
    expect(md).toMatch(/\| female \| male \| disparity \(female − male\) \[95% CI\] \|/);
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

// The extended metrics in the bench: `--metrics all` adds the extended metric families, grouped by family
// in the report with direction marks, floors and nulls (and the note where a null is not
// meaningful); closed forms on LR check the wiring: grad on LR is p(1 − p)(w_c − w_other), so
// its SPARSENESS is the Gini index of |w1 − w0| on every instance and its Kendall's τ against
// LR's own (signed) weights is 1.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-extended-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function gini(v: number[]): number {
  const a = v.map(Math.abs).sort((x, y) => x - y);
  const d = a.length;
  const total = a.reduce((s, x) => s + x, 0);
  return a.reduce((s, x, k) => s + (2 * (k + 1) - d - 1) * x, 0) / (d * total);
}

describe('xai bench --metrics all', () => {
  const out = join(dir, 'run');
  let md: string;
  let rows: { model: string; explainer: string; kind: string; instance: number; metrics: Record<string, number | string | null> }[];
  let summary: {
    cells: { model: string; explainer: string; kind: string; metric: string; mean: number }[];
    controls: { model: string; explainer: string; metric: string; floor: number | null; null: number | null }[];
  };
  beforeAll(() => {
    assertBuilt();
    const r = runCliSync([
      'bench',
      '--metrics',
      'all',
      '--explainers',
      'grad,occlusion',
      '--models',
      'lr',
      '--instances',
      '6',
      '--stability-neighbours',
      '3',
      '--stability-samples',
      '30',
      '--workers',
      '1',
      '--cache-dir',
      join(dir, 'cache'),
      '--out',
      out,
    ]);
    if (r.code !== 0) throw new Error(r.stderr);
    md = readFileSync(join(out, 'report.md'), 'utf8');
    rows = readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  });

  it('groups the extended metrics by family with direction marks, and says where a null is not meaningful', () => {
    for (const t of [
      'Faithfulness (extended)',
      'Robustness (extended)',
      'Localisation against the ground truth (extended)',
      'Complexity (extended)',
      'Randomisation / sanity checks (extended)',
      'Axiomatic (extended)',
      'Rank agreement (extended)',
    ])
      expect(md).toContain(`### ${t}: mean ± SE`);
    expect(md).toMatch(/\| INFIDELITY ↓ \|/);
    expect(md).toMatch(/\| SPARSENESS ↑ \|/);
    expect(md).toMatch(/¹ SPARSENESS null: not meaningful/);
    // the OpenXAI eleven are still there
    expect(md).toMatch(/\| PGI ↑ \| Gradient \(grad\) \|/);
  });

  it('every extended metric has explainer values, a floor, and a null exactly where meaningful', async () => {
    const { EXTENDED_METRIC_IDS, extendedMetrics } = await import('@xai/metrics');
    for (const id of EXTENDED_METRIC_IDS) {
      const cell = summary.cells.find((c) => c.explainer === 'grad' && c.kind === 'explainer' && c.metric === id);
      expect(cell, id).toBeDefined();
      const ctl = summary.controls.find((c) => c.explainer === 'grad' && c.metric === id);
      expect(ctl?.floor, `${id} floor`).not.toBeNull();
      const hasNull = summary.cells.some((c) => c.explainer === 'grad' && c.kind === 'null' && c.metric === id);
      expect(hasNull, `${id} null`).toBe(extendedMetrics[id].info.nullMeaningful);
    }
  });

  it('closed forms on LR: SPARSENESS(grad) = Gini(|w1 − w0|), KENDALL_TAU(grad, own weights) = 1', () => {
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    const lr = JSON.parse(readFileSync(manifest.models.find((m: { model: string }) => m.model === 'lr').path, 'utf8'));
    const w = lr.layers[0].weight as number[][];
    const want = gini(w[1]!.map((v, j) => v - w[0]![j]!));
    const grad = rows.filter((r) => r.explainer === 'grad' && r.kind === 'explainer');
    expect(grad).toHaveLength(6);
    for (const r of grad) {
      expect(r.metrics.SPARSENESS as number).toBeCloseTo(want, 10);
      expect(r.metrics.KENDALL_TAU as number).toBeCloseTo(1, 12);
    }
  });

  it('the default metric set is unchanged (no extended metric unless asked for)', async () => {
    const { resolveBenchConfig } = await import('../src/config/benchConfig.js');
    expect(resolveBenchConfig({}, {}).metrics).toEqual(['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA', 'PGU', 'PGI', 'RIS', 'RRS', 'ROS']);
    const { EXTENDED_METRIC_IDS } = await import('@xai/metrics');
    expect(resolveBenchConfig({}, { metrics: 'all' }).metrics).toHaveLength(11 + EXTENDED_METRIC_IDS.length);
    expect(resolveBenchConfig({}, { explainers: 'grad,deeplift,ig-sg' }).explainers).toEqual(['grad', 'ig-sg', 'deeplift']);
    expect(resolveBenchConfig({}, { explainers: 'all' }).explainers).toHaveLength(7);
  });
});

// The protocol in one run: per-explainer / per-family instance counts, merging runs that computed
// different cells (refusing conflicting ones), and --save-explanations (toy engine).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { mergeRuns } from '../results/mergeRuns.js';
import { instancesFor, planUnits } from './planUnits.js';
import { encodeResultLine } from '../results/resultLine.js';
import { loadResults } from '../results/resultsFile.js';
import { runBench } from './runBench.js';
import { readF64 } from '../results/saveExplanations.js';
import type { Summary } from '../results/summarize.js';

const engine = new URL('../__fixtures__/toyEngine.ts', import.meta.url);
const quiet = { engine, log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream };
const base = { datasets: 'synthetic', models: 'lr', blockSize: '4', workers: '1' };
const count = (s: Summary, explainer: string, metric: string, kind = 'explainer'): number | undefined =>
  s.cells.find((c) => c.explainer === explainer && c.metric === metric && c.kind === kind)?.count;

describe('instance counts per explainer and per metric family', () => {
  it('parses flags and config maps into one canonical override list', () => {
    const a = resolveBenchConfig({ stabilityInstances: { shap: 100, lime: 100 } }, { instances: '1000', explainerInstances: 'sg=500' });
    const b = resolveBenchConfig({}, { instances: '1000', stabilityInstances: 'lime=100,shap=100', explainerInstances: 'sg=500' });
    expect(a.instanceOverrides).toEqual(b.instanceOverrides);
    expect(a.instanceOverrides).toEqual([
      { explainer: 'sg', family: '*', instances: 500 },
      { explainer: 'shap', family: 'stability', instances: 100 },
      { explainer: 'lime', family: 'stability', instances: 100 },
    ]);
    expect(resolveBenchConfig({}, { stabilityInstances: '50' }).instanceOverrides).toEqual([
      { explainer: '*', family: 'stability', instances: 50 },
    ]);
    for (const bad of [{ stabilityInstances: 'lime=0' }, { explainerInstances: '100' }, { stabilityInstances: 'nosuch=5' }]) {
      expect(() => resolveBenchConfig({}, bad)).toThrow(/stabilityInstances|explainerInstances/);
    }
  });

  it('the most specific override wins', () => {
    const o = resolveBenchConfig(
      {},
      { stabilityInstances: '50', explainerInstances: 'lime=200', groundTruthInstances: 'lime=7' },
    ).instanceOverrides;
    expect(instancesFor(o, 1000, 'grad', 'stability')).toBe(50);
    expect(instancesFor(o, 1000, 'grad', 'prediction')).toBe(1000);
    expect(instancesFor(o, 1000, 'lime', 'stability')).toBe(200); // explainer beats family
    expect(instancesFor(o, 1000, 'lime', 'ground-truth')).toBe(7);
  });

  it('plans blocks over the largest count and limits each family inside them', () => {
    const units = planUnits({
      datasets: [{ id: 'synthetic', instances: 30, testRows: 40 }],
      models: ['lr'],
      explainers: ['grad', 'lime'],
      blockSize: 4,
      instanceOverrides: [{ explainer: 'lime', family: 'stability', instances: 10 }],
      defaultInstances: 30,
      metrics: ['FA', 'RIS'],
    });
    const lime = units.filter((u) => u.explainer === 'lime');
    expect(lime.map((u) => [u.start, u.end, u.limits?.stability])).toEqual([
      [0, 4, undefined],
      [4, 8, undefined],
      [8, 12, 10],
      [12, 16, 12],
      [16, 20, 16],
      [20, 24, 20],
      [24, 28, 24],
      [28, 30, 28],
    ]);
    expect(units.filter((u) => u.explainer === 'grad').every((u) => u.limits === undefined)).toBe(true);
  });

  it('one run, one folder: lime stability on 10 instances, everything else on 30', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xai-protocol-')), 'run');
    const r = await runBench(
      resolveBenchConfig(
        {},
        { ...base, instances: '30', explainers: 'grad,lime', metrics: 'FA,PGI,RIS', stabilityInstances: 'lime=10', out },
      ),
      quiet,
    );
    expect(count(r.summary, 'lime', 'RIS')).toBe(10);
    expect(count(r.summary, 'lime', 'FA')).toBe(30);
    expect(count(r.summary, 'grad', 'RIS')).toBe(30);
    expect(r.summary.coverage?.partial).toBe(false);
    expect(r.summary.cells.every((c) => c.partial === false)).toBe(true);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain('first 30 test instances (lime stability: 10)');
  });
});

describe('xai merge of runs that computed different cells', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-merge-cells-'));
  const a = join(dir, 'a');
  const b = join(dir, 'b');
  beforeAll(async () => {
    await runBench(resolveBenchConfig({}, { ...base, instances: '12', explainers: 'grad', metrics: 'FA', out: a }), quiet);
    await runBench(resolveBenchConfig({}, { ...base, instances: '8', explainers: 'grad,lime', metrics: 'FA,RIS', out: b }), quiet);
  });

  it('combines them cell by cell into one folder', async () => {
    const { summary, manifest } = await mergeRuns([a, b], join(dir, 'ab'));
    expect(count(summary, 'grad', 'FA')).toBe(12);
    expect(count(summary, 'grad', 'RIS')).toBe(8);
    expect(count(summary, 'lime', 'RIS')).toBe(8);
    expect(manifest.config.explainers).toEqual(['grad', 'lime']);
    expect(summary.coverage?.partial).toBe(false);
    const loaded = loadResults(join(dir, 'ab', 'results.jsonl'));
    expect(loaded.damaged).toEqual([]);
    expect(loaded.incompleteUnits).toEqual([]);
  });

  it('refuses a conflicting cell, naming it', async () => {
    const path = join(b, 'results.jsonl');
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    const row = JSON.parse(lines[0]!.replace(/,"crc":"[0-9a-f]{8}"\}$/, '}'));
    row.metrics.FA = 0.123456;
    lines[0] = encodeResultLine(row);
    writeFileSync(path, `${lines.join('\n')}\n`);
    const e = await mergeRuns([a, b], join(dir, 'bad')).then(
      () => null,
      (x: Error) => x,
    );
    expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
    expect(e!.message).toContain(`conflicting cell ${row.dataset}/${row.model}/${row.explainer}/${row.kind}/${row.instance} FA`);
  });

  it('refuses runs with another seed', async () => {
    const c = join(dir, 'c');
    await runBench(resolveBenchConfig({}, { ...base, instances: '4', explainers: 'grad', metrics: 'FA', seed: '3', out: c }), quiet);
    await expect(mergeRuns([a, c], join(dir, 'ac'))).rejects.toThrow(/is a different run .*seed 3 vs 0/);
  });
});

describe('--save-explanations', () => {
  it('writes CSV and .f64 + JSON header per dataset x model x explainer', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xai-expl-')), 'run');
    await runBench(
      resolveBenchConfig(
        {},
        { ...base, instances: '6', explainers: 'grad,lime', metrics: 'FA', saveExplanations: true, out, workers: '2' },
      ),
      quiet,
    );
    const { header, data } = readF64(join(out, 'explanations', 'synthetic-lr-lime.f64'));
    expect(header).toMatchObject({ rows: 6, cols: 4, dataset: 'synthetic', model: 'lr', explainer: 'lime', dtype: 'float64' });
    expect(header.instances).toEqual([0, 1, 2, 3, 4, 5]);
    // The toy engine's attributions: instance i, feature j -> i + j / 10.
    expect([...data]).toEqual(Array.from({ length: 24 }, (_, k) => Math.floor(k / 4) + (k % 4) / 10));
    const csv = readFileSync(join(out, 'explanations', 'synthetic-lr-grad.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('instance,x0,x1,x2,x3');
    expect(csv[6]).toBe('5,5,5.1,5.2,5.3');
  });
});

// The real pipeline (data, models, explainers, metrics, floors, nulls) through the built CLI on
// a tiny configuration: results independent of workers and shards, receipts complete, and
// closed-form facts of the wiring (a constant explanation is perfectly stable; the gradient of
// an LR agrees exactly with the LR's own weights once signed for the predicted class).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadResults } from '../src/results/resultsFile.js';
import { assertBuilt, exited, runCliSync, sleep, startCli } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-real-'));
const cache = join(dir, 'cache');
const TINY = [
  '--instances',
  '6',
  '--block-size',
  '3',
  '--explainers',
  'control,grad,lime',
  '--metrics',
  'FA,SA,PGU,PGI,RIS,RRS,ROS',
  '--stability-neighbours',
  '4',
  '--stability-samples',
  '40',
  '--cache-dir',
  cache,
];
const SHARED = fileURLToPath(new URL('../../../../shared/datasets', import.meta.url));
const FILES = ['results.jsonl', 'summary.json', 'summary.csv', 'report.md', 'report.html'];

/** TINY with every flag that `extra` gives again left out (a value flag may be given once). */
function withOverrides(extra: readonly string[]): string[] {
  const base: string[] = [];
  for (let k = 0; k < TINY.length; k += 2) if (!extra.includes(TINY[k]!)) base.push(TINY[k]!, TINY[k + 1]!);
  return [...base, ...extra];
}

function bench(out: string, extra: string[] = []): string {
  const r = runCliSync(['bench', ...withOverrides(extra), '--out', out]);
  if (r.code !== 0) throw new Error(`xai bench failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

describe('xai bench, real pipeline (tiny config)', () => {
  const one = join(dir, 'one');
  beforeAll(() => {
    assertBuilt();
    bench(one, ['--workers', '1']); // also trains LR + ANN into the cache
  });

  it('gives byte-identical outputs on 2 workers and from 2 shards + merge', () => {
    const two = join(dir, 'two');
    bench(two, ['--workers', '2']);
    bench(join(dir, 's1'), ['--shard', '1/2']);
    bench(join(dir, 's2'), ['--shard', '2/2']);
    const merged = join(dir, 'merged');
    expect(runCliSync(['merge', join(dir, 's1'), join(dir, 's2'), '--out', merged]).code).toBe(0);
    for (const f of FILES) {
      const ref = readFileSync(join(one, f), 'utf8');
      expect(readFileSync(join(two, f), 'utf8'), f).toBe(ref);
      expect(readFileSync(join(merged, f), 'utf8'), f).toBe(ref);
    }
  });

  it('writes a complete receipt', () => {
    const m = JSON.parse(readFileSync(join(one, 'manifest.json'), 'utf8'));
    expect(m.status).toBe('complete');
    expect(m.versions['@xai/models']).toMatch(/^\d+\.\d+\.\d+/);
    expect(m.cores).toBeGreaterThan(0);
    expect(m.datasets[0].id).toBe('synthetic');
    expect(m.datasets[0].hash).toMatch(/^[0-9a-f]{64}$/);
    for (const model of m.models) {
      expect(model.hash).toBe(createHash('sha256').update(readFileSync(model.path)).digest('hex'));
    }
    expect(m.floors).toEqual(expect.arrayContaining(['floor-global', 'floor-variance']));
    expect(Object.keys(m.invocations[0].stages)).toEqual(['prepare', 'units', 'report']);
    expect(m.plan.units).toBe(2 * (3 + m.floors.length) * 2);
  });

  it('scores what applies: RRS only for the ANN, nulls beside explainers, floors constant and so perfectly stable', () => {
    const rows = loadResults(join(one, 'results.jsonl')).rows;
    expect(rows.filter((r) => r.model === 'lr').every((r) => !('RRS' in r.metrics))).toBe(true);
    expect(rows.filter((r) => r.model === 'ann' && r.kind !== 'null').every((r) => 'RRS' in r.metrics)).toBe(true);
    expect(rows.filter((r) => r.kind === 'null').every((r) => !('RIS' in r.metrics) && 'FA' in r.metrics)).toBe(true);
    for (const r of rows.filter((x) => x.kind === 'floor')) {
      expect(r.metrics.RIS, `${r.explainer} ${r.model} ${r.instance}`).toBe(0);
      expect(r.metrics.ROS).toBe(0);
    }
    const md = readFileSync(join(one, 'report.md'), 'utf8');
    expect(md).toContain('## synthetic · LR');
    expect(md).toContain('## synthetic · ANN');
  });

  it('openxai preset: grad agrees exactly with the LR weights signed for the predicted class (FA = SA = 1)', () => {
    const out = join(dir, 'openxai');
    bench(out, ['--preset', 'openxai', '--models', 'lr', '--explainers', 'grad', '--metrics', 'FA,SA,PGI']);
    const rows = loadResults(join(out, 'results.jsonl')).rows.filter((r) => r.kind === 'explainer');
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r.metrics.FA).toBe(1);
      expect(r.metrics.SA).toBe(1);
    }
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain("ground truth: the LR model's own weights");
  });

  it.skipIf(!existsSync(SHARED))(
    'a real dataset with a sensitive attribute gets subgroup means and disparities',
    () => {
      const out = join(dir, 'german');
      bench(out, [
        '--datasets',
        'german',
        '--models',
        'lr',
        '--explainers',
        'grad',
        '--metrics',
        'FA,PGU',
        '--data-dir',
        SHARED,
        '--instances',
        '20',
      ]);
      const s = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
      const groups = s.subgroups.filter((g: { explainer: string; metric: string }) => g.explainer === 'grad' && g.metric === 'PGU');
      expect(groups.map((g: { groupName: string }) => g.groupName).sort()).toEqual(['female', 'male']); // the registry's names for german
      expect(groups.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(20);
      const d = s.disparities.find((x: { explainer: string; metric: string }) => x.explainer === 'grad' && x.metric === 'PGU');
      expect(d.disparity).toBeCloseTo(
        groups.find((g: { group: number }) => g.group === 0).mean - groups.find((g: { group: number }) => g.group === 1).mean,
        12,
      );
      expect(d.lower).toBeLessThanOrEqual(d.upper);
      const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
      expect(m.datasets[0].sensitive).toEqual({ name: 'sex', groups: ['male', 'female'] });
      expect(m.datasets[0].groundTruth).toEqual({ lr: 'model' });
    },
    900_000,
  );
  it('after SIGKILL mid-run, --resume finishes with outputs identical to an uninterrupted run', async () => {
    // Long enough to be killed mid-way: 30 instances in blocks of 3 with LIME's stability.
    const run = withOverrides(['--instances', '30', '--models', 'ann', '--explainers', 'grad,lime', '--workers', '2']);
    const reference = join(dir, 'kill-reference');
    expect(runCliSync(['bench', ...run, '--out', reference]).code).toBe(0);
    const out = join(dir, 'killed');
    const child = startCli(['bench', ...run, '--out', out]);
    const results = join(out, 'results.jsonl');
    const lines = (): number => (existsSync(results) ? readFileSync(results, 'utf8').split('\n').length - 1 : 0);
    while (lines() < 20 && child.exitCode === null) await sleep(5);
    child.kill('SIGKILL');
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
    appendFileSync(results, '{"unit":"synthetic/ann/grad/0","lines":6,"data'); // a torn last line
    const resumed = runCliSync(['bench', ...run, '--out', out, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const reused = Number(/(\d+) reused/.exec(resumed.stdout)?.[1]);
    expect(reused).toBeGreaterThan(0);
    expect(reused).toBeLessThan(40); // 10 blocks x (grad, lime, 2 floors): the kill landed mid-run
    for (const f of FILES) expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(reference, f), 'utf8'));
  });
});

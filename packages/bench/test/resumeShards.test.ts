// The runner's guarantees, end to end through the built CLI (toy engine: fast, and its values
// are keyed by content like the real ones): kill -9 + --resume, shards + merge, 1 vs 2 workers.
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOY_ENGINE, assertBuilt, exited, runCliSync, sleep, startCli } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-resume-'));
const RUN = [
  '--engine',
  TOY_ENGINE,
  '--datasets',
  'synthetic,adult',
  '--instances',
  '40',
  '--block-size',
  '4',
  '--explainers',
  'grad,sg,lime',
  '--metrics',
  'FA,PGI,RIS,RRS,ROS',
];
// 2 datasets x 2 models x (3 explainers + 1 floor) x 10 blocks
const UNITS = 160;
// Rows: per dataset x model, 3 explainers x 40 instances x (explainer + null) + 1 floor x 40.
const ROWS = 2 * 2 * (3 * 40 * 2 + 40);
const FILES = ['results.jsonl', 'summary.json', 'summary.csv', 'report.md', 'report.html'];

function bench(out: string, extra: string[] = [], env: Record<string, string> = {}) {
  const r = runCliSync(['bench', ...RUN, '--out', out, ...extra], { tsx: true, env });
  if (r.code !== 0) throw new Error(`xai bench failed (${r.code}): ${r.stderr}`);
  return r;
}

function expectSameOutputs(a: string, b: string): void {
  for (const f of FILES) expect(readFileSync(join(b, f), 'utf8'), f).toBe(readFileSync(join(a, f), 'utf8'));
}

function lineCount(path: string): number {
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').length - 1 : 0;
}

describe('xai bench: resume, shards, workers (built CLI, child processes)', () => {
  const reference = join(dir, 'reference');
  beforeAll(() => {
    assertBuilt();
    bench(reference, ['--workers', '1']);
  });

  it('2 workers give byte-identical outputs to 1 worker', () => {
    const out = join(dir, 'two-workers');
    bench(out, ['--workers', '2']);
    expectSameOutputs(reference, out);
  });

  it.each([[0.15], [0.6]])('after SIGKILL at %f of the run, --resume finishes with identical results', async (fraction) => {
    const out = join(dir, `killed-${fraction}`);
    // 30 ms per unit: the run takes ~2.4 s on 2 workers, long enough to kill it mid-way.
    const child = startCli(['bench', ...RUN, '--out', out, '--workers', '2'], { tsx: true, env: { XAI_TOY_DELAY_MS: '30' } });
    const results = join(out, 'results.jsonl');
    const target = Math.floor(fraction * ROWS);
    while (lineCount(results) < target && child.exitCode === null) await sleep(10);
    child.kill('SIGKILL');
    await exited(child);
    expect(child.signalCode).toBe('SIGKILL');
    const before = lineCount(results);
    expect(before).toBeGreaterThan(0);
    // A torn write on top, as if the kill had landed mid-line.
    appendFileSync(results, '{"unit":"synthetic/lr/grad/0","lines":8,"dataset":"synth');
    const r = bench(out, ['--resume', '--workers', '2']);
    expect(r.stdout).toMatch(/resuming: \d+ of 160 units already complete/);
    const reused = Number(/(\d+) reused/.exec(r.stdout)?.[1]);
    expect(reused).toBeGreaterThan(0);
    expect(reused).toBeLessThan(UNITS);
    expectSameOutputs(reference, out);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.invocations.map((i: { action: string }) => i.action)).toEqual(['bench', 'resume']);
  });

  it('2 shards + merge give byte-identical outputs to one run', () => {
    const s1 = join(dir, 'shard-1');
    const s2 = join(dir, 'shard-2');
    bench(s1, ['--shard', '1/2']);
    bench(s2, ['--shard', '2/2']);
    const m1 = JSON.parse(readFileSync(join(s1, 'manifest.json'), 'utf8'));
    expect(m1.shardUnits).toBe(UNITS / 2);
    const merged = join(dir, 'merged');
    const r = runCliSync(['merge', s1, s2, '--out', merged]);
    expect(r.code, r.stderr).toBe(0);
    expectSameOutputs(reference, merged);
    // A missing shard is refused.
    const partial = runCliSync(['merge', s1, '--out', join(dir, 'partial')]);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toMatch(/missing shard 2\/2 \(no folder given holds them\)/);
  });

  it('refuses to merge shards of different runs', () => {
    const other = join(dir, 'other-seed');
    bench(other, ['--shard', '2/2', '--seed', '5']);
    const r = runCliSync(['merge', join(dir, 'shard-1'), other, '--out', join(dir, 'bad-merge')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is a different run/);
  });

  it('xai report rebuilds identical reports from saved results', () => {
    const r = runCliSync(['report', reference]);
    expect(r.code, r.stderr).toBe(0);
    expectSameOutputs(join(dir, 'two-workers'), reference);
  });
});

// Every score depends only on the run, never on how its work was split or scheduled: the real
// engine, every explainer of the protocol x RIS/RRS/ROS under `openxai` and `default`, on a
// small CSV whose test rows repeat (so equal rows meet in one block or in different ones).
// In-process: block sizes 1, 5, 10, 50; one runner taking the units in reverse; two runners
// taking turns; four shards; a fresh runner finishing what another started. Through the built
// CLI: two workers killed with SIGKILL mid-run and resumed (openxai), four shards merged (default).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/config/benchConfig.js';
import type { ResultRow } from '../src/results/resultRow.js';
import type { PreparedRun, UnitOutput, UnitRunner } from '../src/run/benchEngine.js';
import { createUnitRunner, prepare } from '../src/run/pipelineEngine.js';
import type { Unit } from '../src/run/planUnits.js';
import { dispatchOrder, planUnits, selectShard } from '../src/run/planUnits.js';
import { assertBuilt, exited, runCliSync, sleep, startCli } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-split-'));
const INSTANCES = 12;
const EXPLAINERS = 'control,grad,sg,ig,itg,shap,lime';

/** Ten continuous and two binary columns, a noisy linear label; every value from a fixed LCG. */
function writeCsv(path: string, rows: number, repeats: readonly [number, number][], state: { s: number }): void {
  const next = (): number => {
    state.s = (Math.imul(state.s, 1664525) + 1013904223) >>> 0;
    return state.s / 2 ** 32;
  };
  const data: number[][] = [];
  for (let i = 0; i < rows; i++) {
    const r = Array.from({ length: 10 }, () => Math.round(next() * 1000) / 1000);
    r.push(next() < 0.5 ? 0 : 1, next() < 0.5 ? 0 : 1);
    const s = r.slice(0, 5).reduce((a, v) => a + v, 0) - r.slice(5, 10).reduce((a, v) => a + v, 0) + r[10]! - r[11]! + next() - 0.5;
    data.push([...r, s > 0 ? 1 : 0]);
  }
  for (const [to, from] of repeats) data[to] = [...data[from]!];
  const header = [...Array.from({ length: 12 }, (_, j) => `f${j}`), 'y'].join(',');
  writeFileSync(path, `${header}\n${data.map((r) => r.join(',')).join('\n')}\n`);
}

const state = { s: 12345 };
const train = join(dir, 'train.csv');
const test = join(dir, 'test.csv');
writeCsv(train, 160, [], state);
// Rows 3 and 7 repeat row 2, row 11 repeats row 10: with blocks of 5 they meet in one block and in two.
writeCsv(
  test,
  INSTANCES,
  [
    [3, 2],
    [7, 2],
    [11, 10],
  ],
  state,
);

const FLAGS = [
  '--data',
  train,
  '--test',
  test,
  '--label',
  'y',
  '--models',
  'ann',
  '--explainers',
  EXPLAINERS,
  '--metrics',
  'RIS,RRS,ROS',
  '--instances',
  String(INSTANCES),
  '--stability-neighbours',
  '4',
  '--stability-samples',
  '16',
  '--cache-dir',
  join(dir, 'cache'),
];

/** A row's scores under a key that names its instance, not its unit. */
function scoresOf(rows: readonly ResultRow[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const r of rows) {
    const key = `${r.dataset}/${r.model}/${r.explainer}/${r.kind}/${r.instance}`;
    expect(m.has(key), key).toBe(false);
    m.set(key, JSON.stringify({ metrics: r.metrics, diag: r.diag ?? null }));
  }
  return m;
}

function fileScores(path: string): Map<string, string> {
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  return scoresOf(lines.map((l) => JSON.parse(l) as ResultRow));
}

const rowsOf = (out: ResultRow[] | UnitOutput): ResultRow[] => (Array.isArray(out) ? out : out.rows);

/** Runs `units` on fresh runners: runner k takes the units `assign` gives it, in order. */
async function runOn(payload: unknown, units: readonly Unit[], runners: number, assign: (i: number) => number): Promise<ResultRow[]> {
  const pool: UnitRunner[] = [];
  for (let k = 0; k < runners; k++) pool.push(await createUnitRunner(payload));
  const rows: ResultRow[] = [];
  for (let i = 0; i < units.length; i++) rows.push(...rowsOf(await pool[assign(i)]!(units[i]!)));
  return rows;
}

describe.each(['openxai', 'default'] as const)('scores under --preset %s do not depend on how the work is split', (preset) => {
  const config = (blockSize: number) =>
    resolveBenchConfig(
      {},
      {
        data: train,
        test,
        label: 'y',
        models: 'ann',
        explainers: EXPLAINERS,
        metrics: 'RIS,RRS,ROS',
        instances: String(INSTANCES),
        stabilityNeighbours: '4',
        stabilitySamples: '16',
        cacheDir: join(dir, 'cache'),
        preset,
        blockSize: String(blockSize),
        out: join(dir, `unused-${preset}`),
        workers: '1',
      },
    );
  let prepared: PreparedRun | null = null;
  const unitsOf = (blockSize: number): Unit[] => {
    const c = config(blockSize);
    return planUnits({ datasets: prepared!.datasets, models: c.models, explainers: c.explainers, floors: prepared!.floors, blockSize });
  };
  let reference: Map<string, string> | null = null;

  it('block sizes 1, 5, 10 and 50 give the same scores', async () => {
    prepared = await prepare(config(10), { log: () => {} });
    const units10 = unitsOf(10);
    reference = scoresOf(await runOn(prepared.payload, units10, 1, () => 0));
    // 7 explainers x (explainer + null) + 2 floors, per instance.
    expect(reference.size).toBe(INSTANCES * (7 * 2 + 2));
    const lime = [...reference].find(([k]) => k.endsWith('/lime/explainer/3'))![1];
    expect(JSON.parse(lime).metrics.RIS).toBeGreaterThan(0);
    for (const size of [1, 5, 50]) {
      const units = unitsOf(size);
      expect(scoresOf(await runOn(prepared.payload, units, 1, () => 0)), `block size ${size}`).toEqual(reference);
    }
  });

  it('one runner taking the units in reverse, two runners taking turns, and four shards give the same scores', async () => {
    const units = dispatchOrder(unitsOf(5));
    const reversed = [...units].reverse();
    expect(scoresOf(await runOn(prepared!.payload, reversed, 1, () => 0)), 'reverse order').toEqual(reference);
    expect(scoresOf(await runOn(prepared!.payload, units, 2, (i) => i % 2)), 'two runners').toEqual(reference);
    const shards: ResultRow[] = [];
    for (let s = 1; s <= 4; s++) shards.push(...(await runOn(prepared!.payload, selectShard(units, { index: s, count: 4 }), 1, () => 0)));
    expect(scoresOf(shards), 'four shards').toEqual(reference);
  });

  it('a fresh runner finishing the units another one started gives the same scores', async () => {
    const units = [...unitsOf(5)].reverse();
    const half = Math.floor(units.length / 2);
    const first = await runOn(prepared!.payload, units.slice(0, half), 1, () => 0);
    const rest = await runOn(prepared!.payload, units.slice(half), 1, () => 0);
    expect(scoresOf([...first, ...rest])).toEqual(reference);
  });

  // Through the built CLI (one process boundary per preset keeps the suite lean; the in-process
  // cases above cover both presets): openxai killed and resumed, default sharded and merged.
  it.runIf(preset === 'openxai')('through the CLI: 2 workers at block size 1, killed with SIGKILL and resumed', async () => {
    assertBuilt();
    const out = join(dir, `killed-${preset}`);
    const results = join(out, 'results.jsonl');
    const run = ['bench', ...FLAGS, '--preset', preset, '--block-size', '1', '--workers', '2', '--out', out];
    const child = startCli(run);
    const lines = (): number => (existsSync(results) ? readFileSync(results, 'utf8').split('\n').length - 1 : 0);
    while (lines() < 16 && child.exitCode === null) await sleep(10);
    child.kill('SIGKILL');
    await exited(child);
    const resumed = runCliSync([...run, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    // Killed mid-run: some units were kept, the others computed by the resumed process.
    const done = /(\d+) units computed, (\d+) reused/.exec(resumed.stdout);
    expect(Number(done?.[1])).toBeGreaterThan(0);
    expect(Number(done?.[2])).toBeGreaterThan(0);
    expect(fileScores(results)).toEqual(reference);
  });

  it.runIf(preset === 'default')('through the CLI: 4 shards at block size 5, merged', () => {
    assertBuilt();
    const shardDirs: string[] = [];
    for (let s = 1; s <= 4; s++) {
      const d = join(dir, `shard-${preset}-${s}`);
      const r = runCliSync(['bench', ...FLAGS, '--preset', preset, '--block-size', '5', '--workers', '1', '--shard', `${s}/4`, '--out', d]);
      expect(r.code, r.stderr).toBe(0);
      shardDirs.push(d);
    }
    const merged = join(dir, `merged-${preset}`);
    const m = runCliSync(['merge', ...shardDirs, '--out', merged]);
    expect(m.code, m.stderr).toBe(0);
    expect(fileScores(join(merged, 'results.jsonl'))).toEqual(reference);
  });
});

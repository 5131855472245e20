import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { mergeRuns } from './mergeRuns.js';
import { rebuildReports } from '../report/rebuildReports.js';
import { runBench } from '../run/runBench.js';
import { readManifest } from './runManifest.js';

const engine = new URL('../__fixtures__/toyEngine.ts', import.meta.url);
const quiet = { engine, log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream };
const dir = mkdtempSync(join(tmpdir(), 'xai-merge-'));
const cfg = (out: string, extra: Record<string, unknown> = {}) =>
  resolveBenchConfig({}, { instances: '8', blockSize: '4', explainers: 'grad', metrics: 'FA,RIS', out, workers: '1', ...extra });

// biome-ignore lint/suspicious/noExplicitAny: tests poke arbitrary manifest fields
type Manifest = Record<string, any>;

function editManifest(d: string, edit: (m: Manifest) => void): void {
  const p = join(d, 'manifest.json');
  const m = JSON.parse(readFileSync(p, 'utf8'));
  edit(m);
  writeFileSync(p, JSON.stringify(m));
}

describe('mergeRuns / resume / reports: refusals', () => {
  const s1 = join(dir, 's1');
  const s2 = join(dir, 's2');
  beforeAll(async () => {
    await runBench(cfg(s1, { shard: '1/2' }), quiet);
    await runBench(cfg(s2, { shard: '2/2' }), quiet);
  });
  const variant = (name: string, edit: (m: Manifest) => void): string => {
    const d = join(dir, name);
    rmSync(d, { recursive: true, force: true });
    cpSync(s2, d, { recursive: true });
    editManifest(d, edit);
    return d;
  };

  it('merges complementary shards', async () => {
    const { manifest } = await mergeRuns([s1, s2], join(dir, 'ok'));
    expect(manifest.completeUnits).toBe(manifest.plan.units);
    expect(manifest.shard).toBeNull();
    expect(manifest.mergedFrom?.map((f) => f.shard?.index)).toEqual([1, 2]);
  });
  it('refuses an unfinished shard, another plan, other input data, another model', async () => {
    await expect(
      mergeRuns(
        [
          s1,
          variant('running', (m) => {
            m.status = 'running';
          }),
        ],
        join(dir, 'x'),
      ),
    ).rejects.toThrow(
      /cannot merge an incomplete run: unfinished: .*running \(shard 2\/2: \d+ of \d+ units; rerun its xai bench command with --resume\)/,
    );
    await expect(
      mergeRuns(
        [
          s1,
          variant('code', (m) => {
            m.versions = { toy: '2' };
          }),
        ],
        join(dir, 'x'),
      ),
    ).rejects.toThrow(/ran other code/);
    await expect(
      mergeRuns(
        [
          s1,
          variant('plan', (m) => {
            m.plan.sha256 = '0'.repeat(64);
          }),
        ],
        join(dir, 'x'),
      ),
    ).rejects.toThrow(/planned different units/);
    await expect(
      mergeRuns(
        [
          s1,
          variant('data', (m) => {
            m.datasets[0].hash = 'f'.repeat(64);
          }),
        ],
        join(dir, 'x'),
      ),
    ).rejects.toThrow(/CHECKSUM_MISMATCH.*different input data/);
    await expect(
      mergeRuns(
        [
          s1,
          variant('model', (m) => {
            m.models = [{ dataset: 'synthetic', model: 'lr', hash: 'a'.repeat(64) }];
          }),
        ],
        join(dir, 'x'),
      ),
    ).resolves.toBeDefined();
    editManifest(s1, (m) => {
      m.models = [{ dataset: 'synthetic', model: 'lr', hash: 'b'.repeat(64) }];
    });
    try {
      await expect(mergeRuns([s1, join(dir, 'model')], join(dir, 'x'))).rejects.toThrow(/CHECKSUM_MISMATCH.*different lr on synthetic/);
    } finally {
      editManifest(s1, (m) => {
        m.models = [];
      });
    }
    await expect(mergeRuns([], join(dir, 'x'))).rejects.toThrow(/at least one shard/);
  });
  it('names the missing shard and each unfinished one', async () => {
    await expect(mergeRuns([s1], join(dir, 'x'))).rejects.toThrow(/missing shard 2\/2 \(no folder given holds them\)/);
    const t = (i: number): string => join(dir, `t${i}`);
    for (const i of [1, 3]) await runBench(cfg(t(i), { shard: `${i}/4` }), quiet);
    editManifest(t(3), (m) => {
      m.status = 'running';
      m.completeUnits = 0;
    });
    const e = await mergeRuns([t(1), t(3)], join(dir, 'x')).catch((err: Error) => err);
    expect((e as Error).message).toBe(
      `[BAD_INPUT] xai merge: dirs: cannot merge an incomplete run: missing shards 2/4, 4/4 (no folder given holds them); unfinished: ${t(3)} (shard 3/4: 0 of ${readManifest(t(3)).shardUnits} units; rerun its xai bench command with --resume)`,
    );
    await expect(mergeRuns([s1, t(1)], join(dir, 'x'))).rejects.toThrow(/different shard counts \(.*s1: 1\/2, .*t1: 1\/4\)/);
    // A task that failed before it started leaves a folder without a manifest: named, with every other such folder.
    mkdirSync(t(2));
    mkdirSync(t(4));
    await expect(mergeRuns([t(1), t(2), t(3), t(4)], join(dir, 'x'))).rejects.toThrow(
      `cannot merge: no manifest.json in ${t(2)}, ${t(4)} (a task that stopped before it started`,
    );
  });
  it('refuses to resume another shard, results of other code, or an unreceipted results file', async () => {
    const older = join(dir, 'older');
    cpSync(s1, older, { recursive: true });
    editManifest(older, (m) => {
      m.versions = { toy: '0' };
    });
    await expect(runBench(cfg(older, { shard: '1/2', resume: true }), quiet)).rejects.toThrow(/computed by other code \(toy: 0 -> 1\)/);
    await expect(runBench(cfg(s1, { shard: '2/2', resume: true }), quiet)).rejects.toThrow(/holds shard 1\/2, not 2\/2/);
    const orphan = join(dir, 'orphan');
    cpSync(s1, orphan, { recursive: true });
    rmSync(join(orphan, 'manifest.json'));
    await expect(runBench(cfg(orphan, { shard: '1/2', resume: true }), quiet)).rejects.toThrow(/results.jsonl but no manifest.json/);
  });
  it('reads manifests strictly and rebuilds reports only from results', async () => {
    const bad = join(dir, 'bad-manifest');
    cpSync(s1, bad, { recursive: true });
    writeFileSync(join(bad, 'manifest.json'), '{');
    expect(() => readManifest(bad)).toThrow(/PARSE_ERROR.*not valid JSON/);
    writeFileSync(join(bad, 'manifest.json'), '{"format": "xai-bench-manifest@1",\n "format": "xai-bench-manifest@1"}');
    expect(() => readManifest(bad)).toThrow(
      /manifest\.json is not valid JSON \(line 2, column 2: duplicate key "format" \(first at line 1\)/,
    );
    writeFileSync(join(bad, 'manifest.json'), '{"format":"other"}');
    expect(() => readManifest(bad)).toThrow(/not an xai-bench-manifest@1/);
    const empty = join(dir, 'empty');
    cpSync(s1, empty, { recursive: true });
    writeFileSync(join(empty, 'results.jsonl'), '');
    await expect(rebuildReports(empty)).rejects.toThrow(/EMPTY.*no complete results/);
  });
});

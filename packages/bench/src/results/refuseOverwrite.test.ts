import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { runBench } from '../run/runBench.js';
import { rebuildReports } from '../report/rebuildReports.js';
import { mergeRuns } from './mergeRuns.js';
import { folderHolding, refuseOverwrite } from './refuseOverwrite.js';

const engine = new URL('../__fixtures__/toyEngine.ts', import.meta.url);
const quiet = { engine, log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream };
const config = (out: string, extra: Record<string, unknown> = {}) =>
  resolveBenchConfig(
    {},
    { datasets: 'synthetic', models: 'lr', instances: '10', explainers: 'grad', metrics: 'FA', out, workers: '1', ...extra },
  );

/** sha256 of every file under `dir` (relative path -> hash), recursively. */
function hashTree(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) Object.assign(out, hashTree(p, `${prefix}${name}/`));
    else out[`${prefix}${name}`] = createHash('sha256').update(readFileSync(p)).digest('hex');
  }
  return out;
}

describe('no silent overwrite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-overwrite-'));

  it('refuses a second run into a finished folder, naming it and its run, and leaves every byte in place', async () => {
    const out = join(dir, 'first');
    const first = await runBench(config(out), quiet);
    const before = hashTree(out);
    expect(Object.keys(before)).toContain('results.jsonl');
    const second = runBench(config(out, { seed: '5' }), quiet);
    await expect(second).rejects.toThrow(out);
    await expect(runBench(config(out, { seed: '5' }), quiet)).rejects.toThrow(
      new RegExp(`finished run \\(identity ${first.manifest.identityHash.slice(0, 16)}.*--resume.*--force`),
    );
    expect(hashTree(out)).toEqual(before);
  });

  it('replaces it with --force, and continues it with --resume', async () => {
    const out = join(dir, 'first');
    const again = await runBench(config(out, { resume: true }), quiet);
    expect(again.unitsComputed).toBe(0);
    const forced = await runBench(config(out, { seed: '5' }), { ...quiet, force: true });
    expect(forced.manifest.config.seed).toBe(5);
  });

  it('xai merge and xai report --out refuse a folder holding outputs, unless --force', async () => {
    const src = join(dir, 'first');
    const merged = join(dir, 'merged');
    await mergeRuns([src], merged);
    const before = hashTree(merged);
    await expect(mergeRuns([src], merged)).rejects.toThrow(/merged already holds a finished run .*results.jsonl.*--force/);
    await expect(rebuildReports(src, { out: merged })).rejects.toThrow(/merged already holds .*report.md/);
    expect(hashTree(merged)).toEqual(before);
    await mergeRuns([src], merged, { force: true });
    await rebuildReports(src, { out: merged, force: true });
    // In place, a run's own reports are rebuilt without --force.
    await rebuildReports(src);
  });

  it('names an unfinished run and the files it left', () => {
    const out = mkdtempSync(join(dir, 'unfinished-'));
    writeFileSync(join(out, 'results.jsonl'), '');
    writeFileSync(
      join(out, 'manifest.json'),
      JSON.stringify({
        identityHash: 'abcdef0123456789ff',
        status: 'running',
        invocations: [{ argv: ['bench', '--out', 'x'], startedAt: 'T0' }],
      }),
    );
    expect(folderHolding(out, ['results.jsonl', 'report.md']).files).toEqual(['results.jsonl']);
    expect(() => refuseOverwrite(out, ['results.jsonl'], { force: false, fn: 'f', arg: '--out', how: '--force' })).toThrow(
      /unfinished run \(identity abcdef0123456789, `xai bench --out x`, started T0\): results.jsonl/,
    );
    expect(() => refuseOverwrite(out, ['report.md'], { force: false, fn: 'f', arg: '--out', how: '--force' })).not.toThrow();
  });
});

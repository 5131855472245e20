import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { loadResults } from '../results/resultsFile.js';
import { runBench } from './runBench.js';

const engine = new URL('../__fixtures__/toyEngine.ts', import.meta.url);
const quiet = { engine, log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream };

function config(out: string, extra: Record<string, unknown> = {}) {
  return resolveBenchConfig(
    {},
    { datasets: 'synthetic,adult', instances: '25', explainers: 'grad,lime', metrics: 'FA,PGI,RIS,RRS', out, workers: '1', ...extra },
  );
}

describe('runBench (toy engine)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-runbench-'));

  it('gives byte-identical results and summaries on 1 and 2 workers', async () => {
    const a = await runBench(config(join(dir, 'w1')), quiet);
    const b = await runBench(config(join(dir, 'w2'), { workers: '2' }), quiet);
    for (const f of ['results.jsonl', 'summary.json', 'summary.csv', 'report.md', 'report.html']) {
      expect(readFileSync(join(a.dir, f), 'utf8')).toBe(readFileSync(join(b.dir, f), 'utf8'));
    }
    // 2 datasets x 2 models x (2 explainers x (explainer + null) + 1 floor) x 25 instances
    expect(loadResults(join(a.dir, 'results.jsonl')).rows).toHaveLength(2 * 2 * 5 * 25);
    expect(a.manifest.plan.units).toBe(2 * 2 * 3 * 3);
    expect(a.manifest.status).toBe('complete');
    // the receipt's cost figures: wall and worker-thread CPU seconds per model/explainer, process CPU per invocation
    const inv = a.manifest.invocations[0]!;
    const costs = ['ann/floor-global', 'ann/grad', 'ann/lime', 'lr/floor-global', 'lr/grad', 'lr/lime'];
    expect(Object.keys(inv.unitWallSeconds ?? {}).sort()).toEqual(costs);
    if (process.platform === 'linux') expect(Object.keys(inv.unitCpuSeconds ?? {}).sort()).toEqual(costs);
    expect(inv.cpuSeconds).toBeGreaterThan(0);
    // subgroup cells exist only for the dataset with a sensitive attribute
    expect(new Set(a.summary.subgroups.map((s) => s.dataset))).toEqual(new Set(['adult']));
  });

  it('resumes without recomputing, and refuses a different run in the same folder', async () => {
    const out = join(dir, 'w1');
    const again = await runBench(config(out, { resume: true }), quiet);
    expect(again.unitsComputed).toBe(0);
    expect(again.unitsSkipped).toBe(36);
    expect(again.manifest.invocations.map((i) => i.action)).toEqual(['bench', 'resume']);
    await expect(runBench(config(out, { resume: true, seed: '7' }), quiet)).rejects.toThrow(/different run/);
  });

  it('reports a failing unit by id', async () => {
    process.env.XAI_TOY_FAIL_ON = 'synthetic/ann/grad/10';
    try {
      await expect(runBench(config(join(dir, 'fail'), { workers: '2' }), quiet)).rejects.toThrow(
        /unit synthetic\/ann\/grad\/10.*toy failure/,
      );
    } finally {
      delete process.env.XAI_TOY_FAIL_ON;
    }
  });

  it("keeps a failing unit's error code, stated once (a missing runtime is NOT_SUPPORTED, not bad input)", async () => {
    process.env.XAI_TOY_FAIL_ON = 'synthetic/lr/lime/0';
    process.env.XAI_TOY_FAIL_CODE = 'NOT_SUPPORTED';
    try {
      const failure = await runBench(config(join(dir, 'fail-code'), { workers: '2' }), quiet).catch((e: unknown) => e);
      expect(isXaiError(failure, 'NOT_SUPPORTED')).toBe(true);
      expect((failure as Error).message).toBe(
        '[NOT_SUPPORTED] runUnits: unit synthetic/lr/lime/0: toyUnit: toy failure on synthetic/lr/lime/0',
      );
    } finally {
      delete process.env.XAI_TOY_FAIL_ON;
      delete process.env.XAI_TOY_FAIL_CODE;
    }
  });
});

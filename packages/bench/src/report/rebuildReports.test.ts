// Nothing lost, nothing silent: damaged results fail the report (naming file:line) unless
// --allow-partial, and then every page says what is missing; shard reports say they are partial.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { isXaiError } from '@xai/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../config/benchConfig.js';
import { rebuildReports } from './rebuildReports.js';
import { runBench } from '../run/runBench.js';
import { LOCK_FILE } from '../run/runLock.js';

const engine = new URL('../__fixtures__/toyEngine.ts', import.meta.url);
const quiet = { engine, log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream };
const config = (out: string, extra: Record<string, unknown> = {}) =>
  resolveBenchConfig(
    {},
    {
      datasets: 'synthetic',
      models: 'lr',
      instances: '8',
      blockSize: '4',
      explainers: 'grad,lime',
      metrics: 'FA,RIS',
      out,
      workers: '1',
      ...extra,
    },
  );

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

const PAGES = ['report.md', 'report.html', 'summary.json', 'summary.csv'];

describe('xai report on damaged results', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xai-damaged-'));
  const run = join(dir, 'run');
  let lines: string[] = [];
  beforeAll(async () => {
    await runBench(config(run), quiet);
    lines = readFileSync(join(run, 'results.jsonl'), 'utf8').split('\n');
  });

  it('a complete run rebuilds, marked complete', async () => {
    const r = await rebuildReports(run);
    expect(r.partial).toBe(false);
    expect(readFileSync(join(run, 'report.md'), 'utf8')).not.toContain('PARTIAL');
    expect(JSON.parse(readFileSync(join(run, 'summary.json'), 'utf8')).coverage.partial).toBe(false);
  });

  it('a CRC-corrupt line is CHECKSUM_MISMATCH naming results.jsonl:line', async () => {
    // Line 14 (1-based): alter one digit of a value; its CRC no longer matches.
    const k = 13;
    const bad = [...lines];
    bad[k] = bad[k]!.replace(/"FA":0\.(\d)/, (_m, d: string) => `"FA":0.${(Number(d) + 1) % 10}`);
    expect(bad[k]).not.toBe(lines[k]);
    writeFileSync(join(run, 'results.jsonl'), bad.join('\n'));
    const e = await rejection(rebuildReports(run));
    expect(isXaiError(e, 'CHECKSUM_MISMATCH')).toBe(true);
    expect(e.message).toContain(`${join(run, 'results.jsonl')}:${k + 1} fails its CRC-32`);
  });

  it('a torn line is PARSE_ERROR naming results.jsonl:line', async () => {
    const bad = [...lines];
    bad[2] = bad[2]!.slice(0, 40);
    writeFileSync(join(run, 'results.jsonl'), bad.join('\n'));
    const e = await rejection(rebuildReports(run));
    expect(isXaiError(e, 'PARSE_ERROR')).toBe(true);
    expect(e.message).toContain('results.jsonl:3 is cut short');
  });

  it('--allow-partial reports anyway and every page names what is missing', async () => {
    const bad = [...lines];
    bad[2] = bad[2]!.slice(0, 40);
    const unit = JSON.parse(lines[2]!) as { unit: string; dataset: string; model: string; explainer: string };
    writeFileSync(join(run, 'results.jsonl'), bad.join('\n'));
    // The folder holds complete reports: partial ones never replace them there.
    const before = readFileSync(join(run, 'report.md'), 'utf8');
    const refused = await rejection(rebuildReports(run, { allowPartial: true }));
    expect(isXaiError(refused, 'BAD_OPTION')).toBe(true);
    expect(refused.message).toMatch(/holds complete reports and these results are partial.*--out <dir>/);
    expect(readFileSync(join(run, 'report.md'), 'utf8')).toBe(before);
    const elsewhere = join(dir, 'partial-reports');
    const r = await rebuildReports(run, { allowPartial: true, out: elsewhere });
    expect(r.partial).toBe(true);
    const cell = `${unit.dataset}/${unit.model}/${unit.explainer} 4/8`;
    for (const page of PAGES) {
      const text = readFileSync(join(elsewhere, page), 'utf8');
      expect(text, page).toMatch(/partial/i);
      expect(text, page).toContain('results.jsonl:3 (torn)');
      expect(text, page).toContain(cell);
    }
    // The damaged unit's cells are marked where they are shown.
    expect(readFileSync(join(elsewhere, 'report.md'), 'utf8')).toContain('⚠ partial 4/8');
    const s = JSON.parse(readFileSync(join(elsewhere, 'summary.json'), 'utf8'));
    expect(
      s.cells.find(
        (c: { explainer: string; kind: string; metric: string }) =>
          c.explainer === unit.explainer && c.kind === 'explainer' && c.metric === 'FA',
      ),
    ).toMatchObject({ count: 4, planned: 8, partial: true });
  });

  it('a line deleted from the middle is refused naming the short unit; a repeated line naming both lines', async () => {
    const unit = (JSON.parse(lines[5]!) as { unit: string }).unit;
    const cut = lines.filter((_, k) => k !== 5);
    writeFileSync(join(run, 'results.jsonl'), cut.join('\n'));
    const e = await rejection(rebuildReports(run));
    expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
    expect(e.message).toContain(`lost lines: unit ${unit} has`);
    const repeated = [...lines.slice(0, 8), lines[3]!, ...lines.slice(8)];
    writeFileSync(join(run, 'results.jsonl'), repeated.join('\n'));
    const d = await rejection(rebuildReports(run));
    expect(isXaiError(d, 'BAD_INPUT')).toBe(true);
    expect(d.message).toContain('results.jsonl:9 repeats line 4');
    // Every line of a unit gone (all its rows deleted): the finished run's plan names it.
    const gone = lines.filter((l) => l === '' || (JSON.parse(l) as { unit: string }).unit !== unit);
    writeFileSync(join(run, 'results.jsonl'), gone.join('\n'));
    const g = await rejection(rebuildReports(run));
    expect(g.message).toMatch(
      new RegExp(`lost every row of 1 unit\\(s\\) of the finished run \\(first: ${unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\)`),
    );
    writeFileSync(join(run, 'results.jsonl'), lines.join('\n'));
  });

  it('rejects unknown options', async () => {
    const e = await rejection(rebuildReports(run, { allowPartal: true } as never));
    expect(isXaiError(e, 'BAD_OPTION')).toBe(true);
    expect(e.message).toContain("did you mean 'allowPartial'");
  });
});

describe('partial results are marked wherever shown', () => {
  it('a shard report says it is a shard, on every page', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xai-shard-')), 's1');
    await runBench(config(out, { shard: '1/2' }), quiet);
    for (const page of PAGES) {
      const text = readFileSync(join(out, page), 'utf8');
      expect(text, page).toContain('shard 1/2 of the run: 3 of its 6 planned units');
    }
  });
});

describe('one run per output folder', () => {
  it('a second run on a locked folder fails with LOCKED; leftover temp files are swept', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xai-locked-')), 'run');
    await runBench(config(out), quiet);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(
        join(out, LOCK_FILE),
        JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: new Date().toISOString(), command: 'xai bench' }),
      );
      const e = await rejection(runBench(config(out), quiet));
      expect(isXaiError(e, 'LOCKED')).toBe(true);
      expect(e.message).toContain(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
    // The holder is gone now: its lock is stale and is taken over; a leftover temp file goes.
    await new Promise((r) => holder.once('exit', r));
    writeFileSync(join(out, 'results.jsonl.tmp-999999'), 'half a write');
    const logs: string[] = [];
    // --force: the folder holds the first (finished) run, which this one replaces.
    await runBench(config(out), { ...quiet, force: true, log: (l) => logs.push(l) });
    expect(existsSync(join(out, 'results.jsonl.tmp-999999'))).toBe(false);
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(logs.join('\n')).toMatch(
      /took over the lock of pid \d+ on \S+ \(xai bench, since [^)]*\): pid \d+ no longer exists on this host/,
    );
    expect(logs.join('\n')).toContain('results.jsonl.tmp-999999');
  });
});

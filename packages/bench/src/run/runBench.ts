import { readdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { XaiError, checkOptions, sha256Hex } from '@xai/core';
import type { BenchConfig } from '../config/benchConfig.js';
import { runIdentity } from '../config/benchConfig.js';
import type { BenchEngine, PreparedRun } from './benchEngine.js';
import { resumeState } from './resumeState.js';
import { runReceipt } from './runReceipt.js';
import type { PlannedRun } from './runReceipt.js';
import { dispatchOrder, planUnits, selectShard, unitCost } from './planUnits.js';
import type { Unit } from './planUnits.js';
import { createProgress } from './progress.js';
import { createEtaEstimator } from './etaEstimator.js';
import { appendUnitRows, loadResults, writeCanonicalResults } from '../results/resultsFile.js';
import type { RunManifest } from '../results/runManifest.js';
import { writeManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { makeDirs } from '../system/ioError.js';
import { refuseOverwrite } from '../results/refuseOverwrite.js';
import { assertMemoryPlan, planMemory } from './planMemory.js';
import { reportCoverage } from '../report/reportCoverage.js';
import { acquireRunLock, cleanTempFiles } from './runLock.js';
import type { RunLock } from './runLock.js';
import { assembleExplanations, writeExplanationBlock } from '../results/saveExplanations.js';
import { writeReports } from '../report/writeReports.js';
import { processCpuSeconds } from '../system/threadCpu.js';
import { runUnits } from './workerPool.js';
import { withoutLeftOut } from '../inputs/missingCells.js';

export interface RunBenchOptions {
  /** Engine module (URL or path). @defaultValue the real pipeline, `pipelineEngine` next to this module */
  readonly engine?: string | URL;
  /** The command line, recorded in the manifest. */
  readonly argv?: readonly string[];
  /** Status lines. @defaultValue write to stdout */
  readonly log?: (line: string) => void;
  /** Progress output. @defaultValue process.stdout */
  readonly progressStream?: NodeJS.WriteStream;
  /** Force the bar (true) or plain lines (false). @defaultValue progressStream.isTTY */
  readonly tty?: boolean;
  /** Plain progress line interval. @defaultValue 10000 ms */
  readonly progressIntervalMs?: number;
  /** Replace another run's outputs in `config.out` (without it, and without `resume`, that is refused). @defaultValue false */
  readonly force?: boolean;
}

export interface RunBenchResult {
  readonly dir: string;
  readonly manifest: RunManifest;
  readonly summary: Summary;
  readonly unitsComputed: number;
  readonly unitsSkipped: number;
}

/** Output files a fresh run replaces. */
export const OUTPUT_FILES = [
  'results.jsonl',
  'manifest.json',
  'summary.json',
  'summary.csv',
  'report.md',
  'report.html',
  'leaderboard.md',
  'leaderboard.html',
  'report-paper.md',
  'paper.csv',
] as const;

/** sha256 hex of a string: `@xai/core`'s `sha256Hex`, under the name the bench has exported since 0.1. */
export const sha256: (text: string) => string = sha256Hex;

/** The real pipeline engine module next to this one (built `.js`/`.cjs`, or `.ts` source under tsx). */
export function defaultEngineUrl(): string {
  const here = import.meta.url;
  const ext = here.endsWith('.ts') ? '.ts' : here.endsWith('.cjs') ? '.cjs' : '.js';
  // Built code may sit in a shared chunk under dist/internal/: the entries are one level up.
  return new URL(`${/\/internal\/[^/]*$/.test(here) ? '../' : './'}pipelineEngine${ext}`, here).href;
}

function engineHref(engine: string | URL): string {
  if (engine instanceof URL) return engine.href;
  return /^[a-z]+:/i.test(engine) ? engine : pathToFileURL(engine).href;
}

const seconds = (t0: number): number => Math.round((performance.now() - t0) / 10) / 100;

/**
 * Runs a benchmark: prepares data and models in the main thread (models cached), plans the
 * units (dataset x model x explainer x instance block, plus floor controls), takes this shard's
 * share, skips units already complete when resuming, computes the rest on a worker-thread
 * pool appending each unit's rows to `results.jsonl` as it finishes, then writes the results in
 * canonical order, the summaries, the reports and `manifest.json`.
 * @since 0.1.0
 */
export async function runBench(config: BenchConfig, options: RunBenchOptions = {}): Promise<RunBenchResult> {
  checkOptions(options, ['engine', 'argv', 'log', 'progressStream', 'tty', 'progressIntervalMs', 'force'], 'runBench');
  const log =
    options.log ??
    ((line: string) => {
      process.stdout.write(`${line}\n`);
    });
  const startedAt = new Date().toISOString();
  const stages: Record<string, number> = {};
  const engineUrl = engineHref(options.engine ?? defaultEngineUrl());
  const out = config.out;
  // A run that fails before writing anything leaves no folder behind that it created.
  const created = makeDirs(out, 'xai bench');
  // One process per output folder: a second live run fails with LOCKED; an abandoned lease is taken over.
  const lock = await acquireRunLock(out, 'xai bench', { waitForStale: config.resume });
  let failed = true;
  try {
    // Another run's results are never replaced silently: --resume continues it, --force replaces
    // it. Checked under the lock, so a live run in the folder is reported as LOCKED first.
    if (!config.resume)
      refuseOverwrite(out, [...OUTPUT_FILES, 'explanations'], {
        force: options.force === true,
        fn: 'xai bench',
        arg: '--out',
        how: '--resume to continue it (same settings), --force to replace it',
      });
    const old = lock.tookOver;
    if (old)
      log(
        `took over the lock of pid ${old.info.pid} on ${old.info.host} (${old.info.command}, since ${old.info.startedAt}): ${old.reason}`,
      );
    const swept = cleanTempFiles(out, 'xai bench');
    if (swept.length > 0) log(`removed ${swept.length} leftover temporary file(s) of an interrupted write: ${swept.join(', ')}`);
    const result = await runLocked(config, options, log, startedAt, stages, engineUrl, out, lock);
    failed = false;
    return result;
  } finally {
    lock.release();
    if (failed) removeIfEmpty(created);
  }
}

/** Removes the folders this run created, innermost first, while nothing was written into them (an early error). */
function removeIfEmpty(created: readonly string[]): void {
  for (const dir of [...created].reverse()) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return; // Best effort: the run's own error is what the user needs to see.
    }
  }
}

/** Stage 1: data and models, once, in the main thread; a run that cannot fit in memory fails now. */
async function prepareStage(config: BenchConfig, engineUrl: string, log: (line: string) => void, lock: RunLock): Promise<PreparedRun> {
  const engine = (await import(engineUrl)) as BenchEngine;
  const prepared = await engine.prepare(config, { log });
  assertMemoryPlan(
    planMemory({
      datasets: prepared.datasets.map((d) => ({ id: d.id, features: d.features, rows: d.trainRows + d.instances })),
      explainers: config.explainers,
      blockSize: config.blockSize,
      stabilitySamples: config.stabilitySamples,
      workers: config.workers,
    }),
  );
  // Training ran on this thread and may have delayed the heartbeat timer: beat now.
  lock.refresh();
  return prepared;
}

/** The run's identity and plan, and this shard's share of it. */
function planRun(config: BenchConfig, prepared: PreparedRun): PlannedRun & { readonly mine: Unit[]; readonly mineIds: Set<string> } {
  const effective: BenchConfig = { ...config, datasets: prepared.datasets.map((d) => d.id) as BenchConfig['datasets'] };
  const identity = runIdentity(effective);
  const plan = planUnits({
    datasets: prepared.datasets,
    models: config.models,
    explainers: config.explainers,
    floors: prepared.floors,
    blockSize: config.blockSize,
    ...(config.instanceOverrides.length > 0
      ? { instanceOverrides: config.instanceOverrides, defaultInstances: config.instances, metrics: config.metrics }
      : {}),
  });
  const mine = selectShard(plan, config.shard);
  return {
    effective,
    identity,
    identityHash: sha256(JSON.stringify(identity)),
    planUnits: plan.length,
    planHash: sha256(plan.map((u) => u.id).join('\n')),
    shardUnits: mine.length,
    mine,
    mineIds: new Set(mine.map((u) => u.id)),
  };
}

/** Stage 3: the units on the worker pool, each unit's rows appended as it finishes; returns how many ran. */
async function unitsStage(
  config: BenchConfig,
  options: RunBenchOptions,
  prepared: PreparedRun,
  todo: readonly Unit[],
  complete: number,
  shardUnits: number,
  ctx: {
    readonly engineUrl: string;
    readonly out: string;
    readonly lock: RunLock;
    readonly unitWallSeconds: Map<string, number>;
    readonly unitCpuSeconds: Map<string, number>;
  },
): Promise<number> {
  const workers = Math.min(config.workers, todo.length);
  // ETA from what units actually cost, by model x explainer (the static table only weighs the bar).
  const etaModel = createEtaEstimator(todo, workers);
  const progress = createProgress({
    stage: 'units',
    total: shardUnits,
    start: complete,
    weight: todo.reduce((w, u) => w + unitCost(u), 0),
    eta: () => etaModel.eta(),
    ...(options.progressStream ? { stream: options.progressStream } : {}),
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.progressIntervalMs !== undefined ? { intervalMs: options.progressIntervalMs } : {}),
  });
  const resultsPath = join(ctx.out, 'results.jsonl');
  let computed = 0;
  try {
    await runUnits({
      engine: ctx.engineUrl,
      payload: prepared.payload,
      units: todo,
      workers: config.workers,
      queued: 1, // thousands of short units: no worker waits for the main thread between two
      onUnit(unit: Unit, rows, ms, attributions, cpuMs) {
        // Never append to a folder another process has taken over.
        ctx.lock.assertHeld();
        // The block first: a unit counts as done only once its rows are appended.
        if (config.saveExplanations && attributions) writeExplanationBlock(ctx.out, unit, attributions);
        appendUnitRows(resultsPath, rows);
        const k = `${unit.model}/${unit.explainer}`;
        ctx.unitWallSeconds.set(k, (ctx.unitWallSeconds.get(k) ?? 0) + ms / 1000);
        if (cpuMs !== undefined) ctx.unitCpuSeconds.set(k, (ctx.unitCpuSeconds.get(k) ?? 0) + cpuMs / 1000);
        computed++;
        etaModel.done(unit, ms / 1000);
        progress.tick(1, unitCost(unit));
      },
    });
  } finally {
    progress.stop();
  }
  return computed;
}

/** Stage 4's first half: every unit of this shard complete, its rows in canonical order, explanations assembled. */
function finalRows(config: BenchConfig, prepared: PreparedRun, out: string, mine: readonly Unit[], log: (line: string) => void) {
  const resultsPath = join(out, 'results.jsonl');
  const final = loadResults(resultsPath);
  const missing = mine.filter((u) => !final.completeUnits.has(u.id));
  if (missing.length > 0) {
    throw new XaiError('BAD_INPUT', `${missing.length} units are incomplete after the run (first: ${missing[0]!.id})`, {
      fn: 'runBench',
      arg: 'results',
      value: missing.length,
    });
  }
  const mineIds = new Set(mine.map((u) => u.id));
  const rows = final.rows.filter((r) => mineIds.has(r.unit));
  writeCanonicalResults(resultsPath, rows);
  if (config.saveExplanations) {
    const names = new Map(prepared.datasets.map((d) => [d.id, d.featureNames]));
    const saved = assembleExplanations(out, mine, { features: (d) => names.get(d), preset: config.preset, seed: config.seed });
    log(
      `explanations: ${saved.files.length / 3} dataset x model x explainer files in ${join(out, 'explanations')}${saved.missingBlocks.length > 0 ? `; MISSING for ${saved.missingBlocks.length} units reused from a run without --save-explanations (first: ${saved.missingBlocks[0]})` : ''}`,
    );
  }
  return { final, rows };
}

async function runLocked(
  configured: BenchConfig,
  options: RunBenchOptions,
  log: (line: string) => void,
  startedAt: string,
  stages: Record<string, number>,
  engineUrl: string,
  out: string,
  lock: RunLock,
): Promise<RunBenchResult> {
  const cpuAtStart = processCpuSeconds();
  // 1. Data and models.
  let t = performance.now();
  const prepared = await prepareStage(configured, engineUrl, log, lock);
  stages.prepare = seconds(t);
  const config = withoutLeftOut(configured, prepared.leftOut);
  // 2. The plan, and what of it is already done.
  const planned = planRun(config, prepared);
  const resume = resumeState(config, out, prepared, planned, OUTPUT_FILES, log);
  const todo = dispatchOrder(planned.mine.filter((u) => !resume.complete.has(u.id)));
  const unitWallSeconds = new Map<string, number>();
  const unitCpuSeconds = new Map<string, number>();
  const manifestOf = runReceipt(config, prepared, planned, resume, {
    startedAt,
    argv: options.argv ?? [],
    stages,
    unitWallSeconds,
    unitCpuSeconds,
    cpuAtStart,
    todo: todo.length,
  });
  writeManifest(out, manifestOf('running', resume.complete.size, null, 0));
  // 3. The units.
  t = performance.now();
  if (todo.length > 0) {
    log(
      `${todo.length} units on ${Math.min(config.workers, todo.length)} worker thread(s)${config.shard ? ` (shard ${config.shard.index}/${config.shard.count})` : ''}`,
    );
  }
  const computed = await unitsStage(config, options, prepared, todo, resume.complete.size, planned.shardUnits, {
    engineUrl,
    out,
    lock,
    unitWallSeconds,
    unitCpuSeconds,
  });
  stages.units = seconds(t);
  // 4. Canonical results, summaries, reports, receipt.
  t = performance.now();
  const { final, rows } = finalRows(config, prepared, out, planned.mine, log);
  const draft = manifestOf('complete', planned.shardUnits, null, computed);
  const summary = await writeReports(out, rows, draft, reportCoverage(draft, final));
  stages.report = seconds(t);
  const manifest = manifestOf('complete', planned.shardUnits, new Date().toISOString(), computed);
  writeManifest(out, manifest);
  return { dir: out, manifest, summary, unitsComputed: computed, unitsSkipped: resume.complete.size };
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, rmdirSync } from 'node:fs';
import { availableParallelism, cpus, platform, arch } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { XaiError, checkOptions } from '@xai/core';
import type { BenchConfig } from '../config/benchConfig.js';
import { runIdentity } from '../config/benchConfig.js';
import type { BenchEngine } from './benchEngine.js';
import { installSource } from '../system/gitCommit.js';
import { dispatchOrder, planUnits, selectShard, unitCost } from './planUnits.js';
import type { Unit } from './planUnits.js';
import { createProgress } from './progress.js';
import { createEtaEstimator } from './etaEstimator.js';
import { appendUnitRows, loadResults, writeCanonicalResults } from '../results/resultsFile.js';
import type { Invocation, RunManifest } from '../results/runManifest.js';
import { readManifest, writeManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { makeDirs, withIo } from '../system/ioError.js';
import { refuseOverwrite } from '../results/refuseOverwrite.js';
import { assertMemoryPlan, planMemory } from './planMemory.js';
import { reportCoverage } from '../report/reportCoverage.js';
import { acquireRunLock, cleanTempFiles } from './runLock.js';
import type { RunLock } from './runLock.js';
import { assembleExplanations, writeExplanationBlock } from '../results/saveExplanations.js';
import { writeReports } from '../report/writeReports.js';
import { runUnits } from './workerPool.js';
import { BENCH_VERSION } from '../system/version.js';

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

/** sha256 hex of a string. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

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

async function runLocked(
  config: BenchConfig,
  options: RunBenchOptions,
  log: (line: string) => void,
  startedAt: string,
  stages: Record<string, number>,
  engineUrl: string,
  out: string,
  lock: RunLock,
): Promise<RunBenchResult> {
  // Stage 1: data and models, once, in the main thread.
  let t = performance.now();
  const engine = (await import(engineUrl)) as BenchEngine;
  const prepared = await engine.prepare(config, { log });
  stages.prepare = seconds(t);
  // Before any unit: a run that cannot fit in memory fails now, naming the figure and the flags.
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

  const effective: BenchConfig = { ...config, datasets: prepared.datasets.map((d) => d.id) as BenchConfig['datasets'] };
  const identity = runIdentity(effective);
  const identityHash = sha256(JSON.stringify(identity));
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
  const planHash = sha256(plan.map((u) => u.id).join('\n'));
  const mine = selectShard(plan, config.shard);
  const mineIds = new Set(mine.map((u) => u.id));
  const resultsPath = join(out, 'results.jsonl');

  // Stage 2: what is already done (resume) or a clean slate.
  let previous: RunManifest | null = null;
  let complete = new Set<string>();
  if (config.resume && existsSync(join(out, 'manifest.json'))) {
    previous = readManifest(out);
    if (previous.identityHash !== identityHash) {
      throw new XaiError(
        'BAD_OPTION',
        `${out} holds a different run (identity ${previous.identityHash.slice(0, 12)}, this config ${identityHash.slice(0, 12)}); resume with the same settings or use another --out`,
        { fn: 'xai bench', arg: '--resume', value: out },
      );
    }
    const changed = Object.keys({ ...previous.versions, ...prepared.versions }).filter(
      (k) => previous!.versions[k] !== prepared.versions[k],
    );
    if (changed.length > 0) {
      throw new XaiError(
        'BAD_OPTION',
        `${out} was computed by other code (${changed.map((k) => `${k}: ${previous!.versions[k] ?? 'none'} -> ${prepared.versions[k] ?? 'none'}`).join('; ')}); results would mix builds: start afresh without --resume`,
        { fn: 'xai bench', arg: '--resume', value: changed },
      );
    }
    if (JSON.stringify(previous.shard) !== JSON.stringify(config.shard)) {
      throw new XaiError(
        'BAD_OPTION',
        `${out} holds shard ${previous.shard ? `${previous.shard.index}/${previous.shard.count}` : 'none'}, not ${config.shard ? `${config.shard.index}/${config.shard.count}` : 'none'}`,
        { fn: 'xai bench', arg: '--resume', value: out },
      );
    }
    const loaded = loadResults(resultsPath);
    const keep = loaded.rows.filter((r) => mineIds.has(r.unit));
    complete = new Set([...loaded.completeUnits].filter((u) => mineIds.has(u)));
    // Compact: drop torn lines and partial units before appending again.
    writeCanonicalResults(resultsPath, keep);
    log(
      `resuming: ${complete.size} of ${mine.length} units already complete${loaded.discardedLines > 0 ? `, ${loaded.discardedLines} torn or partial lines dropped` : ''}`,
    );
  } else if (config.resume && existsSync(resultsPath)) {
    throw new XaiError('BAD_OPTION', `${out} has results.jsonl but no manifest.json: cannot check it belongs to this run`, {
      fn: 'xai bench',
      arg: '--resume',
      value: out,
    });
  } else {
    for (const f of OUTPUT_FILES) withIo('remove', join(out, f), 'xai bench', () => rmSync(join(out, f), { force: true }));
    withIo('remove', join(out, 'explanations'), 'xai bench', () => rmSync(join(out, 'explanations'), { recursive: true, force: true }));
  }

  const todo = dispatchOrder(mine.filter((u) => !complete.has(u.id)));
  const unitSeconds = new Map<string, number>();
  const cores = availableParallelism();
  // The commit of the code that runs (a checkout), never of the working directory's repository.
  const install = installSource();
  const invocation = (finishedAt: string | null, computed: number): Invocation => ({
    action: previous ? 'resume' : 'bench',
    startedAt,
    finishedAt,
    argv: options.argv ?? [],
    workers: config.workers,
    unitsSkipped: complete.size,
    unitsComputed: computed,
    stages: { ...stages },
    unitSeconds: Object.fromEntries([...unitSeconds].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v * 100) / 100])),
    ...(stages.units !== undefined && computed > 0
      ? {
          poolUtilisation:
            Math.round(
              (1000 * [...unitSeconds.values()].reduce((a, b) => a + b, 0)) / (Math.min(config.workers, todo.length) * stages.units),
            ) / 1000,
        }
      : {}),
  });
  const manifestOf = (status: RunManifest['status'], done: number, inv: Invocation): RunManifest => ({
    format: 'xai-bench-manifest@1',
    status,
    tool: { name: '@xai/bench', version: BENCH_VERSION },
    versions: prepared.versions,
    node: process.version,
    platform: `${platform()}-${arch()}`,
    cores,
    cpu: cpus()[0]?.model ?? 'unknown',
    git: install.git,
    install,
    config: effective,
    identity,
    identityHash,
    shard: config.shard,
    seeds: {
      run: config.seed,
      derivation:
        'every random draw comes from substream(seed, hashFloat64(instance row), ...labels): keyed by content and seed, never by position, worker or order',
    },
    datasets: prepared.datasets,
    models: prepared.models,
    floors: prepared.floors,
    ...(prepared.settings ? { settings: prepared.settings } : {}),
    plan: { units: plan.length, sha256: planHash },
    shardUnits: mine.length,
    completeUnits: done,
    invocations: [...(previous?.invocations ?? []), inv],
  });
  writeManifest(out, manifestOf('running', complete.size, invocation(null, 0)));

  // Stage 3: the units, on the worker pool.
  t = performance.now();
  if (todo.length > 0) {
    log(
      `${todo.length} units on ${Math.min(config.workers, todo.length)} worker thread(s)${config.shard ? ` (shard ${config.shard.index}/${config.shard.count})` : ''}`,
    );
  }
  // ETA from what units actually cost, by model x explainer (the static table only weighs the bar).
  const etaModel = createEtaEstimator(todo, Math.min(config.workers, todo.length));
  const progress = createProgress({
    stage: 'units',
    total: mine.length,
    start: complete.size,
    weight: todo.reduce((w, u) => w + unitCost(u), 0),
    eta: () => etaModel.eta(),
    ...(options.progressStream ? { stream: options.progressStream } : {}),
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.progressIntervalMs !== undefined ? { intervalMs: options.progressIntervalMs } : {}),
  });
  let computed = 0;
  try {
    await runUnits({
      engine: engineUrl,
      payload: prepared.payload,
      units: todo,
      workers: config.workers,
      onUnit(unit: Unit, rows, ms, attributions) {
        // Never append to a folder another process has taken over.
        lock.assertHeld();
        // The block first: a unit counts as done only once its rows are appended.
        if (config.saveExplanations && attributions) writeExplanationBlock(out, unit, attributions);
        appendUnitRows(resultsPath, rows);
        const k = `${unit.model}/${unit.explainer}`;
        unitSeconds.set(k, (unitSeconds.get(k) ?? 0) + ms / 1000);
        computed++;
        etaModel.done(unit, ms / 1000);
        progress.tick(1, unitCost(unit));
      },
    });
  } finally {
    progress.stop();
  }
  stages.units = seconds(t);

  // Stage 4: canonical results, summaries, reports, receipt.
  t = performance.now();
  const final = loadResults(resultsPath);
  const missing = mine.filter((u) => !final.completeUnits.has(u.id));
  if (missing.length > 0) {
    throw new XaiError('BAD_INPUT', `${missing.length} units are incomplete after the run (first: ${missing[0]!.id})`, {
      fn: 'runBench',
      arg: 'results',
      value: missing.length,
    });
  }
  const rows = final.rows.filter((r) => mineIds.has(r.unit));
  writeCanonicalResults(resultsPath, rows);
  if (config.saveExplanations) {
    const names = new Map(prepared.datasets.map((d) => [d.id, d.featureNames]));
    const saved = assembleExplanations(out, mine, { features: (d) => names.get(d), preset: config.preset, seed: config.seed });
    log(
      `explanations: ${saved.files.length / 3} dataset x model x explainer files in ${join(out, 'explanations')}${saved.missingBlocks.length > 0 ? `; MISSING for ${saved.missingBlocks.length} units reused from a run without --save-explanations (first: ${saved.missingBlocks[0]})` : ''}`,
    );
  }
  const draft = manifestOf('complete', mine.length, invocation(null, computed));
  const summary = await writeReports(out, rows, draft, reportCoverage(draft, final));
  stages.report = seconds(t);
  const manifest = manifestOf('complete', mine.length, invocation(new Date().toISOString(), computed));
  writeManifest(out, manifest);
  return { dir: out, manifest, summary, unitsComputed: computed, unitsSkipped: complete.size };
}

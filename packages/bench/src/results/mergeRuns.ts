import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XaiError, checkOptions } from '@xai/core';
import type { BenchConfig } from '../config/benchConfig.js';
import { compareRows, rowKey } from './canonicalOrder.js';
import { DATASETS, EXPLAINERS, METRICS, rankIn } from '../config/ids.js';
import { makeDirs, withIo } from '../system/ioError.js';
import { reportCoverage } from '../report/reportCoverage.js';
import { loadResults, writeCanonicalResults } from './resultsFile.js';
import type { ResultRow } from './resultRow.js';
import { OUTPUT_FILES, sha256 } from '../run/runBench.js';
import { acquireRunLock, cleanTempFiles } from '../run/runLock.js';
import type { MergedSource, RunManifest } from './runManifest.js';
import { writeManifest } from './runManifest.js';
import { assertShardsComplete, readShardManifests } from './shardCoverage.js';
import type { Summary } from './summarize.js';
import { REPORT_FIGURES, writeReports } from '../report/writeReports.js';
import { refuseOverwrite } from './refuseOverwrite.js';

export interface MergeRunsOptions {
  /** The command line, recorded in the manifest. */
  readonly argv?: readonly string[];
  /** Replace the outputs already in `out` (without it they are refused). @defaultValue false */
  readonly force?: boolean;
}

/** Settings that must agree for two runs' cells to be comparable (what the numbers depend on besides which cells). */
const SAME = ['preset', 'seed', 'blockSize', 'stabilityNeighbours', 'stabilitySamples'] as const;

const union = (lists: readonly (readonly string[])[], order: readonly string[]): string[] =>
  [...new Set(lists.flat())].sort((a, b) => rankIn(order, a) - rankIn(order, b) || (a < b ? -1 : a > b ? 1 : 0));

/** A folder given twice would count its rows twice. */
function refuseRepeats(dirs: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const d of dirs) {
    const key = resolve(d);
    const prev = seen.get(key);
    if (prev !== undefined)
      throw new XaiError('BAD_OPTION', `${d} is given twice${prev !== d ? ` (as ${prev} too)` : ''}; list each shard folder once`, {
        fn: 'xai merge',
        arg: d,
        value: d,
      });
    seen.set(key, d);
  }
}

/** Two folders holding the same shard of one run (a copy, or a rerun into another folder). */
function refuseSameShard(dirs: readonly string[], manifests: readonly RunManifest[]): void {
  const holder = new Map<string, string>();
  manifests.forEach((m, k) => {
    if (m.shard === null) return;
    const key = `${m.identityHash}/${m.shard.index}/${m.shard.count}`;
    const prev = holder.get(key);
    if (prev !== undefined)
      throw new XaiError(
        'BAD_INPUT',
        `${prev} and ${dirs[k]} both hold shard ${m.shard.index}/${m.shard.count} of the same run; give one of them`,
        {
          fn: 'xai merge',
          arg: dirs[k]!,
          value: m.shard,
        },
      );
    holder.set(key, dirs[k]!);
  });
}

/** Every folder must be a finished run comparable with the first: same settings, code, data and models. */
function refuseIncomparable(dirs: readonly string[], manifests: readonly RunManifest[], sameRun: boolean): void {
  const fn = 'xai merge';
  const first = manifests[0]!;
  manifests.forEach((m, k) => {
    const where = dirs[k]!;
    // Shards of one run are checked together afterwards, so every missing or unfinished one is named.
    if (m.status !== 'complete' && !sameRun)
      throw new XaiError('BAD_INPUT', `${where} is not complete (status ${m.status}); finish it with xai bench --resume`, {
        fn,
        arg: where,
        value: m.status,
      });
    const differs = SAME.filter((key) => m.config[key] !== first.config[key]);
    if (differs.length > 0) {
      throw new XaiError(
        'BAD_INPUT',
        `${where} is a different run (identity ${m.identityHash.slice(0, 12)} vs ${first.identityHash.slice(0, 12)}: ${differs.map((key) => `${key} ${String(m.config[key])} vs ${String(first.config[key])}`).join(', ')})`,
        { fn, arg: where, value: m.identityHash },
      );
    }
    if (JSON.stringify(m.versions) !== JSON.stringify(first.versions))
      throw new XaiError(
        'BAD_INPUT',
        `${where} ran other code (versions ${JSON.stringify(m.versions)} vs ${JSON.stringify(first.versions)})`,
        { fn, arg: where, value: m.versions },
      );
    if (sameRun && m.plan.sha256 !== first.plan.sha256)
      throw new XaiError(
        'BAD_INPUT',
        `${where} planned different units (plan ${m.plan.sha256.slice(0, 12)} vs ${first.plan.sha256.slice(0, 12)})`,
        { fn, arg: where, value: m.plan.sha256 },
      );
    refuseOtherInputs(where, m, first);
  });
}

/** The same dataset or model must have been read or trained identically in every folder. */
function refuseOtherInputs(where: string, m: RunManifest, first: RunManifest): void {
  const fn = 'xai merge';
  for (const d of m.datasets) {
    const o = first.datasets.find((x) => x.id === d.id);
    if (o && o.hash !== d.hash)
      throw new XaiError(
        'CHECKSUM_MISMATCH',
        `${where} read different input data for ${d.id} (${d.hash.slice(0, 12)} vs ${o.hash.slice(0, 12)})`,
        { fn, arg: where, value: d.id },
      );
  }
  for (const md of m.models) {
    const o = first.models.find((x) => x.dataset === md.dataset && x.model === md.model);
    if (o && o.hash !== md.hash)
      throw new XaiError(
        'CHECKSUM_MISMATCH',
        `${where} trained a different ${md.model} on ${md.dataset} (${md.hash.slice(0, 12)} vs ${o.hash.slice(0, 12)})`,
        { fn, arg: where, value: md.model },
      );
  }
}

/** Runs with other cells are merged whole: a shard of one of them would leave its run's cells half in. */
function refuseShardsOfOtherRuns(dirs: readonly string[], manifests: readonly RunManifest[], sameRun: boolean): void {
  manifests.forEach((m, k) => {
    const where = dirs[k]!;
    if (!sameRun && m.shard !== null)
      throw new XaiError(
        'BAD_INPUT',
        `${where} is shard ${m.shard.index}/${m.shard.count} of a run with other cells: merge the shards of each run first`,
        { fn: 'xai merge', arg: where, value: m.shard },
      );
  });
}

/** What the folders' results files hold together. */
interface CollectedRows {
  readonly rows: Map<string, { row: ResultRow; from: string }>;
  readonly units: Set<string>;
  readonly from: MergedSource[];
}

/** A results file that lost a line would lose its unit in the merge. */
function loadIntact(path: string) {
  const loaded = loadResults(path);
  const bad = loaded.damaged[0];
  if (bad !== undefined)
    throw new XaiError(
      bad.reason === 'checksum' ? 'CHECKSUM_MISMATCH' : 'PARSE_ERROR',
      `${path}:${bad.line} is damaged (${bad.reason}); merging would lose its unit`,
      { fn: 'xai merge', arg: `${path}:${bad.line}`, value: bad.reason, file: path, line: bad.line },
    );
  return loaded;
}

/** Different runs: the same cell computed twice must hold the same value in both. */
function combineCell(key: string, prev: { row: ResultRow; from: string }, r: ResultRow, dir: string): ResultRow {
  const metrics = { ...prev.row.metrics };
  for (const [m, v] of Object.entries(r.metrics)) {
    if (m in metrics && JSON.stringify(metrics[m]) !== JSON.stringify(v)) {
      throw new XaiError(
        'BAD_INPUT',
        `conflicting cell ${key} ${m}: ${JSON.stringify(metrics[m])} in ${prev.from} vs ${JSON.stringify(v)} in ${dir}`,
        { fn: 'xai merge', arg: `${key}/${m}`, value: [metrics[m], v] },
      );
    }
    metrics[m] = v;
  }
  const diag = prev.row.diag || r.diag ? { ...r.diag, ...prev.row.diag } : undefined;
  return { ...prev.row, metrics, ...(diag ? { diag } : {}) };
}

function collectRows(dirs: readonly string[], manifests: readonly RunManifest[], sameRun: boolean): CollectedRows {
  const rows = new Map<string, { row: ResultRow; from: string }>();
  const units = new Set<string>();
  const from: MergedSource[] = [];
  dirs.forEach((d, k) => {
    const loaded = loadIntact(join(d, 'results.jsonl'));
    for (const r of loaded.rows) {
      const key = rowKey(r);
      const prev = rows.get(key);
      if (prev === undefined) rows.set(key, { row: r, from: d });
      else if (!sameRun) rows.set(key, { row: combineCell(key, prev, r, d), from: prev.from });
    }
    for (const u of loaded.completeUnits) units.add(u);
    from.push({
      dir: resolve(d),
      shard: manifests[k]!.shard,
      completeUnits: loaded.completeUnits.size,
      ...(sameRun ? {} : { identityHash: manifests[k]!.identityHash, config: manifests[k]!.config }),
    });
  });
  return { rows, units, from };
}

/** The merged rows in canonical order; across runs, a unit's row count is the merged count. */
function mergedRows(collected: CollectedRows, sameRun: boolean): ResultRow[] {
  let all = [...collected.rows.values()].map((x) => x.row);
  if (!sameRun) {
    const count = new Map<string, number>();
    for (const r of all) count.set(r.unit, (count.get(r.unit) ?? 0) + 1);
    all = all.map((r) => ({ ...r, lines: count.get(r.unit)! }));
  }
  return all.sort(compareRows);
}

/** The settings of a merge of different runs: the union of their cells. */
function unionConfig(first: RunManifest, manifests: readonly RunManifest[], out: string): BenchConfig {
  const lists = <K extends 'datasets' | 'models' | 'explainers' | 'metrics'>(key: K) =>
    manifests.map((m) => m.config[key] as readonly string[]);
  return {
    ...first.config,
    shard: null,
    out: resolve(out),
    resume: false,
    datasets: union(lists('datasets'), DATASETS) as BenchConfig['datasets'],
    models: union(lists('models'), ['lr', 'ann']) as unknown as BenchConfig['models'],
    explainers: union(lists('explainers'), EXPLAINERS) as unknown as BenchConfig['explainers'],
    metrics: union(lists('metrics'), METRICS) as unknown as BenchConfig['metrics'],
    instances: Math.max(...manifests.map((m) => m.config.instances)),
    instanceOverrides: [],
  };
}

/** The merged datasets and models: each once, a dataset with the most instances any run gave it. */
function unionInputs(manifests: readonly RunManifest[]): Pick<RunManifest, 'datasets' | 'models'> {
  const datasets = [...new Map(manifests.flatMap((m) => m.datasets).map((d) => [d.id, d])).values()]
    .map((d) => ({
      ...d,
      instances: Math.max(...manifests.flatMap((m) => m.datasets.filter((x) => x.id === d.id).map((x) => x.instances))),
    }))
    .sort((a, b) => rankIn(DATASETS, a.id) - rankIn(DATASETS, b.id));
  const models = [...new Map(manifests.flatMap((m) => m.models).map((md) => [`${md.dataset}/${md.model}`, md])).values()];
  return { datasets, models };
}

interface MergeFacts {
  readonly manifests: readonly RunManifest[];
  readonly sameRun: boolean;
  readonly out: string;
  readonly all: readonly ResultRow[];
  readonly collected: CollectedRows;
  readonly startedAt: string;
  readonly argv: readonly string[];
}

/** The merged run's manifest (its merge invocation not yet finished). */
function mergedManifest(f: MergeFacts): RunManifest {
  const first = f.manifests[0]!;
  const units = f.collected.units;
  const identity = f.sameRun ? first.identity : { mergedOf: f.manifests.map((m) => m.identityHash).sort() };
  const unitIds = [...new Set(f.all.map((r) => r.unit))];
  return {
    ...first,
    status: 'complete',
    config: f.sameRun ? { ...first.config, shard: null, out: resolve(f.out), resume: false } : unionConfig(first, f.manifests, f.out),
    shard: null,
    ...(f.sameRun ? { datasets: first.datasets, models: first.models } : unionInputs(f.manifests)),
    identity,
    identityHash: f.sameRun ? first.identityHash : sha256(JSON.stringify(identity)),
    ...(f.sameRun
      ? {}
      : {
          plan: { units: unitIds.length, sha256: sha256(unitIds.join('\n')) },
          settings: { mergedSettings: f.manifests.map((m) => m.settings ?? null) },
        }),
    shardUnits: f.sameRun ? first.plan.units : unitIds.length,
    completeUnits: f.sameRun ? units.size : unitIds.length,
    mergedFrom: f.collected.from,
    invocations: [
      ...f.manifests.flatMap((m) => m.invocations),
      {
        action: 'merge',
        startedAt: f.startedAt,
        finishedAt: null,
        argv: f.argv,
        workers: 0,
        unitsSkipped: units.size,
        unitsComputed: 0,
        stages: {},
      },
    ],
  };
}

/** Writes results, reports and the manifest into `out` under its run lock. */
async function writeMerged(f: MergeFacts, t0: number): Promise<{ manifest: RunManifest; summary: Summary }> {
  const fn = 'xai merge';
  const created = makeDirs(f.out, fn);
  try {
    return await writeMergedLocked(f, t0);
  } catch (e) {
    // A merge that fails (a full disk) leaves no folder it made.
    if (created.length > 0) rmSync(created[0]!, { recursive: true, force: true });
    throw e;
  }
}

async function writeMergedLocked(f: MergeFacts, t0: number): Promise<{ manifest: RunManifest; summary: Summary }> {
  const fn = 'xai merge';
  const lock = await acquireRunLock(f.out, fn);
  try {
    cleanTempFiles(f.out, fn);
    for (const file of OUTPUT_FILES) withIo('remove', join(f.out, file), fn, () => rmSync(join(f.out, file), { force: true }));
    writeCanonicalResults(join(f.out, 'results.jsonl'), f.all);
    const manifest = mergedManifest(f);
    const loaded = loadResults(join(f.out, 'results.jsonl'));
    const summary = await writeReports(f.out, f.all, manifest, reportCoverage(manifest, loaded));
    const last = manifest.invocations.length - 1;
    const done: RunManifest = {
      ...manifest,
      invocations: manifest.invocations.map((inv, i) =>
        i === last ? { ...inv, finishedAt: new Date().toISOString(), stages: { merge: Math.round(performance.now() - t0) / 1000 } } : inv,
      ),
    };
    writeManifest(f.out, done);
    return { manifest: done, summary };
  } finally {
    lock.release();
  }
}

/**
 * Combines bench output folders into `out`. Shards of one run (`xai bench --shard i/n`, equal
 * identity) must together complete the plan, and give results, summaries and reports
 * byte-identical to a single unsharded run. Runs of the same data, models and preset that
 * differ only in which cells they computed (other explainers, metrics or instance counts)
 * are combined cell by cell: the same row and metric computed twice must hold the same value,
 * else the merge is refused naming the cell (`BAD_INPUT`).
 * @example await mergeRuns(['run-grad', 'run-lime-stability'], 'all')
 * @since 0.1.0
 */
export async function mergeRuns(
  dirs: readonly string[],
  out: string,
  options: MergeRunsOptions = {},
): Promise<{ manifest: RunManifest; summary: Summary }> {
  const fn = 'xai merge';
  checkOptions(options, ['argv', 'force'], 'mergeRuns');
  if (dirs.length === 0) throw new XaiError('BAD_OPTION', 'give at least one shard directory', { fn, arg: 'dirs', value: 0 });
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  // 1. The folders: each once, no shard twice, all comparable with the first.
  refuseRepeats(dirs);
  const manifests = readShardManifests(dirs);
  refuseSameShard(dirs, manifests);
  const first = manifests[0]!;
  const sameRun = manifests.every((m) => m.identityHash === first.identityHash);
  refuseIncomparable(dirs, manifests, sameRun);
  if (sameRun) assertShardsComplete(dirs, manifests);
  refuseShardsOfOtherRuns(dirs, manifests, sameRun);
  // 2. Their rows, combined (shards: every planned unit present).
  const collected = collectRows(dirs, manifests, sameRun);
  if (sameRun && collected.units.size !== first.plan.units) {
    throw new XaiError(
      'BAD_INPUT',
      `the shards hold ${collected.units.size} of the plan's ${first.plan.units} units; a shard is missing or unfinished`,
      { fn, arg: 'dirs', value: collected.units.size },
    );
  }
  // 3. Written out as one run, never over another run's outputs unless forced.
  refuseOverwrite(out, [...OUTPUT_FILES, REPORT_FIGURES], {
    force: options.force === true,
    fn,
    arg: '--out',
    how: '--force to replace it',
  });
  const all = mergedRows(collected, sameRun);
  return writeMerged({ manifests, sameRun, out, all, collected, startedAt, argv: options.argv ?? [] }, t0);
}

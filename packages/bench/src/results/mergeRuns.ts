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
import { writeReports } from '../report/writeReports.js';

export interface MergeRunsOptions {
  /** The command line, recorded in the manifest. */
  readonly argv?: readonly string[];
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
  checkOptions(options, ['argv'], 'mergeRuns');
  if (dirs.length === 0) throw new XaiError('BAD_OPTION', 'give at least one shard directory', { fn, arg: 'dirs', value: 0 });
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  refuseRepeats(dirs);
  const manifests = readShardManifests(dirs);
  refuseSameShard(dirs, manifests);
  const first = manifests[0]!;
  const sameRun = manifests.every((m) => m.identityHash === first.identityHash);
  manifests.forEach((m, k) => {
    const where = dirs[k]!;
    // Shards of one run are checked together below, so every missing or unfinished one is named.
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
  });
  if (sameRun) assertShardsComplete(dirs, manifests);
  manifests.forEach((m, k) => {
    const where = dirs[k]!;
    if (!sameRun && m.shard !== null)
      throw new XaiError(
        'BAD_INPUT',
        `${where} is shard ${m.shard.index}/${m.shard.count} of a run with other cells: merge the shards of each run first`,
        { fn, arg: where, value: m.shard },
      );
  });
  const rows = new Map<string, { row: ResultRow; from: string }>();
  const units = new Set<string>();
  const from: MergedSource[] = [];
  dirs.forEach((d, k) => {
    const path = join(d, 'results.jsonl');
    const loaded = loadResults(path);
    const bad = loaded.damaged[0];
    if (bad !== undefined)
      throw new XaiError(
        bad.reason === 'checksum' ? 'CHECKSUM_MISMATCH' : 'PARSE_ERROR',
        `${path}:${bad.line} is damaged (${bad.reason}); merging would lose its unit`,
        { fn, arg: `${path}:${bad.line}`, value: bad.reason, file: path, line: bad.line },
      );
    for (const r of loaded.rows) {
      const key = rowKey(r);
      const prev = rows.get(key);
      if (prev === undefined) {
        rows.set(key, { row: r, from: d });
        continue;
      }
      if (sameRun) continue;
      // Different runs: the same cell computed twice must agree.
      const metrics = { ...prev.row.metrics };
      for (const [m, v] of Object.entries(r.metrics)) {
        if (m in metrics && JSON.stringify(metrics[m]) !== JSON.stringify(v)) {
          throw new XaiError(
            'BAD_INPUT',
            `conflicting cell ${key} ${m}: ${JSON.stringify(metrics[m])} in ${prev.from} vs ${JSON.stringify(v)} in ${d}`,
            { fn, arg: `${key}/${m}`, value: [metrics[m], v] },
          );
        }
        metrics[m] = v;
      }
      const diag = prev.row.diag || r.diag ? { ...r.diag, ...prev.row.diag } : undefined;
      rows.set(key, { row: { ...prev.row, metrics, ...(diag ? { diag } : {}) }, from: prev.from });
    }
    for (const u of loaded.completeUnits) units.add(u);
    from.push({
      dir: resolve(d),
      shard: manifests[k]!.shard,
      completeUnits: loaded.completeUnits.size,
      ...(sameRun ? {} : { identityHash: manifests[k]!.identityHash, config: manifests[k]!.config }),
    });
  });
  if (sameRun && units.size !== first.plan.units) {
    throw new XaiError(
      'BAD_INPUT',
      `the shards hold ${units.size} of the plan's ${first.plan.units} units; a shard is missing or unfinished`,
      { fn, arg: 'dirs', value: units.size },
    );
  }
  let all = [...rows.values()].map((x) => x.row);
  if (!sameRun) {
    // A unit's row count is the merged count (one run may have covered more of a block).
    const count = new Map<string, number>();
    for (const r of all) count.set(r.unit, (count.get(r.unit) ?? 0) + 1);
    all = all.map((r) => ({ ...r, lines: count.get(r.unit)! }));
  }
  all.sort(compareRows);
  makeDirs(out, fn);
  const lock = await acquireRunLock(out, fn);
  try {
    cleanTempFiles(out, fn);
    for (const f of OUTPUT_FILES) withIo('remove', join(out, f), fn, () => rmSync(join(out, f), { force: true }));
    writeCanonicalResults(join(out, 'results.jsonl'), all);
    const config: BenchConfig = sameRun
      ? { ...first.config, shard: null, out: resolve(out), resume: false }
      : {
          ...first.config,
          shard: null,
          out: resolve(out),
          resume: false,
          datasets: union(
            manifests.map((m) => m.config.datasets),
            DATASETS,
          ) as BenchConfig['datasets'],
          models: union(
            manifests.map((m) => m.config.models),
            ['lr', 'ann'],
          ) as unknown as BenchConfig['models'],
          explainers: union(
            manifests.map((m) => m.config.explainers),
            EXPLAINERS,
          ) as unknown as BenchConfig['explainers'],
          metrics: union(
            manifests.map((m) => m.config.metrics),
            METRICS,
          ) as unknown as BenchConfig['metrics'],
          instances: Math.max(...manifests.map((m) => m.config.instances)),
          instanceOverrides: [],
        };
    const datasets = sameRun
      ? first.datasets
      : [...new Map(manifests.flatMap((m) => m.datasets).map((d) => [d.id, d])).values()]
          .map((d) => ({
            ...d,
            instances: Math.max(...manifests.flatMap((m) => m.datasets.filter((x) => x.id === d.id).map((x) => x.instances))),
          }))
          .sort((a, b) => rankIn(DATASETS, a.id) - rankIn(DATASETS, b.id));
    const models = sameRun
      ? first.models
      : [...new Map(manifests.flatMap((m) => m.models).map((md) => [`${md.dataset}/${md.model}`, md])).values()];
    const identity = sameRun ? first.identity : { mergedOf: manifests.map((m) => m.identityHash).sort() };
    const unitIds = [...new Set(all.map((r) => r.unit))];
    const manifest: RunManifest = {
      ...first,
      status: 'complete',
      config,
      shard: null,
      datasets,
      models,
      identity,
      identityHash: sameRun ? first.identityHash : sha256(JSON.stringify(identity)),
      ...(sameRun
        ? {}
        : {
            plan: { units: unitIds.length, sha256: sha256(unitIds.join('\n')) },
            settings: { mergedSettings: manifests.map((m) => m.settings ?? null) },
          }),
      shardUnits: sameRun ? first.plan.units : unitIds.length,
      completeUnits: sameRun ? units.size : unitIds.length,
      mergedFrom: from,
      invocations: [
        ...manifests.flatMap((m) => m.invocations),
        {
          action: 'merge',
          startedAt,
          finishedAt: null,
          argv: options.argv ?? [],
          workers: 0,
          unitsSkipped: units.size,
          unitsComputed: 0,
          stages: {},
        },
      ],
    };
    const loaded = loadResults(join(out, 'results.jsonl'));
    const summary = await writeReports(out, all, manifest, reportCoverage(manifest, loaded));
    const done: RunManifest = {
      ...manifest,
      invocations: manifest.invocations.map((inv, i) =>
        i === manifest.invocations.length - 1
          ? { ...inv, finishedAt: new Date().toISOString(), stages: { merge: Math.round(performance.now() - t0) / 1000 } }
          : inv,
      ),
    };
    writeManifest(out, done);
    return { manifest: done, summary };
  } finally {
    lock.release();
  }
}

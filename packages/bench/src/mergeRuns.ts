import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XaiError } from '@xai/core';
import { compareRows, rowKey } from './canonicalOrder';
import { loadResults, writeCanonicalResults } from './resultsFile';
import type { ResultRow } from './resultRow';
import { OUTPUT_FILES } from './runBench';
import type { RunManifest } from './runManifest';
import { readManifest, writeManifest } from './runManifest';
import type { Summary } from './summarize';
import { writeReports } from './writeReports';

export interface MergeRunsOptions {
  /** The command line, recorded in the manifest. */
  readonly argv?: readonly string[];
}

/**
 * Combines the output folders of the shards of one run (`xai bench --shard i/n`) into `out`:
 * checks they are the same run (identity hash, plan, input and model hashes), that together
 * they complete the plan, and writes results, summaries and reports byte-identical to what a
 * single unsharded run writes.
 * @since 0.1.0
 */
export async function mergeRuns(dirs: readonly string[], out: string, options: MergeRunsOptions = {}): Promise<{ manifest: RunManifest; summary: Summary }> {
  const fn = 'xai merge';
  if (dirs.length === 0) throw new XaiError('BAD_OPTION', 'give at least one shard directory', { fn, arg: 'dirs', value: 0 });
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const manifests = dirs.map((d) => readManifest(d));
  const first = manifests[0]!;
  manifests.forEach((m, k) => {
    const where = dirs[k]!;
    if (m.status !== 'complete') throw new XaiError('BAD_INPUT', `${where} is not complete (status ${m.status}); finish it with xai bench --resume`, { fn, arg: where, value: m.status });
    if (m.identityHash !== first.identityHash) throw new XaiError('BAD_INPUT', `${where} is a different run (identity ${m.identityHash.slice(0, 12)} vs ${first.identityHash.slice(0, 12)})`, { fn, arg: where, value: m.identityHash });
    if (JSON.stringify(m.versions) !== JSON.stringify(first.versions)) throw new XaiError('BAD_INPUT', `${where} ran other code (versions ${JSON.stringify(m.versions)} vs ${JSON.stringify(first.versions)})`, { fn, arg: where, value: m.versions });
    if (m.plan.sha256 !== first.plan.sha256) throw new XaiError('BAD_INPUT', `${where} planned different units (plan ${m.plan.sha256.slice(0, 12)} vs ${first.plan.sha256.slice(0, 12)})`, { fn, arg: where, value: m.plan.sha256 });
    for (const d of m.datasets) {
      const o = first.datasets.find((x) => x.id === d.id);
      if (o && o.hash !== d.hash) throw new XaiError('CHECKSUM_MISMATCH', `${where} read different input data for ${d.id} (${d.hash.slice(0, 12)} vs ${o.hash.slice(0, 12)})`, { fn, arg: where, value: d.id });
    }
    for (const md of m.models) {
      const o = first.models.find((x) => x.dataset === md.dataset && x.model === md.model);
      if (o && o.hash !== md.hash) throw new XaiError('CHECKSUM_MISMATCH', `${where} trained a different ${md.model} on ${md.dataset} (${md.hash.slice(0, 12)} vs ${o.hash.slice(0, 12)})`, { fn, arg: where, value: md.model });
    }
  });
  const rows = new Map<string, ResultRow>();
  const units = new Set<string>();
  const from: { dir: string; shard: RunManifest['shard']; completeUnits: number }[] = [];
  dirs.forEach((d, k) => {
    const loaded = loadResults(join(d, 'results.jsonl'));
    for (const r of loaded.rows) if (!rows.has(rowKey(r))) rows.set(rowKey(r), r);
    for (const u of loaded.completeUnits) units.add(u);
    from.push({ dir: resolve(d), shard: manifests[k]!.shard, completeUnits: loaded.completeUnits.size });
  });
  if (units.size !== first.plan.units) {
    throw new XaiError('BAD_INPUT', `the shards hold ${units.size} of the plan's ${first.plan.units} units; a shard is missing or unfinished`, { fn, arg: 'dirs', value: units.size });
  }
  mkdirSync(out, { recursive: true });
  for (const f of OUTPUT_FILES) rmSync(join(out, f), { force: true });
  const all = [...rows.values()].sort(compareRows);
  writeCanonicalResults(join(out, 'results.jsonl'), all);
  const manifest: RunManifest = {
    ...first, status: 'complete', config: { ...first.config, shard: null, out: resolve(out), resume: false }, shard: null,
    shardUnits: first.plan.units, completeUnits: units.size, mergedFrom: from,
    invocations: [...manifests.flatMap((m) => m.invocations), {
      action: 'merge', startedAt, finishedAt: null, argv: options.argv ?? [], workers: 0, unitsSkipped: units.size, unitsComputed: 0, stages: {},
    }],
  };
  const summary = await writeReports(out, all, manifest);
  const done: RunManifest = {
    ...manifest,
    invocations: manifest.invocations.map((inv, i) => (i === manifest.invocations.length - 1 ? { ...inv, finishedAt: new Date().toISOString(), stages: { merge: Math.round(performance.now() - t0) / 1000 } } : inv)),
  };
  writeManifest(out, done);
  return { manifest: done, summary };
}

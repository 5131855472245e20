// Stage 2 of a run: what is already done in the output folder (`--resume`), or a clean slate.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { XaiError } from '@xai/core';
import type { BenchConfig } from '../config/benchConfig.js';
import { loadResults, writeCanonicalResults } from '../results/resultsFile.js';
import type { RunManifest } from '../results/runManifest.js';
import { readManifest } from '../results/runManifest.js';
import { withIo } from '../system/ioError.js';
import type { PreparedRun } from './benchEngine.js';

/** The previous run being continued (null for a fresh one) and its units already complete. */
export interface ResumeState {
  readonly previous: RunManifest | null;
  readonly complete: ReadonlySet<string>;
}

/** A resumed folder must hold this very run: same identity, same code, same shard. */
function checkResumable(previous: RunManifest, identityHash: string, prepared: PreparedRun, config: BenchConfig, out: string): void {
  const fn = 'xai bench';
  if (previous.identityHash !== identityHash) {
    throw new XaiError(
      'BAD_OPTION',
      `${out} holds a different run (identity ${previous.identityHash.slice(0, 12)}, this config ${identityHash.slice(0, 12)}); resume with the same settings or use another --out`,
      { fn, arg: '--resume', value: out },
    );
  }
  const changed = Object.keys({ ...previous.versions, ...prepared.versions }).filter((k) => previous.versions[k] !== prepared.versions[k]);
  if (changed.length > 0) {
    throw new XaiError(
      'BAD_OPTION',
      `${out} was computed by other code (${changed.map((k) => `${k}: ${previous.versions[k] ?? 'none'} -> ${prepared.versions[k] ?? 'none'}`).join('; ')}); results would mix builds: start afresh without --resume`,
      { fn, arg: '--resume', value: changed },
    );
  }
  if (JSON.stringify(previous.shard) !== JSON.stringify(config.shard)) {
    throw new XaiError(
      'BAD_OPTION',
      `${out} holds shard ${previous.shard ? `${previous.shard.index}/${previous.shard.count}` : 'none'}, not ${config.shard ? `${config.shard.index}/${config.shard.count}` : 'none'}`,
      { fn, arg: '--resume', value: out },
    );
  }
}

/**
 * Resuming: checks the folder holds this run, keeps the complete units of this shard and
 * compacts the results file (torn lines and partial units dropped). A fresh run: removes the
 * outputs a run writes (the caller has already refused another run's outputs without --force).
 */
export function resumeState(
  config: BenchConfig,
  out: string,
  prepared: PreparedRun,
  run: { readonly identityHash: string; readonly mineIds: ReadonlySet<string>; readonly shardUnits: number },
  outputFiles: readonly string[],
  log: (line: string) => void,
): ResumeState {
  const resultsPath = join(out, 'results.jsonl');
  if (config.resume && existsSync(join(out, 'manifest.json'))) {
    const previous = readManifest(out);
    checkResumable(previous, run.identityHash, prepared, config, out);
    const loaded = loadResults(resultsPath);
    const keep = loaded.rows.filter((r) => run.mineIds.has(r.unit));
    const complete = new Set([...loaded.completeUnits].filter((u) => run.mineIds.has(u)));
    writeCanonicalResults(resultsPath, keep);
    log(
      `resuming: ${complete.size} of ${run.shardUnits} units already complete${loaded.discardedLines > 0 ? `, ${loaded.discardedLines} torn or partial lines dropped` : ''}`,
    );
    return { previous, complete };
  }
  if (config.resume && existsSync(resultsPath)) {
    throw new XaiError('BAD_OPTION', `${out} has results.jsonl but no manifest.json: cannot check it belongs to this run`, {
      fn: 'xai bench',
      arg: '--resume',
      value: out,
    });
  }
  for (const f of outputFiles) withIo('remove', join(out, f), 'xai bench', () => rmSync(join(out, f), { force: true }));
  withIo('remove', join(out, 'explanations'), 'xai bench', () => rmSync(join(out, 'explanations'), { recursive: true, force: true }));
  return { previous: null, complete: new Set() };
}

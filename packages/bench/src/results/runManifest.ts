import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '@xai/core/node';
import { join } from 'node:path';
import { XaiError, isXaiError, parseJsonText } from '@xai/core';
import { withIo } from '../system/ioError.js';
import type { BenchConfig, ShardSpec } from '../config/benchConfig.js';
import type { PreparedDataset, PreparedModel } from '../run/benchEngine.js';
import type { InstallSource } from '../system/gitCommit.js';

/** One process that worked on the run (a fresh start, a resume, or a merge). */
export interface Invocation {
  readonly action: 'bench' | 'resume' | 'merge' | 'report';
  readonly startedAt: string;
  readonly finishedAt: string | null;
  readonly argv: readonly string[];
  readonly workers: number;
  readonly unitsSkipped: number;
  readonly unitsComputed: number;
  /** Wall time per stage, seconds. */
  readonly stages: Readonly<Record<string, number>>;
  /** Wall seconds of the units, summed over workers, by `model/explainer` (grows with the machine's load). */
  readonly unitWallSeconds?: Readonly<Record<string, number>>;
  /**
   * CPU seconds (user + system) of the worker threads over their units, summed, by `model/explainer`:
   * where the work goes, independent of load. Absent where the platform exposes no per-thread CPU time.
   */
  readonly unitCpuSeconds?: Readonly<Record<string, number>>;
  /** CPU seconds (user + system) of the whole process, every thread, over this invocation. */
  readonly cpuSeconds?: number;
  /** Sum of unit wall time / (worker threads x units wall time): how busy the pool kept its workers. */
  readonly poolUtilisation?: number;
}

/**
 * `manifest.json`, the run's receipt: what produced the numbers (versions, git commit, machine),
 * with what (config, its identity hash, seeds, input and model hashes), and how long each
 * stage took. Everything needed to check or repeat the run.
 */
export interface RunManifest {
  readonly format: 'xai-bench-manifest@1';
  readonly status: 'running' | 'complete';
  readonly tool: { readonly name: string; readonly version: string };
  readonly versions: Readonly<Record<string, string>>;
  readonly node: string;
  readonly platform: string;
  readonly cores: number;
  readonly cpu: string;
  /** The commit of the checkout the running code was built in; null for an installed package (see `install`). */
  readonly git: { readonly commit: string; readonly dirty: boolean } | null;
  /** Where the running code comes from (a checkout or an installed package) and why `git` is or is not set. */
  readonly install?: InstallSource;
  readonly config: BenchConfig;
  /** The settings that decide the numbers, and their sha256 (resume and merge require equality). */
  readonly identity: Readonly<Record<string, unknown>>;
  readonly identityHash: string;
  readonly shard: ShardSpec | null;
  readonly seeds: { readonly run: number; readonly derivation: string };
  readonly datasets: readonly PreparedDataset[];
  readonly models: readonly PreparedModel[];
  readonly floors: readonly string[];
  /** The engine's resolved settings (explainer configurations, metric options, ground-truth policy). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** The whole plan (all shards): unit count and sha256 of the canonical unit-id list. */
  readonly plan: { readonly units: number; readonly sha256: string };
  /** Units of this shard (all units when unsharded) and how many are complete. */
  readonly shardUnits: number;
  readonly completeUnits: number;
  readonly invocations: readonly Invocation[];
  /** Set by `xai merge`: the shard directories combined. */
  readonly mergedFrom?: readonly MergedSource[];
}

/** One folder combined by `xai merge`; `config` is kept when the runs differ in which cells they computed. */
export interface MergedSource {
  readonly dir: string;
  readonly shard: ShardSpec | null;
  readonly completeUnits: number;
  readonly identityHash?: string;
  readonly config?: BenchConfig;
}

/** Reads `<dir>/manifest.json`; NOT_FOUND / PARSE_ERROR name the file. @since 0.1.0 */
export function readManifest(dir: string): RunManifest {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path))
    throw new XaiError('NOT_FOUND', `no manifest.json in ${dir} (not a bench output directory?)`, {
      fn: 'readManifest',
      arg: 'dir',
      value: dir,
    });
  let m: unknown;
  try {
    m = parseJsonText(
      withIo('read', path, 'readManifest', () => readFileSync(path, 'utf8')),
      { file: path, fn: 'readManifest', arg: 'dir' },
    );
  } catch (e) {
    if (isXaiError(e, 'IO_ERROR')) throw e;
    const { line, column, problem, key } = (e as XaiError).details as { line?: number; column?: number; problem?: string; key?: string };
    throw new XaiError('PARSE_ERROR', `${path} is not valid JSON (line ${line}, column ${column}: ${problem})`, {
      fn: 'readManifest',
      arg: 'dir',
      value: dir,
      file: path,
      line,
      column,
      ...(key === undefined ? {} : { key }),
    });
  }
  if (m === null || typeof m !== 'object' || (m as { format?: unknown }).format !== 'xai-bench-manifest@1') {
    throw new XaiError('PARSE_ERROR', `${path} is not an xai-bench-manifest@1`, { fn: 'readManifest', arg: 'dir', value: dir });
  }
  return m as RunManifest;
}

/** Writes `<dir>/manifest.json` atomically (the shared writer: temp file, fsync, rename). @since 0.1.0 */
export function writeManifest(dir: string, manifest: RunManifest): void {
  writeFileAtomicSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, 'writeManifest');
}

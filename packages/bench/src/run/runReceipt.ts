// The run's receipt (manifest.json) as it grows: what ran, on what, with which settings, and
// each invocation's stages, worker count and unit costs.
import { availableParallelism, arch, cpus, platform } from 'node:os';
import type { BenchConfig } from '../config/benchConfig.js';
import type { Invocation, RunManifest } from '../results/runManifest.js';
import { installSource } from '../system/gitCommit.js';
import { processCpuSeconds } from '../system/threadCpu.js';
import { BENCH_VERSION } from '../system/version.js';
import type { PreparedRun } from './benchEngine.js';
import type { ResumeState } from './resumeState.js';

/** What the receipt records of the run's plan. */
export interface PlannedRun {
  readonly effective: BenchConfig;
  readonly identity: RunManifest['identity'];
  readonly identityHash: string;
  readonly planUnits: number;
  readonly planHash: string;
  readonly shardUnits: number;
}

/** Live figures of this invocation, filled in as the run goes. */
export interface RunProgress {
  readonly startedAt: string;
  readonly argv: readonly string[];
  readonly stages: Record<string, number>;
  /** Wall and CPU seconds of the computed units by `model/explainer`. */
  readonly unitWallSeconds: Map<string, number>;
  readonly unitCpuSeconds: Map<string, number>;
  /** Process CPU seconds when this invocation started. */
  readonly cpuAtStart: number;
  /** Units this invocation has to compute (for the pool's utilisation). */
  readonly todo: number;
}

/** This invocation's line of the receipt. */
function invocationOf(
  config: BenchConfig,
  resume: ResumeState,
  live: RunProgress,
  finishedAt: string | null,
  computed: number,
): Invocation {
  const { stages, unitWallSeconds, unitCpuSeconds } = live;
  return {
    action: resume.previous ? 'resume' : 'bench',
    startedAt: live.startedAt,
    finishedAt,
    argv: live.argv,
    workers: config.workers,
    unitsSkipped: resume.complete.size,
    unitsComputed: computed,
    stages: { ...stages },
    unitWallSeconds: byCost(unitWallSeconds),
    ...(unitCpuSeconds.size > 0 ? { unitCpuSeconds: byCost(unitCpuSeconds) } : {}),
    cpuSeconds: round2(processCpuSeconds() - live.cpuAtStart),
    ...(stages.units !== undefined && computed > 0
      ? {
          poolUtilisation:
            Math.round(
              (1000 * [...unitWallSeconds.values()].reduce((a, b) => a + b, 0)) / (Math.min(config.workers, live.todo) * stages.units),
            ) / 1000,
        }
      : {}),
  };
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** Seconds by `model/explainer`, costliest first, to the hundredth. */
function byCost(seconds: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries([...seconds].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, round2(v)]));
}

/** The receipt writer of one invocation: `(status, completeUnits, finishedAt, computed) => manifest`. */
export function runReceipt(
  config: BenchConfig,
  prepared: PreparedRun,
  planned: PlannedRun,
  resume: ResumeState,
  live: RunProgress,
): (status: RunManifest['status'], done: number, finishedAt: string | null, computed: number) => RunManifest {
  const cores = availableParallelism();
  // The commit of the code that runs (a checkout), never of the working directory's repository.
  const install = installSource();
  return (status, done, finishedAt, computed) => ({
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
    config: planned.effective,
    identity: planned.identity,
    identityHash: planned.identityHash,
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
    plan: { units: planned.planUnits, sha256: planned.planHash },
    shardUnits: planned.shardUnits,
    completeUnits: done,
    invocations: [...(resume.previous?.invocations ?? []), invocationOf(config, resume, live, finishedAt, computed)],
  });
}

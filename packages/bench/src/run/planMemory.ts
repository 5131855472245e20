import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { XaiError } from '@xai/core';
import { LIME_CACHE_BYTES } from '@xai/explainers';

/** What a run's largest unit of work holds at once, per worker. */
export interface MemoryPlan {
  /** Bytes one worker holds for its largest unit (perturbation matrices) and its payload. */
  readonly perWorker: number;
  readonly workers: number;
  readonly total: number;
  /** The bytes this process may use: the machine's memory, or a lower cgroup limit. */
  readonly available: number;
  /** The term that dominates, in words (for the message). */
  readonly largest: string;
}

export interface MemoryPlanInput {
  /** Model columns of each dataset of the run, and its training plus scored rows. */
  readonly datasets: readonly { readonly id: string; readonly features: number; readonly rows: number }[];
  readonly explainers: readonly string[];
  readonly blockSize: number;
  readonly stabilitySamples: number;
  readonly workers: number;
}

const GIB = 1024 ** 3;

/** The cgroup v2 memory limit of this process (`memory.max`), when one is set. */
function cgroupMemoryLimit(): number | null {
  try {
    const v = readFileSync('/sys/fs/cgroup/memory.max', 'utf8').trim();
    return /^\d+$/.test(v) ? Number(v) : null;
  } catch {
    return null;
  }
}

/** The memory this process may use: the smaller of the machine's and the cgroup limit. @since 0.3.0 */
export function availableMemory(): number {
  const limit = cgroupMemoryLimit();
  return limit !== null ? Math.min(limit, totalmem()) : totalmem();
}

/**
 * An upper estimate of a run's memory: per worker, the largest perturbation matrix a unit holds
 * (a block's stability candidates `blockSize × stabilitySamples × d`, KernelSHAP's coalitions
 * `blockSize × (2d + 2048) × d`, LIME's samples `blockSize × 1000 × d`; each twice, for the
 * points and their outputs, in float64) plus the dataset payload every worker keeps and, with
 * LIME, its cache of released-stream factorisations (`LIME_CACHE_BYTES`).
 * @example planMemory({ datasets: [{ id: 'x', features: 5000, rows: 1000 }], explainers: ['shap'], blockSize: 10, stabilitySamples: 1000, workers: 2 }, 24 * 2 ** 30)
 * @since 0.3.0
 */
export function planMemory(input: MemoryPlanInput, available: number = availableMemory()): MemoryPlan {
  let unit = 0;
  let largest = '';
  let payload = 0;
  for (const ds of input.datasets) {
    const d = ds.features;
    payload += ds.rows * d * 8;
    const terms: [string, number][] = [
      [`stability candidates ${input.blockSize} × ${input.stabilitySamples} × ${d}`, input.stabilitySamples],
    ];
    if (input.explainers.includes('shap')) terms.push([`KernelSHAP coalitions ${input.blockSize} × ${2 * d + 2048} × ${d}`, 2 * d + 2048]);
    if (input.explainers.includes('lime')) terms.push([`LIME samples ${input.blockSize} × 1000 × ${d}`, 1000]);
    for (const [what, samples] of terms) {
      const bytes = 2 * input.blockSize * samples * d * 8;
      if (bytes > unit) {
        unit = bytes;
        largest = `${ds.id}: ${what}`;
      }
    }
  }
  const perWorker = unit + payload + (input.explainers.includes('lime') ? LIME_CACHE_BYTES : 0);
  return { perWorker, workers: input.workers, total: perWorker * input.workers, available, largest };
}

/**
 * Refuses, before any work, a run whose planned memory exceeds 90 % of what the process may use,
 * naming the figures and the flags that lower them.
 * @since 0.3.0
 */
export function assertMemoryPlan(plan: MemoryPlan): void {
  if (plan.total <= 0.9 * plan.available) return;
  const gib = (b: number): string => `${(b / GIB).toFixed(1)} GiB`;
  throw new XaiError(
    'BAD_OPTION',
    `this run needs about ${gib(plan.total)} (${gib(plan.perWorker)} per worker × ${plan.workers} workers; largest: ${plan.largest}) but ${gib(plan.available)} is available; lower --stability-samples, --block-size or --workers, or drop features`,
    { fn: 'xai bench', arg: '--stability-samples', value: plan.total },
  );
}

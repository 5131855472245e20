import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CgroupCpuLimit } from './cgroupCpuLimit.js';
import { cgroupCpuLimit } from './cgroupCpuLimit.js';

/** The CPUs this process may use, from each source, and the worker count they give. */
export interface CpuAllocation {
  /** Default worker threads: the smallest of the sources below, rounded up, at least 1. */
  readonly cpus: number;
  /** Which source decided `cpus`. */
  readonly limitedBy: 'availableParallelism' | 'affinity' | 'cgroup quota';
  /** `os.availableParallelism()` (on Linux this already counts the CPU affinity mask). */
  readonly availableParallelism: number;
  /** CPUs in `Cpus_allowed_list` of `/proc/self/status` (Slurm's task binding, a cpuset), or null off Linux. */
  readonly affinity: number | null;
  /** The tightest cgroup CPU bandwidth limit (a Kubernetes CPU limit, Slurm's cgroup plugin), or null. */
  readonly cgroupQuota: CgroupCpuLimit | null;
}

export interface CpuAllocationOptions {
  /** Prefix of every path read (`/proc`, `/sys`): a fake tree in tests. @defaultValue '/' */
  readonly root?: string;
  /** @defaultValue os.availableParallelism() */
  readonly availableParallelism?: number;
}

/**
 * Counts a CPU list such as `0-3,8,10-11` (7).
 * @example cpuListSize('0-3,8') // 5
 * @since 0.2.0
 */
export function cpuListSize(list: string): number {
  let n = 0;
  for (const part of list.trim().split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (m) n += m[2] === undefined ? 1 : Number(m[2]) - Number(m[1]) + 1;
  }
  return n;
}

function affinityCount(root: string): number | null {
  try {
    const m = /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(join(root, 'proc/self/status'), 'utf8'));
    const n = m ? cpuListSize(m[1]!) : 0;
    return n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * The CPUs the scheduler gave this process: the CPU affinity (what Slurm's `--cpus-per-task`
 * binds, and `os.availableParallelism()` counts) and the cgroup CPU quota (what a Kubernetes
 * CPU limit sets, which affinity does not show). `--workers` overrides it.
 * @example cpuAllocation().cpus // 1 in a Slurm task with --cpus-per-task=1
 * @since 0.2.0
 */
export function cpuAllocation(options: CpuAllocationOptions = {}): CpuAllocation {
  const root = options.root ?? '/';
  const parallelism = options.availableParallelism ?? availableParallelism();
  const affinity = affinityCount(root);
  const quota = cgroupCpuLimit(root);
  const candidates: [CpuAllocation['limitedBy'], number][] = [['availableParallelism', parallelism]];
  if (affinity !== null) candidates.push(['affinity', affinity]);
  if (quota !== null) candidates.push(['cgroup quota', Math.ceil(quota.cpus - 1e-9)]);
  const [limitedBy, n] = candidates.reduce((a, b) => (b[1] < a[1] ? b : a));
  return { cpus: Math.max(1, n), limitedBy, availableParallelism: parallelism, affinity, cgroupQuota: quota };
}

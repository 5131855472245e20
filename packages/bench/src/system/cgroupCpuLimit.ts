import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

/** A CPU bandwidth limit found in the process's cgroup (or an ancestor's): `quota / period` CPUs. */
export interface CgroupCpuLimit {
  /** The file that set it, e.g. `/sys/fs/cgroup/slurm/job_7/cpu.max` (cgroup v2) or `…/cpu.cfs_quota_us` (v1). */
  readonly file: string;
  readonly quotaUs: number;
  readonly periodUs: number;
  /** quota / period, possibly fractional. */
  readonly cpus: number;
}

interface Mount {
  readonly root: string;
  readonly point: string;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

/** Mounts of the cgroup filesystems from `/proc/self/mountinfo`: v2 (`cgroup2`) and v1's cpu controller. */
function cgroupMounts(mountinfo: string): { v2: Mount | null; v1cpu: Mount | null } {
  let v2: Mount | null = null;
  let v1cpu: Mount | null = null;
  for (const line of mountinfo.split('\n')) {
    const [left, right] = line.split(' - ');
    if (left === undefined || right === undefined) continue;
    const f = left.split(' ');
    const [fstype, , superOptions = ''] = right.split(' ');
    const mount = { root: f[3] ?? '/', point: f[4] ?? '' };
    if (fstype === 'cgroup2') v2 ??= mount;
    else if (fstype === 'cgroup' && superOptions.split(',').includes('cpu')) v1cpu ??= mount;
  }
  return { v2, v1cpu };
}

/** The process's cgroup directory under a mount (the mount may expose a sub-tree, as in a container's cgroup namespace). */
function cgroupDir(mount: Mount, path: string): string {
  const rel = mount.root !== '/' && (path === mount.root || path.startsWith(`${mount.root}/`)) ? path.slice(mount.root.length) : path;
  return posix.join(mount.point, rel);
}

/** Each directory from `dir` up to (and including) `top`. */
function upTo(dir: string, top: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    out.push(d);
    if (d === top || d === dirname(d) || !d.startsWith(top)) return out;
  }
}

function tightest(limits: (CgroupCpuLimit | null)[]): CgroupCpuLimit | null {
  return limits.reduce<CgroupCpuLimit | null>((best, l) => (l !== null && (best === null || l.cpus < best.cpus) ? l : best), null);
}

/** `cpu.max` ("max 100000" = none, "150000 100000" = 1.5 CPUs). */
function v2Limit(dir: string): CgroupCpuLimit | null {
  const file = join(dir, 'cpu.max');
  const [quota, period] = (read(file) ?? '').trim().split(/\s+/);
  const q = Number(quota);
  const p = Number(period ?? 100000);
  return quota !== 'max' && q > 0 && p > 0 ? { file, quotaUs: q, periodUs: p, cpus: q / p } : null;
}

/** `cpu.cfs_quota_us` (-1 = none) over `cpu.cfs_period_us`. */
function v1Limit(dir: string): CgroupCpuLimit | null {
  const file = join(dir, 'cpu.cfs_quota_us');
  const q = Number((read(file) ?? '').trim());
  const p = Number((read(join(dir, 'cpu.cfs_period_us')) ?? '').trim());
  return q > 0 && p > 0 ? { file, quotaUs: q, periodUs: p, cpus: q / p } : null;
}

/**
 * The tightest CPU bandwidth limit on this process from its cgroup and every ancestor up to
 * the mount (cgroup v2 `cpu.max`, else v1 `cpu.cfs_quota_us / cpu.cfs_period_us`), as
 * Kubernetes CPU limits and Slurm's cgroup plugin set them; null when none or not Linux.
 * `root` prefixes every path read (a fake `/proc` and `/sys` in tests).
 * @example cgroupCpuLimit()?.cpus // 1.5 in a pod with `limits: {cpu: 1500m}`
 * @since 0.2.0
 */
export function cgroupCpuLimit(root = '/'): CgroupCpuLimit | null {
  const membership = read(join(root, 'proc/self/cgroup'));
  const mountinfo = read(join(root, 'proc/self/mountinfo'));
  if (membership === null || mountinfo === null) return null;
  const { v2, v1cpu } = cgroupMounts(mountinfo);
  const limits: (CgroupCpuLimit | null)[] = [];
  for (const line of membership.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (m === null) continue;
    const [, , controllers = '', path = '/'] = m;
    const v1 = controllers.split(',').includes('cpu');
    const mount = controllers === '' ? v2 : v1 ? v1cpu : null;
    if (mount === null) continue;
    const dir = cgroupDir(mount, path);
    for (const d of upTo(dir, mount.point)) {
      const onDisk = join(root, d);
      if (existsSync(onDisk)) limits.push(v1 ? v1Limit(onDisk) : v2Limit(onDisk));
    }
  }
  const best = tightest(limits);
  // Report the path as the process sees it, not under the test root.
  return best === null ? null : { ...best, file: `/${posix.relative(join(root), best.file).split('\\').join('/')}` };
}

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cgroupCpuLimit } from './cgroupCpuLimit.js';
import { cpuAllocation, cpuListSize } from './cpuAllocation.js';

/** A fake filesystem root holding the given files. */
function fakeRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'xai-cgroup-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const V2_MOUNT = '30 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate\n';
const V1_MOUNTS = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct',
  '34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset',
  '',
].join('\n');

describe('cgroupCpuLimit (fake /proc and /sys)', () => {
  it('cgroup v2: reads cpu.max of the process cgroup; "max" is no limit', () => {
    const root = fakeRoot({
      'proc/self/cgroup': '0::/kubepods/pod1/ctr\n',
      'proc/self/mountinfo': V2_MOUNT,
      'sys/fs/cgroup/kubepods/pod1/ctr/cpu.max': '150000 100000\n',
      'sys/fs/cgroup/kubepods/pod1/cpu.max': 'max 100000\n',
    });
    expect(cgroupCpuLimit(root)).toEqual({
      file: '/sys/fs/cgroup/kubepods/pod1/ctr/cpu.max',
      quotaUs: 150000,
      periodUs: 100000,
      cpus: 1.5,
    });
  });

  it('cgroup v2: the tightest ancestor wins (a Slurm job limit above the step)', () => {
    const root = fakeRoot({
      'proc/self/cgroup': '0::/system.slice/slurmstepd.scope/job_7/step_0/user/task_0\n',
      'proc/self/mountinfo': V2_MOUNT,
      'sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/step_0/user/task_0/cpu.max': 'max 100000\n',
      'sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/step_0/cpu.max': '400000 100000\n',
      'sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/cpu.max': '100000 100000\n',
    });
    expect(cgroupCpuLimit(root)?.cpus).toBe(1);
    expect(cgroupCpuLimit(root)?.file).toBe('/sys/fs/cgroup/system.slice/slurmstepd.scope/job_7/cpu.max');
  });

  it('cgroup v2 in a cgroup namespace: the mount exposes the container sub-tree', () => {
    const root = fakeRoot({
      'proc/self/cgroup': '0::/\n',
      'proc/self/mountinfo': '40 30 0:26 /kubepods/pod2 /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n',
      'sys/fs/cgroup/cpu.max': '50000 100000\n',
    });
    expect(cgroupCpuLimit(root)).toMatchObject({ file: '/sys/fs/cgroup/cpu.max', cpus: 0.5 });
  });

  it('cgroup v1: cfs_quota_us over cfs_period_us under the cpu controller; -1 is no limit', () => {
    const files = {
      'proc/self/cgroup': '12:cpuset:/docker/abc\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n',
      'proc/self/mountinfo': V1_MOUNTS,
      'sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us': '250000\n',
      'sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us': '100000\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us': '-1\n',
      'sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us': '100000\n',
    };
    expect(cgroupCpuLimit(fakeRoot(files))).toEqual({
      file: '/sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us',
      quotaUs: 250000,
      periodUs: 100000,
      cpus: 2.5,
    });
    const unlimited = { ...files, 'sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us': '-1\n' };
    expect(cgroupCpuLimit(fakeRoot(unlimited))).toBeNull();
  });

  it('is null without /proc (not Linux) or without a cpu controller', () => {
    expect(cgroupCpuLimit(fakeRoot({}))).toBeNull();
    expect(cgroupCpuLimit(fakeRoot({ 'proc/self/cgroup': '3:memory:/x\n', 'proc/self/mountinfo': V1_MOUNTS }))).toBeNull();
  });
});

describe('cpuAllocation', () => {
  it('counts CPU lists', () => {
    expect(cpuListSize('0-3,8,10-11')).toBe(7);
    expect(cpuListSize('5')).toBe(1);
    expect(cpuListSize('')).toBe(0);
  });

  it('takes the smallest of availableParallelism, affinity and the quota (rounded up)', () => {
    const root = fakeRoot({
      'proc/self/status': 'Name:\tnode\nCpus_allowed:\tff\nCpus_allowed_list:\t0-7\n',
      'proc/self/cgroup': '0::/job\n',
      'proc/self/mountinfo': V2_MOUNT,
      'sys/fs/cgroup/job/cpu.max': '150000 100000\n',
    });
    expect(cpuAllocation({ root, availableParallelism: 8 })).toMatchObject({ cpus: 2, limitedBy: 'cgroup quota', affinity: 8 });
    expect(cpuAllocation({ root, availableParallelism: 1 })).toMatchObject({ cpus: 1, limitedBy: 'availableParallelism' });
    const bound = fakeRoot({ 'proc/self/status': 'Cpus_allowed_list:\t3\n' });
    expect(cpuAllocation({ root: bound, availableParallelism: 4 })).toMatchObject({ cpus: 1, limitedBy: 'affinity', cgroupQuota: null });
  });

  it('never goes below one worker (a 0.2-CPU quota still runs)', () => {
    const root = fakeRoot({
      'proc/self/cgroup': '0::/\n',
      'proc/self/mountinfo': V2_MOUNT,
      'sys/fs/cgroup/cpu.max': '20000 100000\n',
    });
    expect(cpuAllocation({ root, availableParallelism: 4 })).toMatchObject({ cpus: 1, limitedBy: 'cgroup quota' });
  });

  it('on this machine agrees with os.availableParallelism() unless a quota is set', () => {
    const here = cpuAllocation();
    expect(here.availableParallelism).toBe(availableParallelism());
    expect(here.cpus).toBe(Math.min(availableParallelism(), here.affinity ?? Infinity, Math.ceil(here.cgroupQuota?.cpus ?? Infinity)));
  });
});

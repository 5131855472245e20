// CPU time of the calling thread. Node 20 has no per-thread CPU clock (process.cpuUsage covers
// every thread of the process), so a worker reads its own line of Linux's /proc: utime + stime
// of /proc/thread-self/stat, in USER_HZ ticks (100 per second on every Linux ABI Node runs on).
import { readFileSync } from 'node:fs';

const USER_HZ = 100;

/** Seconds of CPU (user + system) the calling thread has used; null where the platform does not say. */
export function threadCpuSeconds(): number | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/thread-self/stat', 'latin1');
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces and parentheses): state is the first, utime the 12th, stime the 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks / USER_HZ : null;
}

/** Seconds of CPU (user + system) of the whole process, all threads, since it started. */
export function processCpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

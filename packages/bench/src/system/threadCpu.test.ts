import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { processCpuSeconds, threadCpuSeconds } from './threadCpu.js';

/** Busy work of about `seconds` of CPU on the calling thread. */
function burn(seconds: number): void {
  const start = processCpuSeconds();
  let x = 0;
  while (processCpuSeconds() - start < seconds) for (let i = 0; i < 1e5; i++) x += Math.sqrt(i);
  if (x < 0) throw new Error('unreachable');
}

describe.runIf(process.platform === 'linux')('threadCpuSeconds', () => {
  it("counts the calling thread's CPU, not another thread's", async () => {
    const before = threadCpuSeconds()!;
    // A sibling thread burns 0.4 s of CPU while this one sleeps in the event loop.
    const code = 'const s=process.cpuUsage();let x=0;while((process.cpuUsage(s).user)<4e5)x+=Math.sqrt(x+1);';
    await new Promise((resolve, reject) => new Worker(code, { eval: true }).on('exit', resolve).on('error', reject));
    const idle = threadCpuSeconds()! - before;
    burn(0.3);
    const busy = threadCpuSeconds()! - before - idle;
    expect(idle).toBeLessThan(0.2);
    expect(busy).toBeGreaterThan(0.2);
    expect(busy).toBeLessThan(0.6);
  });
});

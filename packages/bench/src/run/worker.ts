// Worker-thread entry: loads the engine module named in workerData, builds its unit runner over
// the payload once, then computes units as the pool sends them.
import { parentPort, workerData } from 'node:worker_threads';
import type { XaiErrorCode } from '@xai/core';
import { isXaiError } from '@xai/core';
import type { BenchEngine, UnitRunner } from './benchEngine.js';
import { threadCpuSeconds } from '../system/threadCpu.js';
import type { WorkerRequest, WorkerResponse } from './workerPool.js';

interface WorkerInit {
  readonly engine: string;
  readonly payload: unknown;
}

async function main(): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('worker.ts must run in a worker thread');
  const init = workerData as WorkerInit;
  let runner: UnitRunner;
  try {
    // A TypeScript engine (tests, user plug-ins) needs tsx's loader inside this thread too:
    // Node 20 does not carry the parent's --import hooks into workers.
    if (/\.[cm]?ts$/.test(init.engine) && !import.meta.url.endsWith('.ts')) {
      const tsx = 'tsx/esm/api';
      const { register } = (await import(tsx)) as { register: () => void };
      register();
    }
    const engine = (await import(init.engine)) as BenchEngine;
    runner = await engine.createUnitRunner(init.payload);
  } catch (e) {
    port.postMessage({ type: 'error', id: null, ...errorText(e) } satisfies WorkerResponse);
    return;
  }
  // The pool keeps a unit queued behind the running one: run them one after another, never interleaved.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (msg: WorkerRequest) => {
    queue = queue.then(() => runOne(port, runner, msg));
  });
  port.postMessage({ type: 'ready' } satisfies WorkerResponse);
}

/** Runs one unit and posts its rows (or its error) with the thread's wall and CPU time over it. */
async function runOne(port: NonNullable<typeof parentPort>, runner: UnitRunner, msg: WorkerRequest): Promise<void> {
  try {
    const t0 = performance.now();
    const c0 = threadCpuSeconds();
    const out = await runner(msg.unit);
    const ms = performance.now() - t0;
    const c1 = threadCpuSeconds();
    const cpu = c0 !== null && c1 !== null ? { cpuMs: (c1 - c0) * 1000 } : {};
    if (Array.isArray(out)) port.postMessage({ type: 'done', id: msg.unit.id, rows: out, ms, ...cpu } satisfies WorkerResponse);
    else {
      const a = out.attributions;
      port.postMessage(
        { type: 'done', id: msg.unit.id, rows: out.rows, ms, ...cpu, ...(a ? { attributions: a } : {}) } satisfies WorkerResponse,
        a ? [a.data.buffer as ArrayBuffer] : [],
      );
    }
  } catch (e) {
    port.postMessage({ type: 'error', id: msg.unit.id, ...errorText(e) } satisfies WorkerResponse);
  }
}

/** The error as the pool rethrows it: a typed error keeps its code, once. */
function errorText(e: unknown): { readonly message: string; readonly code?: XaiErrorCode } {
  if (isXaiError(e)) return { message: e.message.replace(`[${e.code}] `, ''), code: e.code };
  return { message: e instanceof Error ? e.message : String(e) };
}

void main();

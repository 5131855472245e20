import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { XaiErrorCode } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import type { Unit } from './planUnits.js';
import type { ResultRow } from '../results/resultRow.js';

/** What the pool needs of a unit: its id (the engine's runner reads the rest). */
export interface PoolUnit {
  readonly id: string;
}

/** Main thread -> worker. */
export interface WorkerRequest<U extends PoolUnit = Unit> {
  readonly type: 'unit';
  readonly unit: U;
}

/** Worker -> main thread. */
export type WorkerResponse =
  | { readonly type: 'ready' }
  | {
      readonly type: 'done';
      readonly id: string;
      readonly rows: ResultRow[];
      /** Wall time of the unit in the worker, milliseconds. */
      readonly ms: number;
      /** CPU time of the worker thread over the unit, milliseconds (absent where the platform does not expose it). */
      readonly cpuMs?: number;
      readonly attributions?: { readonly cols: number; readonly data: Float64Array };
    }
  | {
      readonly type: 'error';
      readonly id: string | null;
      readonly message: string;
      /** The thrown XaiError's code (its message then without the `[CODE] ` prefix). */
      readonly code?: XaiErrorCode;
    };

export interface RunUnitsOptions<U extends PoolUnit = Unit> {
  /** URL (file: or absolute path) of the engine module the workers load. */
  readonly engine: string | URL;
  /** Sent once to every worker (structured clone). */
  readonly payload: unknown;
  /** Units in dispatch order. */
  readonly units: readonly U[];
  /** Worker threads to start (capped by the number of units). */
  readonly workers: number;
  /**
   * Units each worker holds queued behind the one it runs (default 0). With 1, a worker starts its
   * next unit the moment it posts a result instead of waiting for the main thread (which shares the
   * cores with the workers) to take it and send another: for many short units. Leave 0 for a few
   * long ones dispatched largest first, which a queue would pair up on one worker.
   */
  readonly queued?: number;
  /**
   * Called in the main thread as each unit finishes (append its rows here), with its wall time and the
   * CPU time of the worker thread that ran it (undefined where the platform does not expose thread CPU time).
   */
  onUnit(
    unit: U,
    rows: ResultRow[],
    ms: number,
    attributions?: { readonly cols: number; readonly data: Float64Array },
    cpuMs?: number,
  ): void;
}

/**
 * Spawns the worker entry that sits next to this module: `./worker.js` (or `.cjs`) in the
 * built package; from TypeScript source (tests) through tsx's register API, because Node 20
 * applies no loader hooks to a worker's entry file (see shared/TOOLCHAIN.md §4).
 */
function spawnWorker(workerData: unknown): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const entry = new URL('./worker.ts', here).href;
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
    return new Worker(boot, { eval: true, workerData });
  }
  // Built code may sit in a shared chunk under dist/internal/: the worker entry is one level up.
  const up = /\/internal\/[^/]*$/.test(here) ? '../' : './';
  return new Worker(new URL(`${up}${here.endsWith('.cjs') ? 'worker.cjs' : 'worker.js'}`, here), { workerData });
}

function engineHref(engine: string | URL): string {
  if (engine instanceof URL) return engine.href;
  return /^[a-z]+:/i.test(engine) ? engine : pathToFileURL(engine).href;
}

/**
 * Runs units on a pool of worker threads, handing each worker the next unit in dispatch order as
 * it finishes one (plus `queued` ahead; a worker runs its units one at a time). Results do not
 * depend on the pool size: a unit's rows depend only on the unit and the payload.
 * Rejects on the first failing unit (the message names it) after stopping every worker.
 * @since 0.1.0
 */
export function runUnits<U extends PoolUnit = Unit>(options: RunUnitsOptions<U>): Promise<void> {
  checkOptions(options, ['engine', 'payload', 'units', 'workers', 'queued', 'onUnit'], 'runUnits');
  const { units, payload, onUnit } = options;
  const queued = options.queued ?? 0;
  const size = Math.max(0, Math.min(options.workers, units.length));
  if (size === 0) return Promise.resolve();
  const workerData = { engine: engineHref(options.engine), payload };
  return new Promise<void>((resolve, reject) => {
    const pool: Worker[] = [];
    const byId = new Map(units.map((u) => [u.id, u]));
    let next = 0;
    let done = 0;
    let failed = false;

    const stop = (error: Error | null): void => {
      if (failed) return;
      if (error !== null) failed = true;
      for (const w of pool) void w.terminate();
      if (error) reject(error);
      else resolve();
    };
    const feed = (w: Worker): void => {
      if (next < units.length) w.postMessage({ type: 'unit', unit: units[next++]! } satisfies WorkerRequest<U>);
    };

    for (let k = 0; k < size; k++) {
      const w = spawnWorker(workerData);
      pool.push(w);
      w.on('message', (msg: WorkerResponse) => {
        if (failed) return;
        if (msg.type === 'ready') {
          for (let q = 0; q <= queued; q++) feed(w);
          return;
        }
        if (msg.type === 'error') {
          stop(
            // the unit's own code (NOT_SUPPORTED for a missing runtime, NON_FINITE…); an untyped throw stays BAD_INPUT
            new XaiError(msg.code ?? 'BAD_INPUT', msg.message, {
              fn: 'runUnits',
              arg: msg.id === null ? 'worker start-up' : `unit ${msg.id}`,
              value: msg.id,
            }),
          );
          return;
        }
        const unit = byId.get(msg.id);
        try {
          if (unit === undefined) throw new Error(`worker returned unknown unit ${msg.id}`);
          onUnit(unit, msg.rows, msg.ms, msg.attributions, msg.cpuMs);
        } catch (e) {
          stop(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        if (++done === units.length) stop(null);
        else feed(w);
      });
      w.on('error', (e) => stop(e));
      w.on('exit', (code) => {
        if (!failed && done < units.length && code !== 0) stop(new Error(`a worker thread exited with code ${code}`));
      });
    }
  });
}

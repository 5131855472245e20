// An asynchronous ONNX Runtime (onnxruntime-web's WASM backend by default) behind the Runner
// interface: it runs only asynchronously, so a Runner without runSync.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import type { RunOutput, Runner } from './runner.js';
import { InputBuffer } from './runner.js';
import { runtimeError } from './runtimeError.js';

/** The part of onnxruntime-web's (or onnxruntime-node's) public API used here. @since 0.2.0 */
export interface OnnxRuntimeLike {
  readonly InferenceSession: { create(bytes: Uint8Array, options?: Record<string, unknown>): Promise<OnnxRuntimeSession> };
  readonly Tensor: new (type: 'float32' | 'float64', data: Float32Array | Float64Array, dims: readonly number[]) => unknown;
  /** onnxruntime-web's global settings (its WASM thread count lives here, not in session options). */
  readonly env?: { wasm?: { numThreads?: number } };
}
/** @since 0.2.0 */
export interface OnnxRuntimeSession {
  run(
    feeds: Record<string, unknown>,
    fetches?: readonly string[],
  ): Promise<Record<string, { readonly data: unknown; readonly dims: readonly number[] }>>;
  release?(): Promise<void>;
}

export interface WebRunnerOptions {
  readonly threads: number | undefined;
  readonly float64: boolean;
  readonly inputName: string;
  readonly file: string;
  readonly fn: string;
}

/** The runtime the caller gave, else onnxruntime-web imported on first use. */
export async function loadRuntime(given: OnnxRuntimeLike | undefined, fn: string): Promise<OnnxRuntimeLike> {
  if (given !== undefined) return given;
  try {
    return (await import('onnxruntime-web')) as unknown as OnnxRuntimeLike;
  } catch (e) {
    throw new XaiError('NOT_SUPPORTED', `onnxruntime-web could not be loaded (${(e as Error).message}); install it or pass { runtime }`, {
      fn,
      arg: 'runtime',
    });
  }
}

export async function webRunner(runtime: OnnxRuntimeLike, bytes: Uint8Array, o: WebRunnerOptions): Promise<Runner> {
  const { file, fn } = o;
  // onnxruntime-web takes its thread count from env.wasm.numThreads (read when the WASM
  // backend first initialises): pin it unless the caller already set it.
  const wasm = runtime.env?.wasm;
  if (wasm !== undefined && (o.threads !== undefined || wasm.numThreads === undefined || wasm.numThreads === 0))
    wasm.numThreads = o.threads ?? 1;
  let session: OnnxRuntimeSession;
  try {
    session = await runtime.InferenceSession.create(bytes, {
      intraOpNumThreads: o.threads ?? 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
  } catch (e) {
    throw runtimeError(e, 'load', { file, fn });
  }
  const buffer = new InputBuffer(o.float64);
  const runAsync = async (x: Matrix, fetch: readonly string[]): Promise<RunOutput[]> => {
    const feeds = { [o.inputName]: new runtime.Tensor(o.float64 ? 'float64' : 'float32', buffer.fill(x).slice(), [x.rows, x.cols]) };
    let result: Awaited<ReturnType<OnnxRuntimeSession['run']>>;
    try {
      result = await session.run(feeds, fetch);
    } catch (e) {
      throw runtimeError(e, 'run', { file, fn, rows: x.rows, cols: x.cols });
    }
    return fetch.map((f) => {
      const t = result[f]!;
      if (!(t.data instanceof Float32Array) && !(t.data instanceof Float64Array))
        throw new XaiError('NOT_SUPPORTED', `${file}: output '${f}' is not a float tensor`, { fn, arg: f, file });
      return { data: t.data, dims: t.dims };
    });
  };
  return { name: 'onnxruntime-web', runAsync, dispose: () => void session.release?.() };
}

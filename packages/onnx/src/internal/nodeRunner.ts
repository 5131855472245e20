// onnxruntime-node's native binding, used directly: its InferenceSession.run is synchronous
// (the public API only wraps it in setImmediate + Promise), which core's synchronous Model
// needs. Node only: the root entry never imports this file.
import { createRequire } from 'node:module';
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';
import type { RunOutput, Runner } from './runner.js';
import { InputBuffer } from './runner.js';
import { runtimeError } from './runtimeError.js';

interface NativeTensor {
  readonly data: Float32Array | Float64Array;
  readonly dims: readonly number[];
}
interface NativeSession {
  loadModel(buffer: ArrayBufferLike, byteOffset: number, byteLength: number, options: Record<string, unknown>): void;
  run(feeds: Record<string, unknown>, fetches: Record<string, null>, options: Record<string, unknown>): Record<string, NativeTensor>;
  dispose(): void;
  readonly inputMetadata: readonly { name: string; isTensor: boolean; type: number; shape: number[] }[];
  readonly outputMetadata: readonly { name: string; isTensor: boolean; type: number; shape: number[] }[];
}
interface Native {
  binding: { InferenceSession: new () => NativeSession };
  initOrt(): void;
  Tensor: new (type: string, data: Float32Array | Float64Array, dims: readonly number[]) => unknown;
}

let native: Native | undefined;

function loadNative(fn: string): Native {
  if (native !== undefined) return native;
  try {
    const require = createRequire(import.meta.url);
    const b = require('onnxruntime-node/dist/binding') as { binding: Native['binding']; initOrt(): void };
    const { Tensor } = require('onnxruntime-node') as { Tensor: Native['Tensor'] };
    native = { binding: b.binding, initOrt: b.initOrt, Tensor };
    return native;
  } catch (e) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `onnxruntime-node could not be loaded (${(e as Error).message}); install onnxruntime-node@1.30.0 beside @xai/onnx`,
      { fn, arg: 'onnxruntime-node' },
    );
  }
}

export interface NodeRunnerOptions {
  readonly threads: number;
  readonly float64: boolean;
  readonly file: string;
  readonly fn: string;
  readonly inputName: string;
}

/** A synchronous ONNX Runtime session over `bytes`; its failures are typed by runtimeError, naming the file. */
export function nodeRunner(bytes: Uint8Array, o: NodeRunnerOptions): Runner {
  const ort = loadNative(o.fn);
  ort.initOrt();
  const session = new ort.binding.InferenceSession();
  try {
    session.loadModel(bytes.buffer, bytes.byteOffset, bytes.byteLength, {
      intraOpNumThreads: o.threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // Failures are rethrown as XaiErrors; keep ORT's own log quiet.
      logSeverityLevel: 4,
    });
  } catch (e) {
    throw runtimeError(e, 'load', { file: o.file, fn: o.fn });
  }
  const buffer = new InputBuffer(o.float64);
  const type = o.float64 ? 'float64' : 'float32';
  const otherBuffers = new Map<string, InputBuffer>();
  const runSync = (x: Matrix, fetch: readonly string[], otherInputs?: Readonly<Record<string, Matrix>>): RunOutput[] => {
    const feeds: Record<string, unknown> = { [o.inputName]: new ort.Tensor(type, buffer.fill(x), [x.rows, x.cols]) };
    if (otherInputs !== undefined)
      for (const [name, m] of Object.entries(otherInputs)) {
        let b = otherBuffers.get(name);
        if (b === undefined) {
          b = new InputBuffer(o.float64);
          otherBuffers.set(name, b);
        }
        feeds[name] = new ort.Tensor(type, b.fill(m), [m.rows, m.cols]);
      }
    const fetches: Record<string, null> = {};
    for (const f of fetch) fetches[f] = null;
    let result: Record<string, NativeTensor>;
    try {
      result = session.run(feeds, fetches, {});
    } catch (e) {
      throw runtimeError(e, 'run', { file: o.file, fn: o.fn, rows: x.rows, cols: x.cols });
    }
    return fetch.map((f) => {
      const t = result[f]!;
      return { data: t.data, dims: t.dims };
    });
  };
  return {
    name: 'onnxruntime-node',
    runSync,
    runAsync: async (x, fetch) => runSync(x, fetch),
    dispose: () => session.dispose(),
  };
}

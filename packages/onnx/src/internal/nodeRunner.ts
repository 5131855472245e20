// onnxruntime-node's native binding, used directly: its InferenceSession.run is synchronous
// (the public API only wraps it in setImmediate + Promise), which core's synchronous Model
// needs. Node only: the root entry never imports this file.
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
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

/**
 * Where onnxruntime-node is looked for: beside @xai/onnx (its optional peer), then from the
 * running program's main script, so an app or CLI that depends on it is enough. npm's global
 * installs nest each package's dependencies under that package, where @xai/onnx cannot see them.
 */
function runtimeRequires(): { readonly where: string; readonly require: NodeJS.Require }[] {
  const bases = [{ where: '@xai/onnx', require: createRequire(import.meta.url) }];
  const main = process.argv[1];
  if (main !== undefined && main.length > 0) {
    try {
      const file = realpathSync(main); // a bin symlink resolves from where its package lives
      bases.push({ where: file, require: createRequire(pathToFileURL(file)) });
    } catch {
      // no such file (node -e, a REPL): only @xai/onnx's own resolution applies
    }
  }
  return bases;
}

/** The first require that resolves onnxruntime-node, or every place that could not. */
function findRuntime(): { readonly where: string; readonly require: NodeJS.Require } | { readonly missed: string[] } {
  const missed: string[] = [];
  for (const base of runtimeRequires()) {
    try {
      base.require.resolve('onnxruntime-node');
      return base;
    } catch {
      missed.push(base.where);
    }
  }
  return { missed };
}

function loadNative(fn: string): Native {
  if (native !== undefined) return native;
  const found = findRuntime();
  if ('missed' in found) throw nativeError(fn, `onnxruntime-node is not installed where ${found.missed.join(' or ')} can find it`);
  try {
    const b = found.require('onnxruntime-node/dist/binding') as { binding: Native['binding']; initOrt(): void };
    const { Tensor } = found.require('onnxruntime-node') as { Tensor: Native['Tensor'] };
    native = { binding: b.binding, initOrt: b.initOrt, Tensor };
    return native;
  } catch (e) {
    // installed but unloadable: a binary for another platform, a missing system library
    throw nativeError(fn, `onnxruntime-node could not be loaded from ${found.where} (${(e as Error).message})`);
  }
}

function nativeError(fn: string, why: string): XaiError {
  return new XaiError('NOT_SUPPORTED', `${why}; install onnxruntime-node@1.30.0 beside @xai/onnx or your program`, {
    fn,
    arg: 'onnxruntime-node',
  });
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

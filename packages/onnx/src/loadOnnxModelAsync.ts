import type { Matrix } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import { assembleModel } from './internal/assemble.js';
import { checkLoadOptions, LOAD_OPTION_KEYS } from './internal/loadOptions.js';
import { asBytes, parseGraph } from './internal/parse.js';
import type { RunOutput, Runner } from './internal/runner.js';
import { InputBuffer } from './internal/runner.js';
import { chooseWidthProbe } from './internal/probe.js';
import { DT } from './internal/proto.js';
import { runtimeError } from './internal/runtimeError.js';
import type { OnnxLoadOptions, OnnxModel } from './types.js';

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

/** Options of loadOnnxModelAsync: those of loadOnnxModel plus the runtime. @since 0.2.0 */
export interface OnnxLoadAsyncOptions extends OnnxLoadOptions {
  /** An ONNX Runtime module ({ InferenceSession, Tensor }). @defaultValue `await import('onnxruntime-web')` */
  readonly runtime?: OnnxRuntimeLike;
}

const FN = 'loadOnnxModelAsync';

/**
 * Loads ONNX bytes through an asynchronous ONNX Runtime (onnxruntime-web's WASM backend by
 * default; works in browsers and in Node). An MLP graph is imported into @xai/models, so
 * the returned Model is fully synchronous (predictProba, gradients, hidden) with no
 * runtime call at all; any other graph is usable through `predictProbaAsync` only (its
 * synchronous methods throw NOT_SUPPORTED: core's explainers are synchronous, and a
 * browser session cannot run synchronously). Discovery is the same as loadOnnxModel's.
 * @example
 *   const bytes = new Uint8Array(await (await fetch('/model.onnx')).arrayBuffer());
 *   const model = await loadOnnxModelAsync(bytes); // an MLP: model.predictProba(x) is sync
 * @since 0.2.0
 */
export async function loadOnnxModelAsync(bytes: Uint8Array | ArrayBuffer, options?: OnnxLoadAsyncOptions): Promise<OnnxModel> {
  const { runtime: given, ...rest } = checkOptions(options, [...LOAD_OPTION_KEYS, 'runtime'], FN);
  const o = checkLoadOptions(rest, FN);
  const data = asBytes(bytes, FN);
  const file = o.name ?? '<bytes>';
  const g = parseGraph(data, file, FN, o.inputName);
  let runtime = given;
  if (runtime === undefined) {
    try {
      runtime = (await import('onnxruntime-web')) as unknown as OnnxRuntimeLike;
    } catch (e) {
      throw new XaiError('NOT_SUPPORTED', `onnxruntime-web could not be loaded (${(e as Error).message}); install it or pass { runtime }`, {
        fn: FN,
        arg: 'runtime',
      });
    }
  }
  // onnxruntime-web takes its thread count from env.wasm.numThreads (read when the WASM
  // backend first initialises): pin it unless the caller already set it.
  const wasm = runtime.env?.wasm;
  if (wasm !== undefined && (o.threads !== undefined || wasm.numThreads === undefined || wasm.numThreads === 0))
    wasm.numThreads = o.threads ?? 1;
  let session: OnnxRuntimeSession;
  try {
    session = await runtime.InferenceSession.create(data, {
      intraOpNumThreads: o.threads ?? 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
  } catch (e) {
    throw runtimeError(e, 'load', { file, fn: FN });
  }
  const rt = runtime;
  const buffer = new InputBuffer(g.input.elemType === DT.DOUBLE);
  const runAsync = async (x: Matrix, fetch: readonly string[]): Promise<RunOutput[]> => {
    const feeds = {
      [g.input.name]: new rt.Tensor(g.input.elemType === DT.DOUBLE ? 'float64' : 'float32', buffer.fill(x).slice(), [x.rows, x.cols]),
    };
    let result: Awaited<ReturnType<OnnxRuntimeSession['run']>>;
    try {
      result = await session.run(feeds, fetch);
    } catch (e) {
      throw runtimeError(e, 'run', { file, fn: FN, rows: x.rows, cols: x.cols });
    }
    return fetch.map((f) => {
      const t = result[f]!;
      if (!(t.data instanceof Float32Array) && !(t.data instanceof Float64Array))
        throw new XaiError('NOT_SUPPORTED', `${file}: output '${f}' is not a float tensor`, { fn: FN, arg: f, file });
      return { data: t.data, dims: t.dims };
    });
  };
  const runner: Runner = { name: 'onnxruntime-web', runAsync, dispose: () => void session.release?.() };
  const probe = chooseWidthProbe(g, o);
  let probedWidth: number | undefined;
  if (probe !== undefined) {
    const out = (await runAsync({ rows: 1, cols: probe.inputDim, data: new Float64Array(probe.inputDim) }, [probe.output]))[0]!;
    probedWidth = out.dims.length === 1 ? 1 : out.dims[1];
  }
  return assembleModel({ g, runner, backendName: runner.name, ...(probedWidth !== undefined ? { probedWidth } : {}) }, { ...o, fn: FN });
}

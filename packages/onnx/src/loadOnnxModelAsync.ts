import { checkOptions } from '@xai/core';
import { assembleModel } from './internal/assemble/assembleModel.js';
import { prepareGraph } from './internal/assemble/prepare.js';
import { chooseWidthProbe } from './internal/assemble/widthProbe.js';
import { parseGraph } from './internal/graph.js';
import { LOAD_OPTION_KEYS, checkLoadOptions } from './internal/loadOptions.js';
import { DT, asBytes } from './internal/proto.js';
import type { OnnxRuntimeLike } from './internal/webRunner.js';
import { loadRuntime, webRunner } from './internal/webRunner.js';
import type { OnnxLoadOptions, OnnxModel } from './types.js';

export type { OnnxRuntimeLike, OnnxRuntimeSession } from './internal/webRunner.js';

/** Options of loadOnnxModelAsync: those of loadOnnxModel plus the runtime. @since 0.2.0 */
export interface OnnxLoadAsyncOptions extends OnnxLoadOptions {
  /** An ONNX Runtime module ({ InferenceSession, Tensor }). @defaultValue `await import('onnxruntime-web')` */
  readonly runtime?: OnnxRuntimeLike;
}

const FN = 'loadOnnxModelAsync';

/**
 * Loads ONNX bytes in a browser (or Node) with no native runtime. A graph whose ops are all
 * in the interpreter's op set runs in pure TS: the returned Model is fully synchronous
 * (predictProba, exact input gradients) and no runtime is loaded. Any other graph runs
 * through an asynchronous ONNX Runtime (onnxruntime-web's WASM backend by default) and is
 * usable through `predictProbaAsync` only (its synchronous methods throw NOT_SUPPORTED: core's
 * explainers are synchronous, and a browser session cannot run synchronously). Discovery is
 * the same as loadOnnxModel's.
 * @example
 *   const bytes = new Uint8Array(await (await fetch('/model.onnx')).arrayBuffer());
 *   const model = await loadOnnxModelAsync(bytes); // interpreted: model.inputGradient(x, t) is sync and exact
 * @since 0.2.0
 */
export async function loadOnnxModelAsync(bytes: Uint8Array | ArrayBuffer, options?: OnnxLoadAsyncOptions): Promise<OnnxModel> {
  const { runtime: given, ...rest } = checkOptions(options, [...LOAD_OPTION_KEYS, 'runtime'], FN);
  const o = checkLoadOptions(rest, FN);
  // parse → graph, then the runtime (the fallback evaluator), then the assembly.
  const data = asBytes(bytes, FN);
  const file = o.name ?? '<bytes>';
  const g = parseGraph(data, file, FN, o.inputName);
  const p = prepareGraph(g, { ...o, fn: FN });
  if (!p.needsRuntime) return assembleModel({ p, runner: undefined }, { ...o, fn: FN });
  const runtime = await loadRuntime(given, FN);
  const float64 = g.input.elemType === DT.DOUBLE;
  const runner = await webRunner(runtime, data, { threads: o.threads, float64, inputName: g.input.name, file, fn: FN });
  const probe = chooseWidthProbe(p, o);
  let probedWidth: number | undefined;
  if (probe !== undefined) {
    const out = (await runner.runAsync({ rows: 1, cols: probe.inputDim, data: new Float64Array(probe.inputDim) }, [probe.output]))[0]!;
    probedWidth = out.dims.length === 1 ? 1 : out.dims[1];
  }
  return assembleModel({ p, runner, ...(probedWidth !== undefined ? { probedWidth } : {}) }, { ...o, fn: FN });
}

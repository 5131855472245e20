import type { Model } from '@xai/core';
import { kernelBackend } from '@xai/core';
import { parseModelJson, withPrecision } from '@xai/models';
import { treeModelFromBytes } from '@xai/trees';
import type { NeuralModel, Precision } from '@xai/models';
import type { OnnxOutputKind } from '@xai/onnx';
import type { ChoiceOf } from '../config/settings.js';

/**
 * Who evaluates the built-in models' forward passes: pure TS (WebAssembly SIMD kernels where
 * available), pure TS on the scalar JS kernels only (`js`: the same bits, slower), or ONNX Runtime.
 */
export type BackendName = ChoiceOf<'backend'>;

/**
 * The manifest's line on who computes the built-in models' passes, naming the kernels in use.
 * @example backendNote('js', 'float64') // 'js: pure TypeScript on the scalar JS kernels (the same bits as ts)'
 * @since 0.3.0
 */
export function backendNote(backend: BackendName, precision: Precision): string {
  if (backend === 'ort')
    return `ort: the built-in models' probabilities, logits and hidden layer through ONNX Runtime (float32 graph, 1 intra-op thread per worker); input gradients through a second ONNX graph of the hand-written backward pass (${precision})`;
  if (backend === 'js') return 'js: pure TypeScript on the scalar JS kernels (the same bits as ts)';
  const kernels = kernelBackend() === 'simd' ? 'WebAssembly SIMD kernels' : 'scalar JS kernels (no WebAssembly SIMD, or XAI_KERNELS=js)';
  return `ts: pure TypeScript (the reference), on the ${kernels}`;
}

/** How an .onnx file is loaded: its output's kind (`--output`), the interpreter's arithmetic, the data's class names. @since 0.3.0 */
export interface OnnxFileOptions {
  readonly output?: OnnxOutputKind;
  readonly precision?: Precision;
  readonly classes?: readonly string[];
  /** 'session' under --backend ort: forward passes on ONNX Runtime (input gradients stay the interpreter's). */
  readonly evaluate?: 'session';
}

/** What a worker receives to rebuild one model (structured-cloneable). */
export type WorkerModelSpec =
  | { readonly kind: 'json'; readonly json: string; readonly backend: BackendName }
  | { readonly kind: 'onnx'; readonly bytes: Uint8Array; readonly file: string; readonly options?: OnnxFileOptions }
  | { readonly kind: 'trees'; readonly bytes: Uint8Array; readonly file: string };

/** A model as a worker runs it. */
export interface WorkerModel {
  /** What explainers and metrics query. */
  readonly model: Model;
  /** The @xai/models network (LR ground truth = its weights), when there is one. */
  readonly neural: NeuralModel | null;
  readonly backend: string;
  /** Gradients are finite differences (an ONNX graph that is not an MLP). */
  readonly approximateGradients: boolean;
}

type OnnxNode = typeof import('@xai/onnx/node');

/** True when rebuilding these specs needs ONNX Runtime (load it once per worker, only then). @since 0.2.0 */
export function needsOnnxRuntime(specs: readonly WorkerModelSpec[]): boolean {
  return specs.some((s) => s.kind === 'onnx' || (s.kind === 'json' && s.backend === 'ort'));
}

/** Loads `@xai/onnx/node` (and with it onnxruntime-node). @since 0.2.0 */
export async function loadOnnxRuntime(): Promise<OnnxNode> {
  return import('@xai/onnx/node');
}

/**
 * Rebuilds a model in a worker: `xai-model@1` JSON as the pure-TS model, or wrapped by
 * `ortModel(…, { threads: 1 })` (probabilities, logits, hidden and input gradients through ONNX
 * Runtime) under `--backend ort`, at `precision` (float32: `withPrecision`, the released
 * code's arithmetic); a tree model (XGBoost JSON, ONNX tree graph) through `@xai/trees`; any other ONNX file
 * through `loadOnnxModel(bytes, { threads: 1, ...spec.options })` (the interpreter at the run's precision).
 * One intra-op thread per worker, so N workers use N cores, not N².
 * @example const w = buildWorkerModel({ kind: 'json', json, backend: 'ts' }, 'synthetic/ann', null, 'float32')
 * @since 0.2.0
 */
export function buildWorkerModel(spec: WorkerModelSpec, key: string, onnx: OnnxNode | null, precision: Precision = 'float64'): WorkerModel {
  const need = (): OnnxNode => {
    if (onnx === null) throw new Error(`${key}: ONNX Runtime was not loaded in this worker`);
    return onnx;
  };
  if (spec.kind === 'trees') {
    // An XGBoost JSON model or an ONNX tree graph: evaluated in TypeScript, no runtime.
    return { model: treeModelFromBytes(spec.bytes, { file: spec.file }), neural: null, backend: 'trees', approximateGradients: false };
  }
  if (spec.kind === 'onnx') {
    const m = need().loadOnnxModel(spec.bytes, { threads: 1, name: spec.file, ...spec.options });
    return { model: m, neural: m.mlp ?? null, backend: m.backend, approximateGradients: m.gradientSource === 'finite-differences' };
  }
  const make = (): NeuralModel => {
    const parsed = parseModelJson(spec.json, key);
    return precision === 'float32' ? withPrecision(parsed, 'float32') : parsed;
  };
  const neural = spec.backend === 'js' ? onJsKernels(make) : make();
  if (spec.backend === 'ort')
    return { model: need().ortModel(neural, { threads: 1 }), neural, backend: 'ort', approximateGradients: false };
  return { model: neural, neural, backend: spec.backend, approximateGradients: false };
}

/** Makes models on the scalar JS kernels: a model picks its kernels when made (`XAI_KERNELS`). */
function onJsKernels<T>(make: () => T): T {
  const before = process.env.XAI_KERNELS;
  process.env.XAI_KERNELS = 'js';
  try {
    return make();
  } finally {
    if (before === undefined) delete process.env.XAI_KERNELS;
    else process.env.XAI_KERNELS = before;
  }
}

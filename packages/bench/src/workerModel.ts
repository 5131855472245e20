import type { Model } from '@xai/core';
import { parseModelJson, withPrecision } from '@xai/models';
import type { NeuralModel, Precision } from '@xai/models';

/** Who evaluates the built-in models' forward passes: pure TS (the reference) or ONNX Runtime. */
export const BACKENDS = ['ts', 'ort'] as const;
export type BackendName = (typeof BACKENDS)[number];

/** What a worker receives to rebuild one model (structured-cloneable). */
export type WorkerModelSpec =
  | { readonly kind: 'json'; readonly json: string; readonly backend: BackendName }
  | { readonly kind: 'onnx'; readonly bytes: Uint8Array; readonly file: string };

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
  return specs.some((s) => s.kind === 'onnx' || s.backend === 'ort');
}

/** Loads `@xai/onnx/node` (and with it onnxruntime-node). @since 0.2.0 */
export async function loadOnnxRuntime(): Promise<OnnxNode> {
  return import('@xai/onnx/node');
}

/**
 * Rebuilds a model in a worker: `xai-model@1` JSON as the pure-TS model, or wrapped by
 * `ortModel(…, { threads: 1 })` (probabilities, logits, hidden and input gradients through ONNX
 * Runtime) under `--backend ort`, at `precision` (float32: `withPrecision`, the released
 * code's arithmetic); an ONNX file through `loadOnnxModel(bytes, { threads: 1 })` (its graph's own precision).
 * One intra-op thread per worker, so N workers use N cores, not N².
 * @example const w = buildWorkerModel({ kind: 'json', json, backend: 'ts' }, 'synthetic/ann', null, 'float32')
 * @since 0.2.0
 */
export function buildWorkerModel(spec: WorkerModelSpec, key: string, onnx: OnnxNode | null, precision: Precision = 'float64'): WorkerModel {
  const need = (): OnnxNode => {
    if (onnx === null) throw new Error(`${key}: ONNX Runtime was not loaded in this worker`);
    return onnx;
  };
  if (spec.kind === 'onnx') {
    const m = need().loadOnnxModel(spec.bytes, { threads: 1, name: spec.file });
    return { model: m, neural: m.mlp ?? null, backend: m.backend, approximateGradients: m.gradientSource === 'finite-differences' };
  }
  const parsed = parseModelJson(spec.json, key);
  const neural = precision === 'float32' ? withPrecision(parsed, 'float32') : parsed;
  if (spec.backend === 'ort')
    return { model: need().ortModel(neural, { threads: 1 }), neural, backend: 'ort', approximateGradients: false };
  return { model: neural, neural, backend: 'ts', approximateGradients: false };
}

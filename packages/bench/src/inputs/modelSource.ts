import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Model } from '@xai/core';
import { XaiError, systemError } from '@xai/core';
import { parseModelJson } from '@xai/models';
import type { NeuralModel } from '@xai/models';
import { treeFileKind, treeModelFromBytes } from '@xai/trees';
import type { BenchDataset } from './loadBenchDataset.js';
import type { ModelName } from '../config/ids.js';
import { MODELS } from '../config/ids.js';
import type { BenchConfig, ModelFileSpec } from '../config/benchConfig.js';
import { trainOrLoadModel } from './trainOrLoadModel.js';
import type { StoredTrainReport, TrainOrLoadModelOptions } from './trainOrLoadModel.js';
import type { BackendName, OnnxFileOptions, WorkerModelSpec } from './workerModel.js';
import { EXACT_GRADIENTS } from './gradientMethods.js';

/**
 * Where a run's model for a dataset comes from: a built-in kind the bench trains (and
 * caches), or a model file (`--model m.json` / `m.onnx`) evaluated as it is.
 */
export type ModelSource =
  | { readonly kind: 'trained'; readonly name: ModelName }
  | { readonly kind: 'file'; readonly id: string; readonly path: string; readonly format: 'json' | 'onnx' };

/** The model sources of a run, in config order (built-in kinds, then `--model` files). @since 0.2.0 */
export function modelSourcesOf(config: Pick<BenchConfig, 'models'> & Partial<Pick<BenchConfig, 'modelFiles'>>): ModelSource[] {
  const files = config.modelFiles ?? [];
  return config.models.map((id): ModelSource => {
    const f = files.find((x: ModelFileSpec) => x.id === id);
    if (f !== undefined) return { kind: 'file', id: f.id, path: f.path, format: f.format };
    if (!(MODELS as readonly string[]).includes(id))
      throw new XaiError('BAD_OPTION', `unknown model ${JSON.stringify(id)} (choose from ${MODELS.join(', ')} or give --model <file>)`, {
        fn: 'xai bench',
        arg: 'models',
        value: id,
      });
    return { kind: 'trained', name: id as ModelName };
  });
}

/** The id a source's rows, units and tables carry (`lr`, `ann`, or a file's name). @since 0.2.0 */
export function modelSourceId(source: ModelSource): string {
  return source.kind === 'trained' ? source.name : source.id;
}

/** A resolved model: what the main thread uses (floors, checks), what workers rebuild, and the receipt. */
export interface ResolvedModel {
  /** The model as the main thread queries it (floors need its predictions). */
  readonly model: Model;
  /** The @xai/models network, when there is one (LR ground truth, JSON files, an imported ONNX MLP). */
  readonly neural: NeuralModel | null;
  /** What each worker rebuilds. */
  readonly worker: WorkerModelSpec;
  /** sha256 of the model bytes. */
  readonly hash: string;
  readonly path: string;
  readonly cached: boolean;
  readonly report: StoredTrainReport | null;
  /** For the manifest: the source, and whether gradients are exact. */
  readonly source: { readonly kind: 'trained' | 'file'; readonly format: 'json' | 'onnx'; readonly backend?: string };
  readonly gradients: string;
  readonly approximateGradients: boolean;
  dispose(): void;
}

export interface ResolveModelSourceOptions extends TrainOrLoadModelOptions {
  /**
   * Forward passes of trained models and xai-model@1 files: pure TS (ts, or js on the scalar
   * kernels) or ONNX Runtime; an .onnx file runs on the interpreter (ONNX Runtime only for ops outside its set). @defaultValue 'ts'
   */
  readonly backend?: BackendName;
  /** An .onnx file: what its output holds (`--output`), and the interpreter's arithmetic. @since 0.3.0 */
  readonly onnx?: OnnxFileOptions;
}

/**
 * Resolves a model source on a dataset: a built-in kind is trained or loaded from the cache;
 * a file is read, hashed and checked against the dataset's width (an ONNX file through
 * `loadOnnxModel`, loaded only then). The one place a new source kind plugs in.
 * @since 0.2.0
 */
export async function resolveModelSource(
  dataset: BenchDataset,
  source: ModelSource,
  options: ResolveModelSourceOptions,
): Promise<ResolvedModel> {
  // The .onnx options are for model files; a trained model never reads them.
  const { backend = 'ts', onnx: _onnx, ...trainOptions } = options;
  if (source.kind === 'trained') {
    const t = trainOrLoadModel(dataset, source.name, trainOptions);
    return {
      model: t.model,
      neural: t.model,
      worker: { kind: 'json', json: t.json, backend },
      hash: t.hash,
      path: t.path,
      cached: t.cached,
      report: t.report,
      // js computes the same bits as ts, so the report and the model's source do not tell them apart
      source: { kind: 'trained', format: 'json', ...(backend === 'ort' ? { backend } : {}) },
      gradients: 'exact (hand-written backprop)',
      approximateGradients: false,
      dispose: () => {},
    };
  }
  const fn = 'xai bench';
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(source.path);
  } catch (e) {
    throw systemError(e, { fn, path: source.path, action: 'read model file', arg: '--model' });
  }
  let hash = createHash('sha256').update(bytes).digest('hex');
  const d = dataset.train.x.cols;
  const widthCheck = (inputDim: number): void => {
    if (inputDim !== d)
      throw new XaiError(
        'SHAPE_MISMATCH',
        `${source.path} takes ${inputDim} features but ${dataset.id} has ${d} model columns (${dataset.schema.names.slice(0, 6).join(', ')}${d > 6 ? ', …' : ''})`,
        { fn, arg: '--model', value: inputDim, file: source.path },
      );
  };
  if (treeFileKind(bytes) !== null) {
    const m = treeModelFromBytes(bytes, { file: source.path });
    widthCheck(m.inputDim);
    return {
      model: m,
      neural: null,
      worker: { kind: 'trees', bytes, file: source.path },
      hash,
      path: source.path,
      cached: false,
      report: null,
      source: { kind: 'file', format: source.format, backend: 'trees' },
      gradients: 'none: a tree ensemble is piecewise constant (treeshap reads its trees)',
      approximateGradients: false,
      dispose: () => {},
    };
  }
  if (source.format === 'json') {
    const json = new TextDecoder().decode(bytes);
    const m = parseModelJson(json, source.path);
    widthCheck(m.inputDim);
    return {
      model: m,
      neural: m,
      // the same network as a built-in one: --backend runs it on the same kernels or on ORT
      worker: { kind: 'json', json, backend },
      hash,
      path: source.path,
      cached: false,
      report: null,
      source: { kind: 'file', format: 'json', ...(backend === 'ort' ? { backend } : {}) },
      gradients: 'exact (hand-written backprop)',
      approximateGradients: false,
      dispose: () => {},
    };
  }
  const { inlineExternalData, loadOnnxModel } = await import('@xai/onnx/node');
  // weights saved beside the file go into the bytes the workers load, and into the model's hash
  const full = inlineExternalData(bytes, source.path, fn);
  if (full !== bytes) {
    bytes = full;
    hash = createHash('sha256').update(bytes).digest('hex');
  }
  // stored class labels are matched to the data's by name (a different set is an error naming both)
  const classes = dataset.preprocessing.label?.classes;
  // --backend ort puts the graph's forward passes on ONNX Runtime too (a graph outside the interpreter is there anyway)
  const onnxOptions: OnnxFileOptions = {
    ...options.onnx,
    ...(classes !== undefined ? { classes } : {}),
    ...(backend === 'ort' ? { evaluate: 'session' as const } : {}),
  };
  const m = loadOnnxModel(bytes, { threads: 1, name: source.path, ...onnxOptions });
  try {
    widthCheck(m.inputDim);
  } catch (e) {
    m.dispose();
    throw e;
  }
  const approximate = m.gradientSource === 'finite-differences';
  return {
    model: m,
    neural: m.mlp ?? null,
    worker: { kind: 'onnx', bytes, file: source.path, options: onnxOptions },
    hash,
    path: source.path,
    cached: false,
    report: null,
    source: { kind: 'file', format: 'onnx', backend: m.backend },
    gradients: approximate
      ? `approximate: central finite differences, relative step ${m.discovered.fdStep ?? '?'}: ${m.discovered.finiteDifferencesBecause ?? ''}`
      : EXACT_GRADIENTS,
    approximateGradients: approximate,
    dispose: () => m.dispose(),
  };
}

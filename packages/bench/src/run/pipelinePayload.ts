// What the main thread hands every worker (the payload), and the pieces both sides build the
// same way: ground-truth sources, explainers, noise units and the manifest's explainer record.
import { observedValues } from '@xai/data';
import type { Explainer, FeatureSchema, Matrix } from '@xai/core';
import { contiguous, hashFloat64 } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import type { ExplainerId, TreeShapAlgorithm } from '@xai/explainers';
import type { Precision } from '@xai/models';
import type { PresetName } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';
import type { BenchDataset } from '../inputs/loadBenchDataset.js';
import { perturbationScale } from '../inputs/perturbationScale.js';
import type { PerturbationScale } from '../inputs/perturbationScale.js';
import type { UserBenchDataset } from '../inputs/userBenchDataset.js';
import type { WorkerModelSpec } from '../inputs/workerModel.js';

/** Where a dataset x model's ground truth comes from. */
export type GroundTruthSource = 'model' | 'data' | null;

/**
 * LR: its own weights (w1 − w0) in every preset and on every dataset — an explainer explains
 * the model, and for LR the model's reasons are known exactly (on SynthGauss a linear model
 * cannot follow the per-cluster weights, so scoring it against them would blame explainers for
 * the model's misfit). ANN: the generator's per-cluster weights on synthetic data, where an
 * accurate model must follow them (the paper's Theorem 1); none on real data (not applicable).
 * @since 0.1.0
 */
export function groundTruthSource(dataset: string, model: string): GroundTruthSource {
  if (model === 'lr') return 'model';
  return dataset === 'synthetic' ? 'data' : null;
}

export interface JobPayload {
  readonly dataset: string;
  readonly model: string;
  /** What the worker rebuilds: model JSON (pure TS or the ORT backend) or ONNX bytes. */
  readonly worker: WorkerModelSpec;
  readonly groundTruth: GroundTruthSource;
  /** The model's own input space when it is not the dataset payload's (a raw-column model): scored rows and train. */
  readonly inputs?: { readonly x: Matrix; readonly train: Matrix };
  /** Draw noise and measure distances in each column's own units (see `noiseUnits`). */
  readonly scaleNoise: boolean;
}

export interface DatasetPayload {
  readonly id: string;
  /** The scored instances (first N test rows), contiguous. */
  readonly x: Matrix;
  readonly train: Matrix;
  readonly schema: FeatureSchema;
  readonly groups: Int32Array | null;
  /** Generator ground truth of the scored instances (unsigned: w of the row's cluster). */
  readonly dataTruth: Matrix | null;
}

export interface PipelinePayload {
  /** Forward passes of the built-in models: 'ts' or 'ort' (recorded; each job's spec carries it). */
  readonly backend: string;
  /** Arithmetic of the built-in and JSON models (ONNX files keep their graph's). */
  readonly precision: Precision;
  readonly preset: PresetName;
  readonly seed: number;
  readonly metrics: readonly string[];
  readonly stabilityNeighbours: number;
  readonly stabilitySamples: number;
  /** Return each unit's attributions too (`--save-explanations`). */
  readonly saveExplanations: boolean;
  /** TreeSHAP's algorithm (absent: path-dependent). */
  readonly treeShap?: TreeShapAlgorithm;
  readonly datasets: readonly DatasetPayload[];
  readonly jobs: readonly JobPayload[];
}

/**
 * Config of a configured explainer for the manifest: small matrices and vectors (an IG baseline)
 * written out, large ones (a SHAP background) by shape and content hash.
 */
export function describeConfig(config: unknown): unknown {
  return JSON.parse(
    JSON.stringify(config, (_k, v: unknown) => {
      if (v !== null && typeof v === 'object' && (v as Matrix).data instanceof Float64Array) {
        const m = v as Matrix;
        const data = contiguous(m, true).data;
        return m.rows * m.cols <= 64
          ? { matrix: `${m.rows}x${m.cols}`, values: [...data] }
          : { matrix: `${m.rows}x${m.cols}`, hash: hashFloat64(data) };
      }
      if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
        const a = v as unknown as Float64Array;
        return a.length <= 64 ? [...a] : { length: a.length, hash: hashFloat64(Float64Array.from(a)) };
      }
      return v;
    }),
  );
}

/**
 * The explainer a worker runs for (id, preset, seed, train): the one construction both the
 * workers and the manifest use, so the record cannot drift from what ran. Under openxai LIME
 * draws the released code's numpy stream, placed by each row's position among the scored
 * instances, so its attributions reproduce the released ones.
 * @since 0.2.0
 */
export function buildExplainer(
  id: string,
  preset: PresetName,
  seed: number,
  train: Matrix,
  scale?: PerturbationScale,
  treeShap?: TreeShapAlgorithm,
): Explainer & { readonly config?: unknown } {
  const numpyLime = id === 'lime' && preset === 'openxai';
  return createExplainer(id as ExplainerId, {
    preset,
    seed,
    // TreeSHAP's background keeps a tree model's missing cells; the others fit on the observed ones.
    train: id === 'treeshap' ? train : observedValues(train),
    ...(numpyLime ? { noise: 'numpy-batch' } : {}),
    ...scale?.explainerOptions(id),
    ...(id === 'treeshap' && treeShap !== undefined ? { algorithm: treeShap } : {}),
  });
}

/**
 * Whether a dataset x model draws its noise in each column's own units: under the `default`
 * preset on a user's CSV (`--data`), where a model may eat raw columns (age 18–90, income in
 * dollars) and absolute N(0, 0.1²) noise would be meaningless. On the scaled space every range
 * is 1, so the built-in models keep the absolute constants exactly. Registry and synthetic
 * datasets keep the protocol's absolute constants in every preset.
 */
export function noiseUnits(preset: PresetName, ds: BenchDataset): boolean {
  return protocolPreset(preset) === 'default' && (ds as Partial<UserBenchDataset>).user !== undefined;
}

/** The noise units of a job: per-column ranges of its training rows (one-hot and discrete columns keep 1), or none. */
export function jobScale(preset: PresetName, scaleNoise: boolean, train: Matrix, schema: FeatureSchema): PerturbationScale | undefined {
  return scaleNoise ? perturbationScale(preset, train, schema) : undefined;
}

import { checkOptions } from '@xai/core';
import { join } from 'node:path';
import type { FeatureSchema, Matrix, Preprocessing, SensitiveAttribute, Split } from '@xai/core';
import { datasetPreprocessing, loadDataset } from '@xai/data/node';
import type { DatasetName } from '@xai/data/node';
import { generateSynthGauss, synthGaussPreset } from '@xai/synth';
import type { PresetName } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';

/** A dataset as the bench uses it: scaled splits, schema, optional sensitive groups and ground truth. */
export interface BenchDataset {
  readonly id: string;
  /** Name given to `trainingPreset` (per-dataset batch size, learning rate). */
  readonly trainingName: string;
  readonly train: Split;
  readonly validation?: Split;
  readonly test: Split;
  readonly schema: FeatureSchema;
  readonly sensitive?: SensitiveAttribute;
  /** Per-instance ground truth of the test rows, when the data-generating process is known. */
  readonly groundTruthTest?: Matrix;
  /** Content hash of the input files (synthetic: the generator's content-addressed id). */
  readonly hash: string;
  /** Hash of the inputs and every processing choice (preset, scaling, validation carve, seed). */
  readonly processingHash: string;
  readonly provenance: unknown;
  /** How raw rows become model inputs (names, kinds, fitted scaler, label classes): what `xai train` saves in the model file. */
  readonly preprocessing: Preprocessing;
}

export interface LoadBenchDatasetOptions {
  readonly preset: PresetName;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly download: boolean;
  /** Seed of the validation carve of real datasets. */
  readonly seed: number;
}

/**
 * 'synthetic' → SynthGauss generated in memory for the preset (paper variant, or the released
 * code's for `openxai`; its own fixed seed, content-addressed id as hash); any other id → the
 * @xai/data registry loader (dataDir, then the cache, then a download when allowed).
 * @since 0.1.0
 */
export async function loadBenchDataset(id: string, options: LoadBenchDatasetOptions): Promise<BenchDataset> {
  checkOptions(options, ['preset', 'dataDir', 'cacheDir', 'download', 'seed'], 'loadBenchDataset');
  if (id === 'synthetic') {
    const ds = generateSynthGauss(synthGaussPreset(protocolPreset(options.preset)));
    return {
      id,
      trainingName: 'gaussian',
      train: ds.train,
      test: ds.test,
      schema: ds.schema,
      ...(ds.validation ? { validation: ds.validation } : {}),
      groundTruthTest: ds.groundTruth.test,
      hash: ds.id,
      processingHash: ds.id,
      provenance: ds.manifest,
      preprocessing: datasetPreprocessing(ds),
    };
  }
  const ds = await loadDataset(id as DatasetName, {
    dataDir: options.dataDir,
    cacheDir: join(options.cacheDir, 'datasets'),
    preset: protocolPreset(options.preset),
    download: options.download,
    seed: options.seed,
  });
  return {
    id,
    trainingName: id,
    train: ds.train,
    test: ds.test,
    schema: ds.schema,
    ...(ds.validation ? { validation: ds.validation } : {}),
    ...(ds.sensitive ? { sensitive: ds.sensitive } : {}),
    hash: ds.hash,
    processingHash: ds.processingHash,
    provenance: ds.provenance,
    preprocessing: datasetPreprocessing(ds),
  };
}

import { checkOptions, sha256Hex } from '@xai/core';
import { existsSync, readFileSync } from 'node:fs';
import { makeDirs, writeFileAtomicSync } from '@xai/core/node';
import { join } from 'node:path';
import { createAnn, createLogisticRegression, formatModelJson, parseModelJson, toModelJson, trainModel, trainingPreset } from '@xai/models';
import type { NeuralModel, TrainOptions, TrainReport } from '@xai/models';
import type { BenchDataset } from './loadBenchDataset.js';
import type { ModelName, PresetName } from '../config/ids.js';
import { protocolPreset } from '../config/presetStages.js';

/** A trained model, its canonical JSON text (what workers load) and where it is cached. */
export interface TrainedModel {
  readonly model: NeuralModel;
  /** Canonical 'xai-model@1' JSON: the exact bytes hashed and shipped to workers. */
  readonly json: string;
  /** sha256 of `json`. */
  readonly hash: string;
  readonly path: string;
  readonly cached: boolean;
  /** Accuracies, best epoch and settings (without the per-epoch history). */
  readonly report: StoredTrainReport | null;
}

/**
 * A training report as the cache stores it: without the per-epoch history, and a number that
 * is not finite (patience Infinity: no early stopping) as its string, which JSON would make null.
 */
export type StoredTrainReport = Omit<TrainReport, 'history' | 'settings'> & {
  readonly settings: { readonly [K in keyof TrainReport['settings']]: TrainReport['settings'][K] | string };
};

export interface TrainOrLoadModelOptions {
  readonly preset: PresetName;
  readonly seed: number;
  /** Models are cached under `<cacheDir>/models`. */
  readonly cacheDir: string;
  /** Versions of @xai/models etc.: a new trainer invalidates the cache. */
  readonly versions?: Readonly<Record<string, string>>;
  readonly log?: (line: string) => void;
}

const sha256 = sha256Hex;

/**
 * The report exactly as it reads back from the cache (a JSON round trip, a non-finite setting
 * as its string first), so a run that trains and a run that reads the cache say the same.
 */
function asStoredReport(report: Omit<TrainReport, 'history'>): StoredTrainReport {
  const settings = Object.fromEntries(
    Object.entries(report.settings).map(([k, v]) => [k, typeof v === 'number' && !Number.isFinite(v) ? String(v) : v]),
  );
  return JSON.parse(JSON.stringify({ ...report, settings })) as StoredTrainReport;
}

/** What training reads of a dataset (all a training thread is sent). */
export type TrainingData = Pick<BenchDataset, 'id' | 'trainingName' | 'processingHash' | 'train' | 'validation' | 'test'>;

/** Where a model lives in the cache, and the settings it is trained with. */
interface CacheEntry {
  readonly path: string;
  readonly reportPath: string;
  readonly settings: TrainOptions;
}

/**
 * The cache entry of a model: the key is the dataset's content hash + model kind + training
 * settings + seed (+ package versions), so any change retrains and nothing stale is reused.
 */
function cacheEntry(dataset: TrainingData, kind: ModelName, options: TrainOrLoadModelOptions): CacheEntry {
  // quantus and captum train as default: the same models, the same cache entry.
  const preset = protocolPreset(options.preset);
  const settings: TrainOptions = { ...trainingPreset(dataset.trainingName, kind, preset), seed: options.seed };
  const key = sha256(
    JSON.stringify({
      format: 'xai-bench-model-cache@1',
      dataset: dataset.processingHash,
      kind,
      preset,
      seed: options.seed,
      settings,
      versions: options.versions ?? {},
    }),
  );
  const path = join(options.cacheDir, 'models', `${dataset.id}-${kind}-${key.slice(0, 16)}.json`);
  return { path, reportPath: path.replace(/\.json$/, '.report.json'), settings };
}

/** True when the model is in the cache (trainOrLoadModel would read it, not train). */
export function isModelCached(dataset: TrainingData, kind: ModelName, options: TrainOrLoadModelOptions): boolean {
  return existsSync(cacheEntry(dataset, kind, options).path);
}

/** The training report stored beside a cached model (null when there is none). */
export function cachedReport(dataset: TrainingData, kind: ModelName, options: TrainOrLoadModelOptions): StoredTrainReport | null {
  const { reportPath } = cacheEntry(dataset, kind, options);
  return existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as StoredTrainReport) : null;
}

/** The line a run prints for a model trained now. */
export function trainedLine(kind: ModelName, id: string, report: StoredTrainReport | null): string {
  const accuracy = report?.accuracy.test?.toFixed(3) ?? '?';
  return `trained ${kind} on ${id}: test accuracy ${accuracy} (epoch ${report?.bestEpoch ?? '?'}, ${report?.seconds.toFixed(1) ?? '?'} s)`;
}

/**
 * Trains a model and writes it (and its report) to the cache, atomically: a killed run never
 * leaves a truncated model there. Run in any thread: the bytes depend on the data, kind,
 * settings and seed alone.
 */
export function trainToCache(dataset: TrainingData, kind: ModelName, options: TrainOrLoadModelOptions): StoredTrainReport {
  const { path, reportPath, settings } = cacheEntry(dataset, kind, options);
  const d = dataset.train.x.cols;
  const fresh = kind === 'lr' ? createLogisticRegression(d, { seed: options.seed }) : createAnn(d, { seed: options.seed });
  const { history: _history, ...trained } = trainModel(
    fresh,
    { train: dataset.train, validation: dataset.validation, test: dataset.test },
    settings,
  );
  const report = asStoredReport(trained);
  makeDirs(join(options.cacheDir, 'models'), 'xai train');
  writeFileAtomicSync(reportPath, `${JSON.stringify(report, null, 2)}\n`, 'xai train');
  writeFileAtomicSync(path, formatModelJson(toModelJson(fresh)), 'xai train');
  return report;
}

/**
 * Trains LR or ANN on a dataset with `trainingPreset(dataset, kind, preset)` and the run seed,
 * or loads it from the cache (see `cacheEntry`). The returned model is the one parsed back from
 * the cached JSON, exactly what workers load.
 * @since 0.1.0
 */
export function trainOrLoadModel(dataset: TrainingData, kind: ModelName, options: TrainOrLoadModelOptions): TrainedModel {
  checkOptions(options, ['preset', 'seed', 'cacheDir', 'versions', 'log'], 'trainOrLoadModel');
  const { path } = cacheEntry(dataset, kind, options);
  const cached = existsSync(path);
  let report: StoredTrainReport | null;
  if (cached) {
    report = cachedReport(dataset, kind, options);
  } else {
    options.log?.(`training ${kind} on ${dataset.id} (${dataset.train.x.rows} rows, ${dataset.train.x.cols} features)`);
    report = trainToCache(dataset, kind, options);
    options.log?.(trainedLine(kind, dataset.id, report));
  }
  const json = readFileSync(path, 'utf8');
  return { model: parseModelJson(json, path), json, hash: sha256(json), path, cached, report };
}

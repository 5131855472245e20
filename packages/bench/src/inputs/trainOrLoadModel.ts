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

/**
 * Trains LR or ANN on a dataset with `trainingPreset(dataset, kind, preset)` and the run seed,
 * or loads it from the cache: the key is the dataset's content hash + model kind + training
 * settings + seed (+ package versions), so any change retrains and nothing stale is reused.
 * The returned model is the one parsed back from the cached JSON, exactly what workers load.
 * @since 0.1.0
 */
export function trainOrLoadModel(dataset: BenchDataset, kind: ModelName, options: TrainOrLoadModelOptions): TrainedModel {
  checkOptions(options, ['preset', 'seed', 'cacheDir', 'versions', 'log'], 'trainOrLoadModel');
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
  const dir = join(options.cacheDir, 'models');
  const path = join(dir, `${dataset.id}-${kind}-${key.slice(0, 16)}.json`);
  const reportPath = path.replace(/\.json$/, '.report.json');
  if (existsSync(path)) {
    const json = readFileSync(path, 'utf8');
    const report = existsSync(reportPath) ? (JSON.parse(readFileSync(reportPath, 'utf8')) as StoredTrainReport) : null;
    return { model: parseModelJson(json, path), json, hash: sha256(json), path, cached: true, report };
  }
  const d = dataset.train.x.cols;
  const fresh = kind === 'lr' ? createLogisticRegression(d, { seed: options.seed }) : createAnn(d, { seed: options.seed });
  options.log?.(`training ${kind} on ${dataset.id} (${dataset.train.x.rows} rows, ${d} features)`);
  const { history: _history, ...trained } = trainModel(
    fresh,
    { train: dataset.train, validation: dataset.validation, test: dataset.test },
    settings,
  );
  const report = asStoredReport(trained);
  const json = formatModelJson(toModelJson(fresh));
  makeDirs(dir, 'xai train');
  // Atomic writes: a killed run never leaves a truncated model in the cache.
  writeFileAtomicSync(reportPath, `${JSON.stringify(report, null, 2)}\n`, 'xai train');
  writeFileAtomicSync(path, json, 'xai train');
  options.log?.(
    `trained ${kind} on ${dataset.id}: test accuracy ${report.accuracy.test?.toFixed(3) ?? '?'} (epoch ${report.bestEpoch}, ${report.seconds.toFixed(1)} s)`,
  );
  return { model: parseModelJson(json, path), json, hash: sha256(json), path, cached: false, report };
}

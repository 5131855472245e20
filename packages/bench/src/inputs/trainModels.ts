import { checkOptions } from '@xai/core';
import type { Preprocessing } from '@xai/core';
import { createHash } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { makeDirs } from '../system/ioError.js';
import { join } from 'node:path';
import { formatModelJson, toModelJson, withPreprocessing } from '@xai/models';
import type { ModelName, PresetName } from '../config/ids.js';
import { isPeerPreset, protocolPreset } from '../config/presetStages.js';
import { loadBenchDataset } from './loadBenchDataset.js';
import type { BenchDataset } from './loadBenchDataset.js';
import { trainOrLoadModel } from './trainOrLoadModel.js';
import type { UserDataSpec } from './userBenchDataset.js';
import { loadUserBenchDataset } from './userBenchDataset.js';

export interface TrainModelsOptions {
  readonly datasets: readonly string[];
  readonly models: readonly ModelName[];
  readonly preset: PresetName;
  readonly seed: number;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly download: boolean;
  readonly out: string;
  /** A user's CSV (`--data my.csv --label y`), trained on after `datasets`. */
  readonly userData?: UserDataSpec | null;
  readonly log?: (line: string) => void;
}

/** One line of `models.json`. */
export interface TrainedModelEntry {
  readonly dataset: string;
  readonly model: string;
  readonly file: string;
  readonly sha256: string;
  readonly datasetHash: string;
  readonly cached: boolean;
  readonly accuracy: unknown;
  readonly bestEpoch: number | null;
  readonly settings: unknown;
  /** The model file carries the dataset's preprocessing (names, kinds, scaler, label classes). */
  readonly preprocessing: boolean;
}

/**
 * Under quantus or captum (which set only the explainers and the extended metrics): the preset
 * the data and the models were given, named as in a bench run's manifest (`settings.presets`).
 */
function trainedPresets(preset: PresetName): { presets?: { preset: PresetName; data: string; models: string } } {
  return isPeerPreset(preset) ? { presets: { preset, data: protocolPreset(preset), models: protocolPreset(preset) } } : {};
}

/**
 * `xai train`: trains (or takes from the cache) each model on each dataset with the preset's
 * training settings and the seed, writes `<out>/<dataset>-<model>.json` ('xai-model@1') and
 * `<out>/models.json`: accuracies, best epoch, settings and hashes. A peer preset (quantus,
 * captum) has no data or training settings: those are `default`'s, as in `xai bench`, and
 * models.json records it (`presets`).
 * @since 0.1.0
 */
export async function trainModels(options: TrainModelsOptions): Promise<TrainedModelEntry[]> {
  checkOptions(
    options,
    ['datasets', 'models', 'preset', 'seed', 'dataDir', 'cacheDir', 'download', 'out', 'userData', 'log'],
    'trainModels',
  );
  // Created at the first write: a run that fails while loading or training leaves no empty folder.
  const ensureOut = (): void => {
    makeDirs(options.out, 'xai train');
  };
  const entries: TrainedModelEntry[] = [];
  const { userData, log } = options;
  const loaders: (() => Promise<BenchDataset & { readonly preprocessing: Preprocessing }>)[] = options.datasets.map(
    (id) => () =>
      loadBenchDataset(id, {
        preset: options.preset,
        dataDir: options.dataDir,
        cacheDir: options.cacheDir,
        download: options.download,
        seed: options.seed,
      }),
  );
  if (userData) {
    loaders.push(async () => {
      const ds = await loadUserBenchDataset(userData, { seed: options.seed });
      for (const w of ds.warnings) log?.(`${ds.id}: ${w}`);
      return ds;
    });
  }
  for (const load of loaders) {
    const ds = await load();
    for (const kind of options.models) {
      const t = trainOrLoadModel(ds, kind, {
        preset: options.preset,
        seed: options.seed,
        cacheDir: options.cacheDir,
        ...(log ? { log } : {}),
      });
      const file = `${ds.id}-${kind}.json`;
      // The saved model carries how raw rows become its inputs (the cached copy stays bare:
      // its bytes are what the bench's workers load and hash).
      const json = formatModelJson(toModelJson(withPreprocessing(t.model, ds.preprocessing)));
      const tmp = join(options.out, `${file}.tmp-${process.pid}`);
      ensureOut();
      writeFileSync(tmp, json);
      renameSync(tmp, join(options.out, file));
      entries.push({
        dataset: ds.id,
        model: kind,
        file,
        sha256: createHash('sha256').update(json).digest('hex'),
        datasetHash: ds.hash,
        cached: t.cached,
        accuracy: t.report?.accuracy ?? null,
        bestEpoch: t.report?.bestEpoch ?? null,
        settings: t.report?.settings ?? null,
        preprocessing: true,
      });
    }
  }
  const tmp = join(options.out, `models.json.tmp-${process.pid}`);
  ensureOut();
  writeFileSync(
    tmp,
    `${JSON.stringify({ format: 'xai-bench-models@1', preset: options.preset, ...trainedPresets(options.preset), seed: options.seed, models: entries }, null, 2)}\n`,
  );
  renameSync(tmp, join(options.out, 'models.json'));
  return entries;
}

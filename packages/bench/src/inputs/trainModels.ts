import { checkOptions } from '@xai/core';
import type { Preprocessing } from '@xai/core';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs, writeFileAtomicSync } from '@xai/core/node';
import { checkTrainFolder, mergedModelsJson } from './trainFolder.js';
import type { TrainFolder } from './trainFolder.js';
import { refuseInputAsOutput } from '../results/refuseOverwrite.js';
import { formatModelJson, toModelJson, withPreprocessing } from '@xai/models';
import { datasetClasses } from './checkModelTask.js';
import { modelSanity, sanityWarning } from './modelSanity.js';
import { backgroundOf } from './modelBackground.js';
import { userDatasetName } from '@xai/data/node';
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
  /** Called with the warning for a model whose test accuracy is not above the base rate. */
  readonly warn?: (line: string) => void;
  /** Write into a folder holding other files, replacing models trained there before. @defaultValue false */
  readonly force?: boolean;
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
  /** The preset and seed it was trained with (entries of several runs share one models.json). */
  readonly preset: PresetName;
  readonly seed: number;
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
    ['datasets', 'models', 'preset', 'seed', 'dataDir', 'cacheDir', 'download', 'out', 'userData', 'log', 'warn', 'force'],
    'trainModels',
  );
  const previous = checkTrainOutputs(options);
  // Created at the first write: a run that fails while loading or training leaves no empty folder;
  // one that fails while writing (a full disk) removes what it wrote.
  const out: { created: string[] | null; written: string[] } = { created: null, written: [] };
  const write = (file: string, text: string): void => {
    out.created ??= makeDirs(options.out, 'xai train');
    writeFileAtomicSync(join(options.out, file), text, 'xai train');
    out.written.push(file);
  };
  try {
    const entries = await trainEach(options, write);
    const head = { format: 'xai-bench-models@1', preset: options.preset, ...trainedPresets(options.preset), seed: options.seed };
    write('models.json', mergedModelsJson(head, previous.entries, entries));
    return entries;
  } catch (e) {
    if (out.created !== null && out.created.length > 0) rmSync(out.created[0]!, { recursive: true, force: true });
    else for (const f of out.written) if (!previous.entries.some((x) => x.file === f)) rmSync(join(options.out, f), { force: true });
    throw e;
  }
}

/**
 * Refused before any training: a folder holding files not from xai train, a model an earlier run
 * wrote (without force), or an output that is one of the inputs.
 */
function checkTrainOutputs(options: TrainModelsOptions): TrainFolder {
  const previous = checkTrainFolder(options.out, options.force === true);
  const u = options.userData;
  const ids = [...options.datasets, ...(u ? [userDatasetName(u.data)] : [])];
  const files = ids.flatMap((id) => options.models.map((kind) => `${id}-${kind}.json`));
  for (const file of files) previous.refuseReplacing(file);
  refuseInputAsOutput(
    ['models.json', ...files].map((file) => ({ flag: '--out', path: join(options.out, file) })),
    [
      { flag: '--data', path: u?.data },
      { flag: '--test', path: u?.test },
      { flag: '--schema', path: u?.schema },
    ],
    'xai train',
  );
  return previous;
}

/** The datasets to train on, loaded one at a time (registry names, then the user's CSV). */
function datasetLoaders(options: TrainModelsOptions): (() => Promise<BenchDataset & { readonly preprocessing: Preprocessing }>)[] {
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
  return loaders;
}

/** Trains (or takes from the cache) each model on each dataset and writes its file. */
async function trainEach(options: TrainModelsOptions, write: (file: string, text: string) => void): Promise<TrainedModelEntry[]> {
  const entries: TrainedModelEntry[] = [];
  const { log } = options;
  for (const load of datasetLoaders(options)) {
    const ds = await load();
    for (const kind of options.models) {
      const t = trainOrLoadModel(ds, kind, {
        preset: options.preset,
        seed: options.seed,
        cacheDir: options.cacheDir,
        ...(log ? { log } : {}),
      });
      const file = `${ds.id}-${kind}.json`;
      // The saved model carries how raw rows become its inputs and a background sample (the cached copy stays bare:
      // its bytes are what the bench's workers load and hash).
      // Its test accuracy beside the base rate: explain and evaluate warn for a model below chance.
      const sanity = modelSanity(t.model, ds.test.x, ds.test.y, datasetClasses(ds));
      const warning = sanityWarning(sanity, `${ds.id} · ${kind}`);
      if (warning !== null) options.warn?.(warning);
      const performance = { split: 'test', rows: sanity.rows, accuracy: sanity.accuracy, baseRate: sanity.baseRate };
      const saved = toModelJson(withPreprocessing(t.model, ds.preprocessing));
      const background = backgroundOf(ds.train.x, options.seed, ds.id);
      const json = formatModelJson({ ...saved, performance, metadata: { ...saved.metadata, background } });
      write(file, json);
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
        preset: options.preset,
        seed: options.seed,
      });
    }
  }
  return entries;
}

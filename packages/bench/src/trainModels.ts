import { checkOptions } from '@xai/core';
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelName, PresetName } from './ids';
import { loadBenchDataset } from './loadBenchDataset';
import { trainOrLoadModel } from './trainOrLoadModel';

export interface TrainModelsOptions {
  readonly datasets: readonly string[];
  readonly models: readonly ModelName[];
  readonly preset: PresetName;
  readonly seed: number;
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly download: boolean;
  readonly out: string;
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
}

/**
 * `xai train`: trains (or takes from the cache) each model on each dataset with the preset's
 * training settings and the seed, writes `<out>/<dataset>-<model>.json` ('xai-model@1') and
 * `<out>/models.json`: accuracies, best epoch, settings and hashes.
 * @since 0.1.0
 */
export async function trainModels(options: TrainModelsOptions): Promise<TrainedModelEntry[]> {
  checkOptions(options, ['datasets', 'models', 'preset', 'seed', 'dataDir', 'cacheDir', 'download', 'out', 'log'], 'trainModels');
  mkdirSync(options.out, { recursive: true });
  const entries: TrainedModelEntry[] = [];
  for (const id of options.datasets) {
    const ds = await loadBenchDataset(id, { preset: options.preset, dataDir: options.dataDir, cacheDir: options.cacheDir, download: options.download, seed: options.seed });
    for (const kind of options.models) {
      const t = trainOrLoadModel(ds, kind, { preset: options.preset, seed: options.seed, cacheDir: options.cacheDir, ...(options.log ? { log: options.log } : {}) });
      const file = `${id}-${kind}.json`;
      copyFileSync(t.path, join(options.out, file));
      entries.push({
        dataset: id, model: kind, file, sha256: t.hash, datasetHash: ds.hash, cached: t.cached,
        accuracy: t.report?.accuracy ?? null, bestEpoch: t.report?.bestEpoch ?? null, settings: t.report?.settings ?? null,
      });
    }
  }
  const tmp = join(options.out, `models.json.tmp-${process.pid}`);
  writeFileSync(tmp, `${JSON.stringify({ format: 'xai-bench-models@1', preset: options.preset, seed: options.seed, models: entries }, null, 2)}\n`);
  renameSync(tmp, join(options.out, 'models.json'));
  return entries;
}

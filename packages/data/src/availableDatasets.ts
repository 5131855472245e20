import { checkOptions } from '@xai/core';
import type { DatasetName } from './datasetInfo.js';
import { defaultCacheDir, defaultDataDir } from './datasetDirs.js';
import { DATASET_NAMES, datasetRegistry } from './datasetRegistry.js';
import { findLayout } from './internal/datasetFiles.js';

export interface AvailableDatasetsOptions {
  /** @defaultValue $XAI_DATA_DIR */
  readonly dataDir?: string;
  /** @defaultValue {@link defaultCacheDir} */
  readonly cacheDir?: string;
}

/**
 * Datasets whose files are all present in `dataDir` or the cache (so `loadDataset` needs no
 * download). Checks presence only; checksums are verified when loading.
 * @example availableDatasets({ dataDir: '../shared/datasets' })  // ['adult', 'compas', ...]
 * @since 0.1.0
 */
export function availableDatasets(options: AvailableDatasetsOptions = {}): DatasetName[] {
  checkOptions(options, ['dataDir', 'cacheDir'], 'availableDatasets');
  const { dataDir = defaultDataDir(), cacheDir = defaultCacheDir() } = options;
  const dirs = [dataDir, cacheDir].filter((d): d is string => typeof d === 'string' && d.length > 0);
  return DATASET_NAMES.filter((name) => dirs.some((dir) => findLayout(dir, datasetRegistry[name]) !== undefined));
}

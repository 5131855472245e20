import { checkOptions } from '@xai/core';
import type { DatasetName } from './datasetInfo.js';
import { defaultCacheDir, defaultDataDir } from './datasetDirs.js';
import { DATASET_NAMES, datasetRegistry } from './datasetRegistry.js';
import { datasetFilePath, findLayout } from './internal/datasetFiles.js';
import { layoutsOf } from './internal/datasetLayout.js';

/**
 * `found`: every file of a layout is in `dataDir`; `cached`: in the download cache;
 * `downloadable`: not on disk, but every file of a layout has a public address (the
 * network is not tried); `unavailable`: none of these (supply the files by hand).
 */
export type DatasetAvailability = 'found' | 'cached' | 'downloadable' | 'unavailable';

export interface DatasetStatus {
  readonly name: DatasetName;
  readonly title: string;
  readonly status: DatasetAvailability;
  /** The files that would be read (found / cached) or fetched (downloadable). */
  readonly files: readonly string[];
  /** Whether every one of those files has a published sha256 in the registry. */
  readonly checksums: 'published' | 'recorded-on-download';
}

export interface DatasetStatusOptions {
  /** @defaultValue $XAI_DATA_DIR */
  readonly dataDir?: string | undefined;
  /** @defaultValue {@link defaultCacheDir} */
  readonly cacheDir?: string | undefined;
}

/**
 * All eight registry datasets with a status each, for `xai data list`: found in the data
 * folder, cached, downloadable, or unavailable. Looks at files only (nothing is read or
 * fetched; checksums are verified when loading).
 * @example for (const s of datasetStatus({ dataDir: '../shared/datasets' })) console.log(s.name, s.status)
 * @since 0.2.0
 */
export function datasetStatus(options: DatasetStatusOptions = {}): DatasetStatus[] {
  checkOptions(options, ['dataDir', 'cacheDir'], 'datasetStatus');
  const { dataDir = defaultDataDir(), cacheDir = defaultCacheDir() } = options;
  return DATASET_NAMES.map((name) => {
    const info = datasetRegistry[name];
    const inData = dataDir ? findLayout(dataDir, info) : undefined;
    const inCache = inData ? undefined : cacheDir ? findLayout(cacheDir, info) : undefined;
    const fetchable = layoutsOf(info).find((l) => l.files.every((f) => f.url !== undefined));
    const layout = inData ?? inCache ?? fetchable;
    const status: DatasetAvailability = inData ? 'found' : inCache ? 'cached' : fetchable ? 'downloadable' : 'unavailable';
    const dir = inData ? dataDir : inCache ? cacheDir : undefined;
    const files = layout
      ? layout.files.map((f) => (dir ? datasetFilePath(dir, info, f) : (f.url ?? f.file)))
      : info.files.map((f) => f.file);
    const checksums = (layout?.files ?? info.files).every((f) => f.sha256 !== undefined) ? 'published' : 'recorded-on-download';
    return { name, title: info.title, status, files, checksums };
  });
}

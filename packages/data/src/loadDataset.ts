import type { OptionKeys } from '@xai/core';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { XaiError, checkOptions, numberOption } from '@xai/core';
import type { DatasetFile, DatasetInfo, DatasetName } from './datasetInfo.js';
import { defaultCacheDir, defaultDataDir } from './datasetDirs.js';
import { datasetInfoOf } from './datasetRegistry.js';
import type { DatasetProcessingOptions, FileBytes } from './internal/assembleDataset.js';
import {
  LOAD_DATASET_DEFAULTS,
  PROCESSING_KEYS,
  assembleDataset,
  badOption,
  resolveProcessing,
  settleChecksum,
  urlOf,
} from './internal/assembleDataset.js';
import { datasetFilePath, findLayout } from './internal/datasetFiles.js';
import type { Layout } from './internal/datasetLayout.js';
import { layoutsOf } from './internal/datasetLayout.js';
import { downloadFile } from './internal/downloadFile.js';
import { fileSha256 } from './internal/fileSha256.js';
import { readFileBytes } from './internal/readFileBytes.js';
import type { FileSource, LoadedDataset } from './loadedDataset.js';

export interface LoadDatasetOptions extends DatasetProcessingOptions {
  /** Local folder laid out as `<dataDir>/<name>/<file>` (e.g. `shared/datasets`), looked at first. @defaultValue $XAI_DATA_DIR */
  readonly dataDir?: string | undefined;
  /** Download cache, same layout, looked at second. @defaultValue {@link defaultCacheDir} */
  readonly cacheDir?: string | undefined;
  /** Fetch missing files from their canonical address into the cache. @defaultValue true */
  readonly download?: boolean;
  /** The fetch to download with (tests inject one). @defaultValue globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Base URL that replaces `https://dataverse.harvard.edu/api/access/datafile/` (a mirror). */
  readonly mirror?: string;
  /** Download timeout per file. @defaultValue 60000 */
  readonly timeoutMs?: number;
}

const FN = 'loadDataset';
const LOAD_DATASET_KEYS: OptionKeys<LoadDatasetOptions> = [
  ...PROCESSING_KEYS,
  'dataDir',
  'cacheDir',
  'download',
  'fetch',
  'mirror',
  'timeoutMs',
];

function manualHint(info: DatasetInfo, layout: Layout, dirs: { dataDir: string | undefined; cacheDir: string }): string {
  const where = (f: DatasetFile): string => {
    const target = dirs.dataDir ? datasetFilePath(dirs.dataDir, info, f) : datasetFilePath(dirs.cacheDir, info, f);
    const sha = f.sha256 ? ` (sha256 ${f.sha256})` : '';
    return `${f.url ? `download ${f.url}` : `obtain ${f.file}`} and save it as ${target}${sha}`;
  };
  return `To supply it by hand: ${layout.files.map(where).join('; ')}${dirs.dataDir ? '' : ` (or put the files under <dir>/${info.name}/ and pass dataDir)`}.`;
}

async function readOne(
  info: DatasetInfo,
  file: DatasetFile,
  dir: string,
  source: FileSource,
  verify: boolean,
  url: string | undefined,
  justDownloaded: boolean,
): Promise<FileBytes> {
  const path = datasetFilePath(dir, info, file);
  const bytes = await readFileBytes(path, FN);
  const sha256 = fileSha256(bytes);
  let expected = file.sha256;
  // The sidecar written by this very call proves nothing: it was computed from these bytes.
  const recordedNow = file.sha256 === undefined && justDownloaded;
  if (expected === undefined && !recordedNow && source !== 'dataDir' && existsSync(`${path}.sha256`))
    expected = (await readFile(`${path}.sha256`, 'utf8')).trim();
  const fix =
    source === 'dataDir'
      ? 'replace it with the published file, or pass verify: false to use it as it is'
      : 'delete it so that it is downloaded again, or pass verify: false';
  const check =
    verify && recordedNow
      ? 'recordedNow'
      : settleChecksum(FN, path, bytes.length, sha256, expected, file.sha256 !== undefined, verify, fix);
  return { file, bytes, path, source, ...(url ? { url } : {}), sha256, check };
}

/**
 * Loads a registry dataset: from `dataDir`, else the cache, else downloads it into the cache
 * (checksum verified before it is written). Splits an unsplit file (pima) stratified 80/20,
 * carves a seeded stratified validation split from train, and min-max scales (fitted on
 * train by default; one scaler per file under the `openxai` preset). Every step is recorded
 * in `provenance`. Errors: NOT_FOUND / OFFLINE (with what was tried and how to supply the
 * file by hand), CHECKSUM_MISMATCH, BAD_OPTION (an unknown or invalid option), and the CSV
 * errors of `parseCsv`. Node only (`@xai/data/node`); in a browser use `fetchDataset` or
 * `parseDataset`.
 * @example const adult = await loadDataset('adult', { dataDir: '../shared/datasets' })
 * @since 0.1.0
 */
export async function loadDataset(name: DatasetName, options: LoadDatasetOptions = {}): Promise<LoadedDataset> {
  checkOptions(options, LOAD_DATASET_KEYS, FN);
  const info = datasetInfoOf(name, FN);
  const processing = resolveProcessing(FN, options);
  const { verify } = processing;
  const {
    dataDir = defaultDataDir(),
    cacheDir = defaultCacheDir(),
    download = LOAD_DATASET_DEFAULTS.download,
    mirror,
    timeoutMs = LOAD_DATASET_DEFAULTS.timeoutMs,
  } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  numberOption(timeoutMs, FN, 'timeoutMs', { above: 0 });
  if (download && typeof fetchImpl !== 'function')
    throw badOption(FN, 'fetch', 'no fetch available; pass options.fetch or download: false', fetchImpl);

  const steps: string[] = [];
  const tried: string[] = [];
  const downloaded = new Set<string>();
  const lookIn = (dir: string): string[] => layoutsOf(info).flatMap((l) => l.files.map((f) => datasetFilePath(dir, info, f)));

  // 1. Locate: dataDir, then cache, then download into the cache.
  let layout: Layout | undefined;
  let dir = cacheDir;
  let source: FileSource = 'cache';
  if (dataDir !== undefined) {
    layout = findLayout(dataDir, info);
    if (layout) {
      dir = dataDir;
      source = 'dataDir';
    } else tried.push(...lookIn(dataDir));
  }
  if (!layout) {
    layout = findLayout(cacheDir, info);
    if (!layout) tried.push(...lookIn(cacheDir));
  }
  if (!layout) {
    const fetchable = layoutsOf(info).find((l) => l.files.every((f) => f.url !== undefined));
    const hintLayout = fetchable ?? layoutsOf(info)[0]!;
    const manual = manualHint(info, hintLayout, { dataDir, cacheDir });
    if (!fetchable || !download) {
      const why = fetchable ? 'download is off' : 'its files have no public address';
      throw new XaiError('NOT_FOUND', `${info.name}: no local copy and ${why}. Looked in: ${tried.join(', ')}. ${manual}`, {
        fn: FN,
        arg: 'name',
        value: name,
        tried,
      });
    }
    for (const f of fetchable.files) {
      const dest = datasetFilePath(cacheDir, info, f);
      if (existsSync(dest)) continue;
      const url = urlOf(f, mirror)!;
      await downloadFile({
        url,
        dest,
        ...(verify && f.sha256 !== undefined ? { expectedSha256: f.sha256 } : {}),
        recordSha256: f.sha256 === undefined,
        fetchImpl,
        timeoutMs,
        tried,
        manual,
      });
      downloaded.add(f.file);
      steps.push(`downloaded ${f.file} from ${url} into ${dest}`);
    }
    layout = fetchable;
    source = 'download';
  }

  // 2. Read and verify every file of the layout, then parse, split, scale and hash.
  const files: FileBytes[] = [];
  for (const f of layout.files) files.push(await readOne(info, f, dir, source, verify, urlOf(f, mirror), downloaded.has(f.file)));
  return assembleDataset(FN, info, layout, files, processing, steps);
}

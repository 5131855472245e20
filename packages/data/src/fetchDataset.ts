import type { OptionKeys } from '@xai/core';
import { XaiError, checkOptions, numberOption } from '@xai/core';
import type { DatasetFile, DatasetName } from './datasetInfo.js';
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
import { layoutsOf } from './internal/datasetLayout.js';
import { sha256HexAsync } from '@xai/core';
import type { LoadedDataset } from './loadedDataset.js';

export interface FetchDatasetOptions extends DatasetProcessingOptions {
  /**
   * A static folder laid out as `<baseUrl>/<name>/<file>` (e.g. `shared/datasets` served by
   * any static host, or a relative URL beside the page). @defaultValue the registry's Dataverse addresses
   */
  readonly baseUrl?: string;
  /** Base URL that replaces `https://dataverse.harvard.edu/api/access/datafile/` (a mirror). */
  readonly mirror?: string;
  /** @defaultValue globalThis.fetch */
  readonly fetch?: typeof fetch;
  /** Timeout per file. @defaultValue 60000 */
  readonly timeoutMs?: number;
}

const FN = 'fetchDataset';
const FETCH_DATASET_KEYS: OptionKeys<FetchDatasetOptions> = [...PROCESSING_KEYS, 'baseUrl', 'mirror', 'fetch', 'timeoutMs'];

function addressOf(file: DatasetFile, name: string, options: FetchDatasetOptions): string | undefined {
  if (options.baseUrl !== undefined) return `${options.baseUrl.replace(/\/+$/, '')}/${name}/${file.file}`;
  return urlOf(file, options.mirror);
}

async function fetchBytes(fetchImpl: typeof fetch, url: string, timeoutMs: number): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (e) {
    const err = e as Error;
    throw new XaiError('OFFLINE', `could not fetch ${url} (${err.name === 'TimeoutError' ? 'timed out' : err.message})`, {
      fn: FN,
      arg: 'url',
      value: url,
      url,
    });
  }
  if (!res.ok)
    throw new XaiError(
      res.status === 404 || res.status === 410 ? 'NOT_FOUND' : 'OFFLINE',
      `${url} answered HTTP ${res.status} ${res.statusText}`,
      { fn: FN, arg: 'url', value: url, url, status: res.status },
    );
  try {
    return new Uint8Array(await res.arrayBuffer());
  } catch (e) {
    throw new XaiError('OFFLINE', `download of ${url} was interrupted (${(e as Error).message})`, { fn: FN, arg: 'url', value: url, url });
  }
}

/**
 * A registry dataset fetched over HTTP(S) with `fetch` (browsers, workers, Node): from a
 * static folder (`baseUrl`), a mirror, or the registry's addresses; each file's sha256
 * (WebCrypto where available) is compared with the registry's before anything is parsed
 * (CHECKSUM_MISMATCH otherwise; files with no published checksum are parsed with a warning).
 * Nothing is cached: in Node, `loadDataset` (`@xai/data/node`) keeps a verified cache.
 * @example const ds = await fetchDataset('compas', { baseUrl: './datasets' })
 * @since 0.2.0
 */
export async function fetchDataset(name: DatasetName, options: FetchDatasetOptions = {}): Promise<LoadedDataset> {
  checkOptions(options, FETCH_DATASET_KEYS, FN);
  const info = datasetInfoOf(name, FN);
  const processing = resolveProcessing(FN, options);
  const { timeoutMs = LOAD_DATASET_DEFAULTS.timeoutMs } = options;
  numberOption(timeoutMs, FN, 'timeoutMs', { above: 0 });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw badOption(FN, 'fetch', 'no fetch available; pass options.fetch', fetchImpl);
  const layout = layoutsOf(info).find((l) => l.files.every((f) => addressOf(f, name, options) !== undefined));
  if (!layout)
    throw new XaiError(
      'NOT_FOUND',
      `${name}: its files have no public address; pass baseUrl (a folder holding ${name}/<file>) or use parseDataset with the file contents`,
      { fn: FN, arg: 'name', value: name },
    );
  const steps: string[] = [];
  const files: FileBytes[] = [];
  for (const f of layout.files) {
    const url = addressOf(f, name, options)!;
    const bytes = await fetchBytes(fetchImpl, url, timeoutMs);
    const sha256 = await sha256HexAsync(bytes);
    const check = settleChecksum(
      FN,
      url,
      bytes.length,
      sha256,
      f.sha256,
      true,
      processing.verify,
      'the server holds another version; pass verify: false to accept it',
    );
    steps.push(`fetched ${f.file} from ${url}`);
    files.push({ file: f, bytes, path: url, source: 'download', url, sha256, check });
  }
  return assembleDataset(FN, info, layout, files, processing, steps);
}

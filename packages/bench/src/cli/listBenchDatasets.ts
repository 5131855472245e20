import { join } from 'node:path';
import { checkOptions } from '@xai/core';
import { datasetStatus, summarizeDataset } from '@xai/data/node';
import type { DatasetAvailability, DatasetSummary } from '@xai/data/node';
import { loadBenchDataset } from '../inputs/loadBenchDataset.js';
import type { PresetName } from '../config/ids.js';

export interface ListBenchDatasetsOptions {
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly preset?: PresetName;
}

/** One line of `xai data list`: a status, and the summary when the files are on disk. */
export interface BenchDatasetEntry {
  readonly name: string;
  /** `built-in` for the generated synthetic set; else @xai/data's datasetStatus. */
  readonly status: 'built-in' | DatasetAvailability;
  /** Files read (found / cached) or fetched (downloadable). */
  readonly files: readonly string[];
  /** Rows, features, label balance and hash (only when found, cached or built in). */
  readonly summary: DatasetSummary | null;
}

/**
 * The built-in synthetic set plus all eight registry datasets, each with a status (found in
 * dataDir / cached / downloadable / unavailable) and, when on disk, rows per split, features
 * (continuous / discrete), label balance and content hash.
 * @example await listBenchDatasets({ dataDir: '../shared/datasets', cacheDir: '.xai-cache' })
 * @since 0.1.0
 */
export async function listBenchDatasets(options: ListBenchDatasetsOptions): Promise<BenchDatasetEntry[]> {
  checkOptions(options, ['dataDir', 'cacheDir', 'preset'], 'listBenchDatasets');
  const preset = options.preset ?? 'default';
  const load = async (id: string): Promise<DatasetSummary> => {
    const ds = await loadBenchDataset(id, { preset, dataDir: options.dataDir, cacheDir: options.cacheDir, download: false, seed: 0 });
    return summarizeDataset({ ...ds, name: id, classes: 2 });
  };
  const out: BenchDatasetEntry[] = [{ name: 'synthetic', status: 'built-in', files: [], summary: await load('synthetic') }];
  for (const s of datasetStatus({ dataDir: options.dataDir, cacheDir: join(options.cacheDir, 'datasets') })) {
    const onDisk = s.status === 'found' || s.status === 'cached';
    out.push({ name: s.name, status: s.status, files: s.files, summary: onDisk ? await load(s.name) : null });
  }
  return out;
}

/** The entries as an aligned text table. */
export function formatDatasetTable(rows: readonly BenchDatasetEntry[]): string {
  const head = ['dataset', 'status', 'train', 'valid', 'test', 'features', 'cont/disc', 'label=1 train', 'label=1 test', 'hash'];
  const body = rows.map(({ name, status, summary: r }) =>
    r === null
      ? [name, status, '', '', '', '', '', '', '', status === 'downloadable' ? '(xai bench --download fetches it)' : '']
      : [
          name,
          status,
          String(r.rows.train),
          String(r.rows.validation),
          String(r.rows.test),
          String(r.features),
          `${r.continuous}/${r.discrete}`,
          r.positiveRate.train.toFixed(3),
          r.positiveRate.test.toFixed(3),
          r.hash.slice(0, 16),
        ],
  );
  const widths = head.map((h, j) => Math.max(h.length, ...body.map((b) => b[j]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, j) => (j <= 1 || j === cells.length - 1 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!)))
      .join('  ')
      .trimEnd();
  return `${[line(head), ...body.map(line)].join('\n')}\n`;
}

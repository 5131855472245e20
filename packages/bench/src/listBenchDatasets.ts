import { join } from 'node:path';
import { availableDatasets, summarizeDataset } from '@xai/data/node';
import type { DatasetSummary } from '@xai/data/node';
import { loadBenchDataset } from './loadBenchDataset';
import type { PresetName } from './ids';

export interface ListBenchDatasetsOptions {
  readonly dataDir: string;
  readonly cacheDir: string;
  readonly preset?: PresetName;
}

/**
 * The built-in synthetic set plus every registry dataset found in dataDir or the cache:
 * rows per split, features (continuous / discrete), label balance and content hash.
 * @since 0.1.0
 */
export async function listBenchDatasets(options: ListBenchDatasetsOptions): Promise<DatasetSummary[]> {
  const preset = options.preset ?? 'default';
  const ids = ['synthetic', ...availableDatasets({ dataDir: options.dataDir, cacheDir: join(options.cacheDir, 'datasets') })];
  const out: DatasetSummary[] = [];
  for (const id of ids) {
    const ds = await loadBenchDataset(id, { preset, dataDir: options.dataDir, cacheDir: options.cacheDir, download: false, seed: 0 });
    out.push(summarizeDataset({ ...ds, name: id, classes: 2 }));
  }
  return out;
}

/** The summaries as an aligned text table. */
export function formatDatasetTable(rows: readonly DatasetSummary[]): string {
  const head = ['dataset', 'train', 'valid', 'test', 'features', 'cont/disc', 'label=1 train', 'label=1 test', 'hash'];
  const body = rows.map((r) => [
    r.name, String(r.rows.train), String(r.rows.validation), String(r.rows.test), String(r.features), `${r.continuous}/${r.discrete}`,
    r.positiveRate.train.toFixed(3), r.positiveRate.test.toFixed(3), r.hash.slice(0, 16),
  ]);
  const widths = head.map((h, j) => Math.max(h.length, ...body.map((b) => b[j]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, j) => (j === 0 || j === cells.length - 1 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  ').trimEnd();
  return `${[line(head), ...body.map(line)].join('\n')}\n`;
}

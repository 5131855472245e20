// Which files make a usable copy of a dataset (no file system here: see datasetFiles.ts).
import type { DatasetFile, DatasetInfo } from '../datasetInfo.js';

/** A complete set of files: train + test, or one unsplit `full` file. */
export interface Layout {
  readonly kind: 'split' | 'full';
  readonly files: readonly DatasetFile[];
}

/** Layouts of a dataset in order of preference (the published split first). */
export function layoutsOf(info: DatasetInfo): Layout[] {
  const out: Layout[] = [];
  const train = info.files.find((f) => f.role === 'train');
  const test = info.files.find((f) => f.role === 'test');
  const full = info.files.find((f) => f.role === 'full');
  if (train && test) out.push({ kind: 'split', files: [train, test] });
  if (full) out.push({ kind: 'full', files: [full] });
  return out;
}

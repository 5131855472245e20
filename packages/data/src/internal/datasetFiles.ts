// Where a dataset's files live on disk (Node only).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetFile, DatasetInfo } from '../datasetInfo.js';
import type { Layout } from './datasetLayout.js';
import { layoutsOf } from './datasetLayout.js';

/** `<dir>/<dataset>/<file>`, the layout of `shared/datasets` and of OpenXAI's `./data`. */
export function datasetFilePath(dir: string, info: DatasetInfo, file: DatasetFile): string {
  return join(dir, info.name, file.file);
}

/** The first layout whose files all exist under `dir`. */
export function findLayout(dir: string, info: DatasetInfo): Layout | undefined {
  return layoutsOf(info).find((l) => l.files.every((f) => existsSync(datasetFilePath(dir, info, f))));
}

import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeDirs, writeFileAtomic } from '@xai/core/node';
import type { Dataset, Matrix, Preprocessing } from '@xai/core';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import { datasetPreprocessing } from './datasetPreprocessing.js';
import { fileSha256 } from './internal/fileSha256.js';
import type { UserDataset } from './parseUserDataset.js';

export interface ExportDatasetOptions {
  /** Replace files of an earlier export in `dir`. @defaultValue false */
  readonly overwrite?: boolean;
  /** The preprocessing block to record. @defaultValue {@link datasetPreprocessing}(dataset) */
  readonly preprocessing?: Preprocessing;
}

/** One file written by {@link exportDataset}. */
export interface ExportedFile {
  readonly file: string;
  readonly split: 'train' | 'validation' | 'test';
  readonly content: 'features+label' | 'ground-truth';
  readonly rows: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** What `schema.json` holds (format `xai-data-export@1`). */
export interface ExportedSchema {
  readonly format: 'xai-data-export@1';
  readonly name: string;
  /** Content hash of the dataset's inputs (`Dataset.hash`). */
  readonly hash: string;
  readonly processingHash?: string;
  readonly task: 'classification' | 'regression';
  readonly label: string;
  /** Classification: class i = label value i in the CSVs = model output i. */
  readonly classes?: readonly string[];
  readonly features: readonly string[];
  readonly kinds: readonly string[];
  readonly groups: readonly (readonly number[])[];
  readonly rows: { readonly train: number; readonly validation: number; readonly test: number };
  readonly files: readonly ExportedFile[];
  /** Everything needed to turn raw rows into these model inputs (the block a model file carries). */
  readonly preprocessing: Preprocessing;
  readonly note: string;
}

/** Shortest round-trip text of a double (so the CSVs read back to the same numbers). */
function num(v: number): string {
  return Object.is(v, -0) ? '0' : String(v);
}

function csv(names: readonly string[], x: Matrix, label?: { name: string; values: ArrayLike<number> }): string {
  const quoteName = (n: string): string => (/[",\n\r]/.test(n) ? `"${n.replace(/"/g, '""')}"` : n);
  const lines: string[] = [[...names, ...(label ? [label.name] : [])].map(quoteName).join(',')];
  const s = x.stride ?? x.cols;
  const o = x.offset ?? 0;
  const cells: string[] = [];
  for (let i = 0; i < x.rows; i++) {
    cells.length = 0;
    for (let j = 0; j < x.cols; j++) cells.push(num(x.data[o + i * s + j]!));
    if (label) cells.push(num(label.values[i]!));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Writes the processed splits of any core `Dataset` (registry, user or SynthGauss) into
 * `dir`: `train.csv`, `validation.csv` (when there is one), `test.csv` — the scaled model
 * inputs with a header and the label column (class index, or the value for regression) —
 * plus `<split>-ground-truth.csv` when the dataset has per-instance ground truth, and
 * `schema.json` (names, kinds, groups, classes, rows, each file's sha256 and the
 * `Preprocessing` block), so a user sees exactly what a model was trained on. Existing
 * files are an IO_ERROR unless `overwrite`. Node only.
 * @example await exportDataset(await loadDataset('compas'), 'out/compas')
 * @since 0.2.0
 */
export async function exportDataset(dataset: Dataset, dir: string, options: ExportDatasetOptions = {}): Promise<ExportedSchema> {
  const fn = 'exportDataset';
  checkOptions(options, ['overwrite', 'preprocessing'], fn);
  if (dataset === null || typeof dataset !== 'object' || !dataset.schema || !dataset.train || !dataset.test)
    throw new XaiError('BAD_INPUT', `expected a Dataset, got ${describeValue(dataset)}`, { fn, arg: 'dataset', value: dataset });
  if (typeof dir !== 'string' || dir.length === 0)
    throw new XaiError('BAD_INPUT', `expected a directory path, got ${describeValue(dir)}`, { fn, arg: 'dir', value: dir });
  const preprocessing = options.preprocessing ?? datasetPreprocessing(dataset);
  const user = dataset as Partial<UserDataset>;
  const task = preprocessing.task ?? 'classification';
  const labelName = preprocessing.label?.name ?? 'label';
  const names = dataset.schema.names;
  const outputs: { file: string; split: ExportedFile['split']; content: ExportedFile['content']; rows: number; text: string }[] = [];
  for (const split of ['train', 'validation', 'test'] as const) {
    const s = dataset[split];
    if (!s) continue;
    const values = task === 'regression' ? user.targets?.[split] : s.y;
    if (values === undefined)
      throw new XaiError('BAD_INPUT', `regression dataset without targets for ${split}`, { fn, arg: 'dataset', value: split });
    outputs.push({
      file: `${split}.csv`,
      split,
      content: 'features+label',
      rows: s.x.rows,
      text: csv(names, s.x, { name: labelName, values }),
    });
    const gt = dataset.groundTruth?.[split];
    if (gt) outputs.push({ file: `${split}-ground-truth.csv`, split, content: 'ground-truth', rows: gt.rows, text: csv(names, gt) });
  }
  if (!options.overwrite) {
    const clash = [...outputs.map((o) => o.file), 'schema.json'].filter((f) => existsSync(join(dir, f)));
    if (clash.length > 0)
      throw new XaiError('IO_ERROR', `${dir} already holds ${clash.join(', ')}; pass overwrite: true (--force) or another folder`, {
        fn,
        arg: 'dir',
        value: dir,
        file: join(dir, clash[0]!),
      });
  }
  const written: string[] = [];
  const write = async (file: string, text: string): Promise<Uint8Array> => {
    const bytes = new TextEncoder().encode(text);
    await writeFileAtomic(join(dir, file), bytes, fn);
    written.push(join(dir, file));
    return bytes;
  };
  // Each level named on failure (a read-only parent is EROFS, not ENOENT); what this call made is removed on a failure.
  const created = makeDirs(dir, fn);
  try {
    return await writeExport(dataset, { outputs, preprocessing, task, labelName, names }, write);
  } catch (e) {
    if (created.length > 0) rmSync(created[0]!, { recursive: true, force: true });
    else for (const p of written) rmSync(p, { force: true });
    throw e;
  }
}

/** Writes the split files, then schema.json naming each file's hash. */
async function writeExport(
  dataset: Dataset,
  plan: {
    readonly outputs: readonly {
      file: string;
      split: ExportedFile['split'];
      content: ExportedFile['content'];
      rows: number;
      text: string;
    }[];
    readonly preprocessing: Preprocessing;
    readonly task: 'classification' | 'regression';
    readonly labelName: string;
    readonly names: readonly string[];
  },
  write: (file: string, text: string) => Promise<Uint8Array>,
): Promise<ExportedSchema> {
  const { outputs, preprocessing, task, labelName, names } = plan;
  const files: ExportedFile[] = [];
  for (const o of outputs) {
    const bytes = await write(o.file, o.text);
    files.push({ file: o.file, split: o.split, content: o.content, rows: o.rows, bytes: bytes.length, sha256: fileSha256(bytes) });
  }
  const classes =
    task === 'classification' ? (preprocessing.label?.classes ?? Array.from({ length: dataset.classes }, (_, k) => String(k))) : undefined;
  const processingHash = (dataset as { processingHash?: unknown }).processingHash;
  const schema: ExportedSchema = {
    format: 'xai-data-export@1',
    name: dataset.name,
    hash: dataset.hash,
    ...(typeof processingHash === 'string' ? { processingHash } : {}),
    task,
    label: labelName,
    ...(classes ? { classes: [...classes] } : {}),
    features: [...names],
    kinds: [...dataset.schema.kinds],
    groups: dataset.schema.groups.map((g) => [...g]),
    rows: { train: dataset.train.x.rows, validation: dataset.validation?.x.rows ?? 0, test: dataset.test.x.rows },
    files,
    preprocessing,
    note:
      preprocessing.scaler.kind === 'none'
        ? 'features are written as the models see them (no scaling)'
        : `features are scaled (${preprocessing.scaler.kind}, fitted on train) as the models see them; preprocessing.scaler maps raw values to these`,
  };
  await write('schema.json', `${JSON.stringify(schema, null, 2)}\n`);
  return schema;
}

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { XaiError } from '@xai/core';
import { sha256Hex } from '../internal/sha256.js';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import { parseCsvTable } from './parseCsvTable.js';

export interface CsvAdapterOptions {
  /** The (train) CSV, with a header row. */
  readonly file: string;
  /** Optional test CSV with the same columns (enables train -> test duplicate search). */
  readonly test?: string;
  /** Label column. @defaultValue the last column */
  readonly label?: string;
}

async function read(path: string, arg: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    throw new XaiError('NOT_FOUND', `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { fn: 'csvAdapter.load', arg, value: path, file: path });
  }
}

/**
 * The csv adapter: a tabular dataset with a label column, audited with the tabular probes
 * (row order, id-like column, leaked column, duplicates). Labels are mapped to classes in
 * sorted order (numerically when the label column is numeric: `1` and `1.0` are one class).
 * Numeric tables are parsed by `@xai/data`'s `parseCsv`; tables with text columns by
 * `parseCsvTable`'s small reader (see there).
 * @since 0.1.0
 */
export const csvAdapter: AuditAdapter<CsvAdapterOptions> = {
  name: 'csv',
  async load(options: CsvAdapterOptions): Promise<AuditSource> {
    const fn = 'csvAdapter.load';
    const trainBuf = await read(options.file, 'file');
    const train = parseCsvTable(trainBuf.toString('utf8'), { ...(options.label !== undefined ? { label: options.label } : {}), name: options.file });
    const inputs = [{ name: options.file, sha256: sha256Hex(trainBuf), bytes: trainBuf.length }];
    let test: ReturnType<typeof parseCsvTable> | undefined;
    if (options.test !== undefined) {
      const testBuf = await read(options.test, 'test');
      test = parseCsvTable(testBuf.toString('utf8'), { label: train.labelName, name: options.test });
      inputs.push({ name: options.test, sha256: sha256Hex(testBuf), bytes: testBuf.length });
      if (test.header.join(',') !== train.header.join(',')) throw new XaiError('SHAPE_MISMATCH', `${options.test}: columns differ from ${options.file}`, { fn, arg: 'test', value: options.test });
      for (const [col, levels] of Object.entries({ ...train.categorical, ...test.categorical })) {
        if ((train.categorical[col] ?? []).join('\u0000') !== (test.categorical[col] ?? []).join('\u0000')) {
          throw new XaiError('NOT_SUPPORTED', `text column "${col}" has different values in train and test (${levels.length}); recode it as numbers`, { fn, arg: 'test', value: col });
        }
      }
    }
    // Numeric labels arrive in canonical form ('1.0' -> '1'), so equal numbers are one class.
    const all = [...train.labels, ...(test?.labels ?? [])];
    const distinct = [...new Set(all)];
    const numeric = train.numericLabels && (test?.numericLabels ?? true);
    const classes = distinct.sort(numeric ? (a, b) => Number(a) - Number(b) : undefined);
    const code = new Map(classes.map((c, i) => [c, i]));
    const toY = (labels: string[]): Int32Array => Int32Array.from(labels, (v) => code.get(v)!);
    const table: TabularAuditInput = {
      name: basename(options.file),
      x: { rows: train.rows, cols: train.header.length, data: train.data },
      y: toY(train.labels),
      header: train.header,
      classes,
      ...(test ? { test: { x: { rows: test.rows, cols: test.header.length, data: test.data }, y: toY(test.labels) } } : {}),
    };
    return { kind: 'tabular', name: `csv ${basename(options.file)}${test ? ` + ${basename(options.test!)}` : ''} (label ${train.labelName})`, table, inputs };
  },
};

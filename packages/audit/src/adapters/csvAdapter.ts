import { checkOptions } from '@xai/core';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import { csvSource } from './csvSource.js';
import { readInput } from './readInput.js';

export interface CsvAdapterOptions {
  /** The (train) CSV, with a header row. */
  readonly file: string;
  /** Optional test CSV with the same columns (enables train -> test duplicate search). */
  readonly test?: string;
  /** Label column. @defaultValue the last column */
  readonly label?: string;
  /** Cell values read as missing (NaN) in numeric columns. @defaultValue none */
  readonly missing?: readonly string[];
  /** Encoding of both files. @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

/**
 * The csv adapter (Node: reads files; `csvSource` in the package root parses contents):
 * a tabular dataset with a label column, audited with the tabular probes. Import it from
 * `@xai/audit/node`.
 * @since 0.1.0
 */
export const csvAdapter: AuditAdapter<CsvAdapterOptions> = {
  name: 'csv',
  async load(options: CsvAdapterOptions): Promise<AuditSource> {
    const fn = 'csvAdapter.load';
    checkOptions(options, ['file', 'test', 'label', 'missing', 'encoding'], fn);
    const encoding = options.encoding !== undefined ? { encoding: options.encoding } : {};
    const train = await readInput(options.file, 'file', fn);
    const test = options.test !== undefined ? await readInput(options.test, 'test', fn) : undefined;
    return csvSource(
      { name: options.file, content: train, ...encoding },
      {
        ...(test !== undefined && options.test !== undefined ? { test: { name: options.test, content: test, ...encoding } } : {}),
        ...(options.label !== undefined ? { label: options.label } : {}),
        ...(options.missing !== undefined ? { missing: options.missing } : {}),
      },
    );
  },
};

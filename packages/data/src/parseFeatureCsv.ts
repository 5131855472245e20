import type { Matrix, OptionKeys } from '@xai/core';
import { XaiError, checkOptions, describeValue, enumOption } from '@xai/core';
import type { CsvDelimiter } from './internal/csvTable.js';
import { fillNumeric, readCsvTable, tableError } from './internal/csvTable.js';

export interface ReadFeatureCsvOptions {
  /**
   * Expected feature names: the columns are taken by name in this order (a missing one is
   * an error; extra columns are ignored). @defaultValue every column, in file order
   */
  readonly names?: readonly string[];
  /**
   * Columns to drop (e.g. a label column) when `names` is not given; each must exist in
   * the file (a misspelt name is a BAD_OPTION, not silently ignored). @defaultValue []
   */
  readonly drop?: readonly string[];
  /** @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** Name used in error messages. @defaultValue the path, or '<csv>' for text */
  readonly file?: string;
  /** The file's encoding (`latin1`, `utf-16le`, …). @defaultValue strict UTF-8 */
  readonly encoding?: string;
  /** The decimal mark of the file's numbers (see `parseUserDataset`). @defaultValue 'auto' */
  readonly decimal?: 'auto' | ',' | '.';
  /**
   * A missing value (an empty cell, a marker such as `NA` or `?`, NaN spelt out): an error
   * naming the cell, or NaN in the matrix — for a model that routes missing values itself, as
   * a tree ensemble's splits do. Infinities and text stay errors. @defaultValue 'error'
   */
  readonly missing?: 'error' | 'nan';
}

/** Option keys of {@link parseFeatureCsv} and `readFeatureCsv`. */
export const READ_FEATURE_CSV_KEYS: OptionKeys<ReadFeatureCsvOptions> = [
  'names',
  'drop',
  'delimiter',
  'file',
  'encoding',
  'decimal',
  'missing',
];

/** A feature-only table: instances to explain. */
export interface FeatureTable {
  readonly x: Matrix;
  readonly names: readonly string[];
  readonly file: string;
}

/** The parser, with the public function's name for its errors. */
export function parseFeatureCsvAs(fn: string, input: string | Uint8Array, options: ReadFeatureCsvOptions): FeatureTable {
  const { names, drop = [], delimiter = 'auto', file = '<csv>', encoding, decimal } = options;
  const missing = enumOption(options.missing, fn, 'missing', { values: ['error', 'nan'] as const, fallback: 'error' });
  const table = readCsvTable(input, file, fn, { delimiter, encoding, decimal });
  const { header } = table;
  if (!Array.isArray(drop))
    throw new XaiError('BAD_OPTION', `drop must be an array of column names, got ${describeValue(drop)}`, { fn, arg: 'drop', value: drop });
  // A name that matches nothing is a typo or the wrong file: dropping nothing would let a label through.
  const unknown = drop.filter((n) => !header.includes(n));
  if (unknown.length > 0) {
    throw new XaiError(
      'BAD_OPTION',
      `${file}: drop names column(s) ${unknown.map((m) => JSON.stringify(m)).join(', ')} that the file does not have; its columns are ${header.map((h) => JSON.stringify(h)).join(', ')}`,
      { fn, arg: 'drop', value: unknown, file },
    );
  }
  let columns: number[];
  if (names !== undefined) {
    if (!Array.isArray(names))
      throw new XaiError('BAD_OPTION', `names must be an array of column names, got ${describeValue(names)}`, {
        fn,
        arg: 'names',
        value: names,
      });
    if (names.length === 0)
      throw new XaiError('BAD_OPTION', 'names is empty: name at least one feature column', { fn, arg: 'names', value: names });
    const absent = names.filter((n) => !header.includes(n));
    if (absent.length > 0) {
      throw tableError(
        table,
        'BAD_INPUT',
        { record: 0, column: -1 },
        `missing feature column(s) ${absent.map((m) => JSON.stringify(m)).join(', ')}; the file has ${header.map((h) => JSON.stringify(h)).join(', ')}`,
        absent,
      );
    }
    columns = names.map((n) => header.indexOf(n));
  } else {
    columns = header.map((_, j) => j).filter((j) => !drop.includes(header[j]!));
    if (columns.length === 0)
      throw new XaiError('EMPTY', `${file}: no feature columns left after dropping ${drop.map((m) => JSON.stringify(m)).join(', ')}`, {
        fn,
        arg: 'drop',
        value: drop,
        file,
      });
  }
  const n = table.dataRows.length;
  const d = columns.length;
  const x: Matrix = { rows: n, cols: d, data: fillNumeric(table, columns, new Float64Array(n * d), { missingAsNaN: missing === 'nan' }) };
  return { x, names: columns.map((j) => header[j]!), file };
}

/**
 * Parses a feature-only CSV (header + numeric cells, e.g. instances for `xai explain`)
 * with the same checks as `parseCsv`.
 * @example parseFeatureCsv('a,b\n1,2\n').x.data  // Float64Array [1, 2]
 * @since 0.1.0
 */
export function parseFeatureCsv(input: string | Uint8Array, options: ReadFeatureCsvOptions = {}): FeatureTable {
  checkOptions(options, READ_FEATURE_CSV_KEYS, 'parseFeatureCsv');
  return parseFeatureCsvAs('parseFeatureCsv', input, options);
}

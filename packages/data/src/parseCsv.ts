import { checkOptions } from '@xai/core';
import type { FeatureKind, FeatureSchema, Matrix, OptionKeys } from '@xai/core';
import type { CsvDelimiter } from './internal/csvTable.js';
import { parseCsvAs } from './internal/parseCsvAs.js';

export interface ParseCsvOptions {
  /** Label column; all other columns are features. Without it every column is a feature. */
  readonly label?: string;
  /**
   * What the label must hold: 'binary' (0/1, the benchmark's tasks) or 'integer' (class
   * indices 0..k-1). @defaultValue 'binary'
   */
  readonly labelKind?: 'binary' | 'integer';
  /** Feature kinds, by feature position or by column name; those not given are inferred. */
  readonly kinds?: readonly FeatureKind[] | Readonly<Record<string, FeatureKind>>;
  /** See {@link InferFeatureKindsOptions}. @defaultValue 2 */
  readonly maxDiscreteLevels?: number;
  /** One-hot groups (feature column indices), copied into the schema. @defaultValue [] */
  readonly groups?: readonly (readonly number[])[];
  /** Field delimiter; 'auto' looks at the header line (',' then tab then ';'). @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** Name used in error messages. @defaultValue '<csv>' */
  readonly file?: string;
}

/** Option keys of {@link parseCsv} and `loadCsv`. */
export const PARSE_CSV_KEYS: OptionKeys<ParseCsvOptions> = [
  'label',
  'labelKind',
  'kinds',
  'maxDiscreteLevels',
  'groups',
  'delimiter',
  'file',
];

/** A parsed numeric table. */
export interface TabularData {
  /** Features, rows x features, in file order. */
  readonly x: Matrix;
  /** Labels when a label column was named. */
  readonly y?: Int32Array;
  /** Number of classes (2 for a binary label; max + 1 for 'integer'). */
  readonly classes?: number;
  readonly schema: FeatureSchema;
  /** Every column name of the file, label included, in file order. */
  readonly header: readonly string[];
  readonly label?: string;
  readonly file: string;
}

/**
 * Parses CSV text (or UTF-8 bytes) with a header into a numeric table: quoted fields,
 * CRLF, mixed CRLF/LF/CR line breaks and a BOM are handled (papaparse); ragged rows,
 * non-numeric or non-finite cells, a missing or non-binary label, an empty file, a file
 * with no feature column, duplicate header names and UTF-16 text (a FF FE / FE FF mark or
 * NUL bytes) each throw an `XaiError` naming the file, line and column where there is one.
 * @example parseCsv('a,b,y\n1,2,0\n3,4,1\n', { label: 'y' }).x.cols  // 2
 * @since 0.1.0
 */
export function parseCsv(input: string | Uint8Array, options: ParseCsvOptions = {}): TabularData {
  checkOptions(options, PARSE_CSV_KEYS, 'parseCsv');
  return parseCsvAs('parseCsv', input, options);
}

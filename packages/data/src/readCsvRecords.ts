import { checkOptions } from '@xai/core';
import type { OptionKeys } from '@xai/core';
import { type CsvDelimiter, readCsvTable } from './internal/csvTable.js';

export interface ReadCsvRecordsOptions {
  /** Name used in error messages. @defaultValue '<csv>' */
  readonly file?: string;
  /** Field delimiter; 'auto' looks at the header line (',' then tab then ';'). @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** The public function named in errors, when another package reads through this one. @defaultValue 'readCsvRecords' */
  readonly fn?: string;
  /** The file's encoding (`latin1`, `utf-16le`, …). @defaultValue strict UTF-8 */
  readonly encoding?: string;
  /** The decimal mark of the file's numbers (see `parseUserDataset`). @defaultValue 'auto' */
  readonly decimal?: 'auto' | ',' | '.';
  /** Cells that mean "missing" beside blanks and NA, ?, …: a column of decimal commas may hold them. */
  readonly missing?: readonly string[];
}

/** A CSV file as strings: the header, every data row, and the line where each row starts. */
export interface CsvRecords {
  readonly file: string;
  readonly delimiter: CsvDelimiter;
  readonly header: string[];
  /** Data rows (blank lines skipped), each as wide as the header; cells as written (not trimmed). */
  readonly rows: string[][];
  /** 1-based physical line on which each row starts (a quoted field may span lines). */
  readonly lines: number[];
}

const KEYS: OptionKeys<ReadCsvRecordsOptions> = ['file', 'delimiter', 'fn', 'encoding', 'decimal', 'missing'];

function lineBreaks(record: readonly string[]): number {
  let count = 0;
  for (const field of record) count += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  return count;
}

/**
 * Reads CSV text (or UTF-8 bytes) with a header into string records: the one CSV reader of the
 * toolkit, the same as `parseCsv` and `parseUserDataset` use. Quoted fields, doubled quotes,
 * CRLF/LF/CR (mixed too) and a BOM are handled; blank lines are skipped. An empty file, an empty or
 * duplicate header name, an unclosed quote, a ragged row, no data rows and binary or UTF-16 input
 * each throw an `XaiError` naming the file and the line.
 * @example readCsvRecords('id,y\n"a,b",1\n').rows  // [['a,b', '1']]
 * @since 0.2.0
 */
export function readCsvRecords(input: string | Uint8Array, options: ReadCsvRecordsOptions = {}): CsvRecords {
  checkOptions(options, KEYS, 'readCsvRecords');
  const fn = options.fn ?? 'readCsvRecords';
  const file = options.file ?? '<csv>';
  const table = readCsvTable(input, file, fn, {
    delimiter: options.delimiter,
    encoding: options.encoding,
    decimal: options.decimal,
    missing: options.missing,
  });
  // Start line of every record: one line each, plus the line breaks inside its quoted fields.
  const start = new Int32Array(table.records.length);
  start[0] = 1;
  for (let r = 1; r < table.records.length; r++) start[r] = start[r - 1]! + 1 + lineBreaks(table.records[r - 1]!);
  const rows: string[][] = [];
  const lines: number[] = [];
  for (const r of table.dataRows) {
    rows.push(table.records[r]!);
    lines.push(start[r]!);
  }
  return { file, delimiter: table.delimiter, header: [...table.header], rows, lines };
}

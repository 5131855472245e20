// Text -> validated string records (papaparse) and string cells -> Float64Array, with errors
// that name the file, the physical line and the column. No per-cell objects beyond the
// strings papaparse returns.
import Papa from 'papaparse';
import { XaiError, decodeInputText, describeValue, enumOption } from '@xai/core';
import type { XaiErrorCode } from '@xai/core';
import type { CellClass } from './cellClass.js';
import { classifyCell, plainDecimal } from './cellClass.js';
import type { DecimalMark } from './decimalMark.js';
import { DECIMAL_MARKS, readDecimalMarks } from './decimalMark.js';
import { binaryKind, binaryKindOfText, leadingHex } from './fileSignature.js';

export { numericCell } from './cellClass.js';

export type CsvDelimiter = ',' | '\t' | ';';

export interface CsvTable {
  readonly file: string;
  readonly fn: string;
  readonly text: string;
  readonly delimiter: CsvDelimiter;
  readonly header: readonly string[];
  /** Every record papaparse produced; record 0 is the header. */
  readonly records: readonly string[][];
  /** Record index of each data row (blank lines skipped). */
  readonly dataRows: Int32Array;
  /** Columns whose decimal commas were read as numbers (see decimalMark.ts). */
  readonly decimalCommas?: readonly string[];
}

/** How a CSV's bytes are read: its delimiter, its encoding and its decimal mark. */
export interface CsvTextOptions {
  /** Field delimiter; 'auto' looks at the header line (',' then tab then ';'). @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto' | undefined;
  /** The file's encoding (one of core's INPUT_ENCODINGS). @defaultValue strict UTF-8: an invalid byte is an error naming its line */
  readonly encoding?: string | undefined;
  /** The decimal mark of the file's numbers (see decimalMark.ts). @defaultValue 'auto' */
  readonly decimal?: DecimalMark | undefined;
  /** Cells read as missing by the decimal-mark rule beside blanks and the standard markers. */
  readonly missing?: readonly string[] | undefined;
}

/**
 * Rejects bytes that are not UTF-8 text (gzip, ZIP/xlsx, PDF, PNG, UTF-16/32, other binary):
 * decoded as UTF-8 they would surface as a misleading 'ragged row' or 'not a number' error
 * far from the cause. The message names the format found by its leading bytes.
 */
function checkEncoding(input: string | Uint8Array, file: string, fn: string): void {
  const kind = typeof input === 'string' ? binaryKindOfText(input) : binaryKind(input);
  if (kind === undefined) return;
  const head = typeof input === 'string' ? '' : ` (first bytes ${leadingHex(input, 8)})`;
  const nul = kind.at > 0 ? `, a NUL byte at offset ${kind.at}` : '';
  throw new XaiError('PARSE_ERROR', `${file}: the file is ${kind.name}${head}${nul}, not UTF-8 CSV text; ${kind.fix}`, {
    fn,
    arg: 'file',
    file,
    format: kind.name,
    value: kind.at,
  });
}

/**
 * Line breaks made uniform when a file mixes them (CRLF and LF, e.g. lines appended on
 * another system): papaparse guesses one break from the first line and would glue the
 * other lines together. Replacing CRLF or CR by LF keeps the line count, so line numbers
 * in errors still match the file.
 */
function uniformLineBreaks(text: string): string {
  if (!text.includes('\r')) return text;
  const crlf = text.includes('\r\n');
  const lf = /(?:^|[^\r])\n/.test(text);
  const cr = /\r(?!\n)/.test(text);
  return Number(crlf) + Number(lf) + Number(cr) > 1 ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Decodes bytes strictly as UTF-8 (an invalid byte is an error naming its line and byte; binary
 * and undeclared UTF-16 input are refused naming the format), or in the declared `encoding`;
 * drops a leading byte-order mark and makes mixed line breaks uniform.
 */
export function decodeText(input: string | Uint8Array, file: string, fn: string, encoding?: string): string {
  // A declared UTF-16 file starts with its mark and holds NULs: only an undeclared one is refused for them.
  if (encoding === undefined || !/^utf-16/i.test(encoding)) checkEncoding(input, file, fn);
  const text = decodeInputText(input, { file, fn, encodingOption: 'the encoding option (--encoding)' }, encoding);
  return uniformLineBreaks(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** Picks the delimiter from the header line: tab-separated files (Dataverse's format) have no comma there. */
export function detectDelimiter(text: string): CsvDelimiter {
  let end = text.indexOf('\n');
  if (end < 0) end = text.length;
  const first = text.slice(0, end);
  if (first.includes(',')) return ',';
  if (first.includes('\t')) return '\t';
  if (first.includes(';')) return ';';
  return ',';
}

/** Physical (1-based) line on which a record starts. */
export function lineOfRecord(table: Pick<CsvTable, 'text' | 'delimiter'>, record: number): number {
  const { text } = table;
  const breakChar = text.includes('\n') ? '\n' : '\r';
  // Without quotes every record is exactly one line.
  if (!text.includes('"')) return record + 1;
  let start = 0;
  let k = 0;
  Papa.parse<string[]>(text, {
    delimiter: table.delimiter,
    step: (res, parser) => {
      if (k === record) {
        parser.abort();
        return;
      }
      start = res.meta.cursor;
      k++;
    },
  });
  let line = 1;
  for (let i = text.indexOf(breakChar); i >= 0 && i < start; i = text.indexOf(breakChar, i + 1)) line++;
  return line;
}

export interface CellPlace {
  readonly record: number;
  /** 0-based column index, or -1 when the error concerns a whole line. */
  readonly column: number;
}

/** A typed error naming file, line and column, e.g. `a.csv, line 4, column 2 ("age"): ...`. */
export function tableError(
  table: CsvTable,
  code: XaiErrorCode,
  place: CellPlace,
  message: string,
  value?: unknown,
  extra?: Readonly<Record<string, unknown>>,
): XaiError {
  const line = lineOfRecord(table, place.record);
  const name = place.column >= 0 ? table.header[place.column] : undefined;
  const where = place.column >= 0 ? `, column ${place.column + 1} (${JSON.stringify(name)})` : '';
  return new XaiError(code, `${table.file}, line ${line}${where}: ${message}`, {
    fn: table.fn,
    arg: 'file',
    file: table.file,
    line,
    column: name,
    columnIndex: place.column >= 0 ? place.column + 1 : undefined,
    value,
    ...extra,
  });
}

/**
 * Parses CSV text into records and checks its structure: not empty, a header with unique
 * non-empty names, at least one data row, every row as wide as the header; then applies the
 * decimal-mark rule (decimal commas read as numbers, or refused when ambiguous).
 */
export function readCsvTable(input: string | Uint8Array, file: string, fn: string, options: CsvTextOptions = {}): CsvTable {
  const delimiter = options.delimiter ?? 'auto';
  const decimal = enumOption(options.decimal, fn, 'decimal', { values: DECIMAL_MARKS, fallback: 'auto' });
  const text = decodeText(input, file, fn, options.encoding);
  if (text.trim().length === 0) {
    throw new XaiError('EMPTY', `${file}: the file is empty (expected a header line and data rows)`, { fn, arg: 'file', file, line: 1 });
  }
  const delim = delimiter === 'auto' ? detectDelimiter(text) : delimiter;
  const parsed = Papa.parse<string[]>(text, { delimiter: delim, skipEmptyLines: false });
  const records = parsed.data;
  const base = { file, fn, text, delimiter: delim, records, header: records[0] ?? [], dataRows: new Int32Array(0) };
  for (const e of parsed.errors) {
    if (e.type === 'Quotes') {
      throw tableError(
        base,
        'PARSE_ERROR',
        { record: e.row ?? 0, column: -1 },
        `${e.message.toLowerCase()} (a quoted field is not closed)`,
      );
    }
  }
  const header = records[0]!;
  const seen = new Map<string, number>();
  for (let j = 0; j < header.length; j++) {
    const name = header[j]!;
    if (name.trim().length === 0)
      throw tableError(
        base,
        'PARSE_ERROR',
        { record: 0, column: j },
        'empty column name in the header (an unnamed index column? drop it or name it)',
        name,
      );
    const prev = seen.get(name);
    if (prev !== undefined)
      throw tableError(
        base,
        'PARSE_ERROR',
        { record: 0, column: j },
        `duplicate column name ${JSON.stringify(name)} (also column ${prev + 1})`,
        name,
      );
    seen.set(name, j);
  }
  const width = header.length;
  const dataRows = new Int32Array(records.length - 1);
  let n = 0;
  for (let r = 1; r < records.length; r++) {
    const rec = records[r]!;
    // A record of one blank field is an empty line (papaparse also yields one after the final newline).
    if (rec.length === 1 && rec[0]!.trim().length === 0 && width > 1) continue;
    if (rec.length === 1 && rec[0]!.length === 0) continue;
    if (rec.length !== width) {
      throw tableError(
        base,
        'PARSE_ERROR',
        { record: r, column: -1 },
        `row has ${rec.length} fields, the header has ${width} (ragged row)`,
        rec.length,
      );
    }
    dataRows[n++] = r;
  }
  if (n === 0) throw new XaiError('EMPTY', `${file}: no data rows after the header`, { fn, arg: 'file', file, line: 2 });
  const table = { ...base, header, dataRows: dataRows.subarray(0, n) };
  const decimalCommas = readDecimalMarks(table, { decimal, missing: options.missing });
  return decimalCommas.length > 0 ? { ...table, decimalCommas } : table;
}

/** What a cell error may add: why the column is numeric, and what to do about a missing value. */
export interface CellContext {
  /** Per converted column (same order as `columns`): where its kind comes from, e.g. `declared continuous by s.json: features[1].kind`. */
  readonly notes?: readonly (string | undefined)[];
  /** Appended to a missing-value error, e.g. how to drop such rows. */
  readonly missingHint?: string;
  /** A missing value (blank, marker, NaN spelt out) read as NaN instead of an error. @defaultValue false */
  readonly missingAsNaN?: boolean;
}

function cellMessage(c: CellClass, s: string): { code: XaiErrorCode; message: string } {
  if (c === 'blank') return { code: 'PARSE_ERROR', message: 'empty cell (missing value)' };
  if (c === 'marker') return { code: 'PARSE_ERROR', message: `missing value ${describeValue(s)} in a numeric column` };
  if (c === 'nan') return { code: 'NON_FINITE', message: `${describeValue(s)} is not a finite number (NaN)` };
  if (c === 'non-finite')
    return {
      code: 'NON_FINITE',
      message: s.trim().startsWith('#')
        ? `${describeValue(s)} is a spreadsheet error value, not a finite number`
        : `${describeValue(s)} is not a finite number`,
    };
  return { code: 'PARSE_ERROR', message: `${describeValue(s)} is not a number` };
}

/**
 * The one error for a cell of a numeric column that is not a finite decimal, naming file,
 * line, column (name and 1-based index) and value. `note` says why the column is numeric.
 */
export function cellError(table: CsvTable, record: number, column: number, s: string, note?: string, missingHint?: string): XaiError {
  const c = classifyCell(s);
  const { code, message } = cellMessage(c, s);
  const missing = c === 'blank' || c === 'marker' || c === 'nan';
  const text = `${message}${note ? ` (${note})` : ''}${missing && missingHint ? `; ${missingHint}` : ''}`;
  return tableError(table, code, { record, column }, text, s);
}

/**
 * Converts the given columns of every data row into `out` (row-major, `columns.length`
 * values per row), rejecting anything but finite decimal numbers (and, with
 * `context.missingAsNaN`, missing values, read as NaN).
 */
export function fillNumeric(table: CsvTable, columns: ArrayLike<number>, out: Float64Array, context: CellContext = {}): Float64Array {
  const { records, dataRows } = table;
  const k = columns.length;
  for (let i = 0; i < dataRows.length; i++) {
    const rec = records[dataRows[i]!]!;
    const base = i * k;
    for (let c = 0; c < k; c++) {
      const s = rec[columns[c]!]!;
      const v = +s;
      if (v - v === 0 && plainDecimal(s)) out[base + c] = v;
      else if (context.missingAsNaN === true && isMissingCell(s)) out[base + c] = Number.NaN;
      else throw cellError(table, dataRows[i]!, columns[c]!, s, context.notes?.[c], context.missingHint);
    }
  }
  return out;
}

function isMissingCell(s: string): boolean {
  const c = classifyCell(s);
  return c === 'blank' || c === 'marker' || c === 'nan';
}

/** Column or class names for a message: `"a", "b"`. */
export function quoteNames(names: readonly string[]): string {
  return names.map((n) => JSON.stringify(n)).join(', ');
}

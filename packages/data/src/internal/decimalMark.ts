// The one rule for decimal marks, for every reader of CSV files (@xai/data's readers and the
// audit's tables): a spreadsheet saved with a German or French locale writes 1,3 for 1.3 (and
// 1.178,84 for 1178.84) and separates its columns with ';' or tabs. Read as text, every such
// number would become its own category; so a column of them is read as numbers (and said so), or
// refused naming its first cell when the mark is ambiguous — never left as text codes silently.
import type { XaiError } from '@xai/core';
import { classifyCell } from './cellClass.js';
import type { CsvTable } from './csvTable.js';
import { lineOfRecord, tableError } from './csvTable.js';

/**
 * The decimal mark of a CSV file's numbers: `auto` reads decimal commas in a ';'- or
 * tab-separated file and refuses them (as ambiguous) in a ','-separated one; `,` reads them
 * whatever the separator; `.` keeps cells with a comma as written (text).
 */
export type DecimalMark = 'auto' | ',' | '.';

/** The values of {@link DecimalMark}, for option checks. */
export const DECIMAL_MARKS: readonly DecimalMark[] = ['auto', ',', '.'];

const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
/** Thousands points before a decimal comma (`1.178,84`): the cell shows both marks, so the points are thousands. */
const GROUPED_COMMA = /^[+-]?\d{1,3}(?:\.\d{3})+,\d+$/;
/** `1.178` or `12.345.678`: thousands points in a column that shows `1.178,84` elsewhere, else a decimal point. */
const GROUPED_INTEGER = /^[+-]?\d{1,3}(?:\.\d{3})+$/;
const POINT_DECIMAL = /^[+-]?\d*\.\d+(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

/** What one column holds: its first decimal-comma cell, whether thousands points show, its first decimal point that cannot be one. */
interface CommaScan {
  readonly comma: number;
  readonly grouped: boolean;
  readonly mixed: number;
}

/** Scans column `j` (data-row indices); null when it is not a column of numbers with at least one decimal comma. */
function scanColumn(table: CsvTable, j: number, missing: (cell: string) => boolean): CommaScan | null {
  const { records, dataRows } = table;
  let comma = -1;
  let grouped = false;
  let point = -1;
  let pointOnly = -1;
  for (let i = 0; i < dataRows.length; i++) {
    const v = records[dataRows[i]!]![j]!.trim();
    if (missing(v)) continue;
    if (DECIMAL_COMMA.test(v) || GROUPED_COMMA.test(v)) {
      if (comma < 0) comma = i;
      grouped ||= v.includes('.');
    } else if (POINT_DECIMAL.test(v)) {
      if (point < 0) point = i;
      if (pointOnly < 0 && !GROUPED_INTEGER.test(v)) pointOnly = i;
    } else if (!INTEGER.test(v)) return null;
  }
  if (comma < 0) return null;
  // With `1.178,84` in the column, `1.178` is a thousands point; only a point that cannot be one mixes marks.
  return { comma, grouped, mixed: grouped ? pointOnly : point };
}

/** How a CSV reader applies the rule: the mark, the cells that are missing values, and the option a user sets. */
export interface DecimalMarkOptions {
  readonly decimal: DecimalMark;
  /** Cells read as missing beside blanks and the standard markers (NA, ?, …), e.g. the audit's `missing` list. */
  readonly missing?: readonly string[] | undefined;
  /** How messages name the option. @defaultValue "decimal ',' (--decimal ,)" */
  readonly option?: string | undefined;
}

/**
 * Applies the decimal-mark rule to `table` in place and returns the columns whose decimal
 * commas were read as numbers. A column qualifies when every non-missing cell is an integer,
 * a decimal-comma number (`1,3`, `-0,25`) or, once a cell shows both marks (`1.178,84`), a
 * number with thousands points (`2.500` is then 2500). Such a column mixing decimal points and
 * commas is PARSE_ERROR; under `auto` one in a ','-separated file (quoted cells) is PARSE_ERROR
 * too (a decimal comma or a thousands separator?). Both name the file, line and column, with
 * `reason: 'decimal-comma'`. Other columns are left as they are.
 */
export function readDecimalMarks(table: CsvTable, options: DecimalMarkOptions): string[] {
  const { decimal } = options;
  // Cheap exits: no comma can be in a cell (a ','-separated file without quotes, or no comma at all).
  if (decimal === '.' || !table.text.includes(',') || (table.delimiter === ',' && !table.text.includes('"'))) return [];
  const extra = new Set(options.missing ?? []);
  const missing = (v: string): boolean => {
    if (extra.has(v)) return true;
    const c = classifyCell(v);
    return c === 'blank' || c === 'marker' || c === 'nan';
  };
  const option = options.option ?? "decimal ',' (--decimal ,)";
  const read: string[] = [];
  for (let j = 0; j < table.header.length; j++) {
    if (!table.dataRows.some((r) => table.records[r]![j]!.includes(','))) continue;
    const scan = scanColumn(table, j, missing);
    if (scan === null) continue;
    const cellAt = (i: number): string => table.records[table.dataRows[i]!]![j]!;
    const fail = (i: number, why: string): XaiError =>
      tableError(table, 'PARSE_ERROR', { record: table.dataRows[i]!, column: j }, why, cellAt(i), { reason: 'decimal-comma' });
    if (scan.mixed >= 0)
      throw fail(
        scan.mixed,
        `the column mixes decimal points (${JSON.stringify(cellAt(scan.mixed).trim())}) and decimal commas (${JSON.stringify(cellAt(scan.comma).trim())} at line ${lineOfRecord(table, table.dataRows[scan.comma]!)}); write one decimal mark`,
      );
    if (decimal === 'auto' && table.delimiter === ',')
      throw fail(
        scan.comma,
        `${JSON.stringify(cellAt(scan.comma).trim())} has a comma in a ','-separated file: a decimal comma or a thousands separator? ${option} reads it as ${withPoint(cellAt(scan.comma).trim(), scan.grouped)}; or write the numbers without commas`,
      );
    for (const r of table.dataRows) {
      const rec = table.records[r] as string[];
      const v = rec[j]!.trim();
      if (!missing(v)) rec[j] = withPoint(v, scan.grouped);
    }
    read.push(table.header[j]!);
  }
  return read;
}

/** `1,3` → `1.3`; with thousands points in the column, `1.178,84` → `1178.84` and `2.500` → `2500`. */
function withPoint(v: string, grouped: boolean): string {
  return grouped ? v.replaceAll('.', '').replace(',', '.') : v.replace(',', '.');
}

/** The step that says a table's decimal commas were read as numbers, or undefined when none were. */
export function decimalCommaNote(table: Pick<CsvTable, 'file' | 'decimalCommas'>): string | undefined {
  const cols = table.decimalCommas ?? [];
  if (cols.length === 0) return undefined;
  const names = cols.map((c) => JSON.stringify(c)).join(', ');
  return `${table.file}: column${cols.length > 1 ? 's' : ''} ${names} read with decimal commas (1,3 = 1.3)`;
}

// The first look at every used cell of a user table, before kinds are inferred or anything is
// encoded: a non-finite cell is an error wherever it is (so it can never turn a numeric column
// into text, or become a category), and rows holding a missing value are dropped when asked.
import type { MissingPolicy } from './cellClass.js';
import { classifyCell, isMissing, isNonFinite } from './cellClass.js';
import type { CsvTable } from './csvTable.js';
import { cellError, lineOfRecord } from './csvTable.js';

/** Added to missing-value (and NaN) errors of user tables while missing values are errors. */
export const MISSING_HINT = `pass missing: 'drop-rows' (the CLI's --missing drop-rows, or "missing": "drop-rows" in the schema) to drop rows with a missing value`;

/** A table after screening, and what was dropped. */
export interface ScreenedTable {
  readonly table: CsvTable;
  /** Rows dropped for a missing value (policy 'drop-rows'), and the first one's line and column. */
  readonly dropped: number;
  readonly firstDropped?: { readonly line: number; readonly column: string; readonly value: string };
}

/**
 * Checks every cell of `columns` (header indices) in file order. NaN spelt out, an infinity,
 * an overflowing decimal or a spreadsheet error is NON_FINITE naming file, line, column and
 * value (NaN is a missing value instead under 'drop-rows' and 'nan'). Under 'drop-rows' the rows with a
 * blank cell, a missing-value marker or NaN in any of the columns are removed from the table.
 * `notes[k]` (same order as `columns`) says why column k is read as it is.
 */
export function screenCells(
  table: CsvTable,
  columns: ArrayLike<number>,
  policy: MissingPolicy,
  notes: readonly (string | undefined)[] = [],
): ScreenedTable {
  const { records, dataRows } = table;
  const kept = new Int32Array(dataRows.length);
  let n = 0;
  let first: ScreenedTable['firstDropped'];
  for (let i = 0; i < dataRows.length; i++) {
    const record = dataRows[i]!;
    const rec = records[record]!;
    let missingAt = -1;
    for (let c = 0; c < columns.length; c++) {
      const cell = rec[columns[c]!]!;
      const kind = classifyCell(cell);
      if (isNonFinite(kind, policy)) throw cellError(table, record, columns[c]!, cell, notes[c], MISSING_HINT);
      if (missingAt < 0 && policy === 'drop-rows' && isMissing(kind, policy)) missingAt = c;
    }
    if (missingAt < 0) kept[n++] = record;
    else if (first === undefined) {
      const j = columns[missingAt]!;
      first = { line: lineOfRecord(table, record), column: table.header[j]!, value: rec[j]! };
    }
  }
  if (n === dataRows.length) return { table, dropped: 0 };
  return { table: { ...table, dataRows: kept.subarray(0, n) }, dropped: dataRows.length - n, ...(first ? { firstDropped: first } : {}) };
}

/**
 * Screens the feature columns under `policy` and the label column: under 'nan' the label is
 * screened as under 'error' (a class or target is never NaN), else with the features.
 */
export function screenTable(
  table: CsvTable,
  features: ArrayLike<number>,
  label: number,
  policy: MissingPolicy,
  notes: readonly (string | undefined)[],
): ScreenedTable {
  if (policy !== 'nan') return screenCells(table, [...Array.from(features), label], policy, [...notes, 'label']);
  screenCells(table, [label], 'error', ['label']);
  return screenCells(table, features, policy, notes);
}

/** The warning for dropped rows, or undefined when none were. */
export function droppedRowsWarning(s: ScreenedTable, file: string): string | undefined {
  if (s.dropped === 0 || s.firstDropped === undefined) return undefined;
  const f = s.firstDropped;
  return `${file}: dropped ${s.dropped} of ${s.dropped + s.table.dataRows.length} rows with a missing value (missing: 'drop-rows'; the first on line ${f.line}, column ${JSON.stringify(f.column)}: ${JSON.stringify(f.value)})`;
}

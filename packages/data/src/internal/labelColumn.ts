import { closestKey, describeValue } from '@xai/core';
import type { CsvTable } from './csvTable.js';
import { classifyCell } from './cellClass.js';
import { cellError, numericCell, quoteNames as quote, tableError } from './csvTable.js';

/** A label column read from a table: class indices, plus the values of a regression label. */
export interface LabelColumn {
  readonly y: Int32Array;
  readonly values?: Float64Array;
}

/** A label cell as a class name: numbers in canonical form ('1.0' and '1' are one class), text trimmed. */
export function labelKey(cell: string): string {
  const v = numericCell(cell);
  return v === undefined ? cell.trim() : String(v);
}

/**
 * Reads column `j` of every data row as the label, the one reader of parseUserDataset,
 * loadUserDataset and applyPreprocessing, so one mistake gets one code everywhere: an empty
 * cell or a missing-value marker (NA, ?, ...) is PARSE_ERROR (a missing value, like an empty
 * feature cell, never a class); NaN or an infinity is NON_FINITE; a non-number regression
 * label or a class outside `classes` is BAD_INPUT. Every error names file, line and column.
 * `whose` words the class list in messages ('the classes', "the model's classes");
 * `missingHint` is appended to missing-value errors.
 */
export function readLabelColumn(
  table: CsvTable,
  j: number,
  task: 'classification' | 'regression',
  classes: readonly string[],
  whose = 'the classes',
  missingHint?: string,
): LabelColumn {
  const n = table.dataRows.length;
  const y = new Int32Array(n);
  const values = task === 'regression' ? new Float64Array(n) : undefined;
  const index = new Map(classes.map((c, k) => [c, k]));
  for (let i = 0; i < n; i++) {
    const record = table.dataRows[i]!;
    const cell = table.records[record]![j]!;
    const kind = classifyCell(cell);
    if (kind === 'blank' || kind === 'marker') {
      const what = kind === 'blank' ? 'empty label cell' : `label ${JSON.stringify(cell.trim())} marks a missing value`;
      throw tableError(
        table,
        'PARSE_ERROR',
        { record, column: j },
        `${what} (missing value)${missingHint ? `; ${missingHint}` : ''}`,
        cell,
      );
    }
    if (kind === 'nan' || kind === 'non-finite') throw cellError(table, record, j, cell, 'label');
    if (values) {
      const v = numericCell(cell);
      if (v === undefined)
        throw tableError(table, 'BAD_INPUT', { record, column: j }, `${describeValue(cell)} is not a number (regression label)`, cell);
      values[i] = v;
      continue;
    }
    const key = labelKey(cell);
    const k = index.get(key);
    if (k === undefined)
      throw tableError(
        table,
        'BAD_INPUT',
        { record, column: j },
        `label ${JSON.stringify(key)} is not one of ${whose} ${quote(classes)}`,
        cell,
      );
    y[i] = k;
  }
  return values ? { y, values } : { y };
}

/**
 * The header index of the label column; a file without it is BAD_INPUT naming the file, the
 * label, the file's columns and the closest one (a case or spelling slip).
 */
export function labelIndexOf(table: CsvTable, label: string): number {
  const j = table.header.indexOf(label);
  if (j >= 0) return j;
  const near = table.header.find((h) => h.trim().toLowerCase() === label.trim().toLowerCase()) ?? closestKey(label, table.header);
  throw tableError(
    table,
    'BAD_INPUT',
    { record: 0, column: -1 },
    `label column ${JSON.stringify(label)} not found; the file's columns are ${quote(table.header)}${near ? ` (did you mean ${JSON.stringify(near)}?)` : ''}`,
    label,
  );
}

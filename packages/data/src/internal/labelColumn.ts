import { describeValue } from '@xai/core';
import type { CsvTable } from './csvTable.js';
import { numericCell, quoteNames as quote, tableError } from './csvTable.js';

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
 * cell is PARSE_ERROR (a missing value, like an empty feature cell); a non-number regression
 * label or a class outside `classes` is BAD_INPUT. Every error names file, line and column.
 * `whose` words the class list in messages ('the classes', "the model's classes").
 */
export function readLabelColumn(
  table: CsvTable,
  j: number,
  task: 'classification' | 'regression',
  classes: readonly string[],
  whose = 'the classes',
): LabelColumn {
  const n = table.dataRows.length;
  const y = new Int32Array(n);
  const values = task === 'regression' ? new Float64Array(n) : undefined;
  const index = new Map(classes.map((c, k) => [c, k]));
  for (let i = 0; i < n; i++) {
    const record = table.dataRows[i]!;
    const cell = table.records[record]![j]!;
    if (cell.trim() === '') throw tableError(table, 'PARSE_ERROR', { record, column: j }, 'empty label cell (missing value)', cell);
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

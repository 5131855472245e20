// Raw CSV records -> model columns, by column name: numeric columns parsed strictly,
// categorical columns expanded to one-hot blocks. Shared by parseUserDataset (train and
// test files) and applyPreprocessing (rows for a saved model), so both encode identically.
import type { Matrix } from '@xai/core';
import type { CsvTable } from './csvTable.js';
import { classifyCell, isNonFinite } from './cellClass.js';
import { cellError, fillNumeric, tableError } from './csvTable.js';

/** One raw column and how it becomes model columns (one, or one per category). */
export interface RawColumnPlan {
  readonly name: string;
  /** Categories in one-hot order; absent for a numeric column. */
  readonly categories?: readonly string[];
  /** Why the column has its kind, added to cell errors (e.g. `declared continuous by s.json: features[1].kind`). */
  readonly note?: string;
}

/** Model column names of a plan: `${name}=${value}` for each category. */
export function modelColumnNames(plan: readonly RawColumnPlan[]): string[] {
  return plan.flatMap((c) => (c.categories ? c.categories.map((v) => `${c.name}=${v}`) : [c.name]));
}

/** A categorical cell as compared with the categories: surrounding blanks dropped. */
export function categoryOf(cell: string): string {
  return cell.trim();
}

export interface EncodedTable {
  readonly x: Matrix;
  /** Per raw categorical column: cells whose category was not in the plan (encoded as all zeros). */
  readonly unknown: ReadonlyMap<string, number>;
}

/**
 * Encodes every data row of `table` with `plan`. `columns[k]` is the header index of
 * plan[k]. Numeric cells must be finite decimals; a categorical cell that spells NaN, an
 * infinity or a spreadsheet error is NON_FINITE (never a category), a blank one PARSE_ERROR.
 * Unknown categories throw BAD_INPUT naming line and column, unless `unknown` is 'zeros'.
 * `missingHint` is appended to missing-value errors. With `missingAsNaN` a missing numeric cell
 * (blank, marker, NaN spelt out) is NaN; a categorical one stays an error.
 */
export function encodeTable(
  table: CsvTable,
  plan: readonly RawColumnPlan[],
  columns: ArrayLike<number>,
  unknown: 'error' | 'zeros',
  missingHint?: string,
  missingAsNaN = false,
): EncodedTable {
  const n = table.dataRows.length;
  const numeric: number[] = [];
  const notes: (string | undefined)[] = [];
  const numericAt: number[] = [];
  let width = 0;
  const starts: number[] = [];
  plan.forEach((c, k) => {
    starts.push(width);
    if (c.categories) width += c.categories.length;
    else {
      numeric.push(columns[k]!);
      notes.push(c.note);
      numericAt.push(width);
      width += 1;
    }
  });
  const data = new Float64Array(n * width);
  const nums = fillNumeric(table, numeric, new Float64Array(n * numeric.length), {
    notes,
    missingAsNaN,
    ...(missingHint ? { missingHint } : {}),
  });
  const m = numeric.length;
  for (let i = 0; i < n; i++) for (let c = 0; c < m; c++) data[i * width + numericAt[c]!] = nums[i * m + c]!;
  const unknownCounts = new Map<string, number>();
  plan.forEach((c, k) => {
    if (!c.categories) return;
    const index = new Map(c.categories.map((v, t) => [v, t]));
    const j = columns[k]!;
    const start = starts[k]!;
    for (let i = 0; i < n; i++) {
      const record = table.dataRows[i]!;
      const cell = table.records[record]![j]!;
      const value = categoryOf(cell);
      const kind = classifyCell(cell);
      if (kind === 'blank' || isNonFinite(kind, 'error')) throw cellError(table, record, j, cell, c.note, missingHint);
      const t = index.get(value);
      if (t === undefined) {
        if (unknown === 'error') {
          throw tableError(
            table,
            'BAD_INPUT',
            { record, column: j },
            `category ${JSON.stringify(value)} was not seen in training (known: ${c.categories
              .slice(0, 10)
              .map((v) => JSON.stringify(v))
              .join(', ')}${c.categories.length > 10 ? ', ...' : ''}); pass unknownCategories: 'zeros' to encode it as all zeros`,
            value,
          );
        }
        unknownCounts.set(c.name, (unknownCounts.get(c.name) ?? 0) + 1);
        continue;
      }
      data[i * width + start + t] = 1;
    }
  });
  return { x: { rows: n, cols: width, data }, unknown: unknownCounts };
}

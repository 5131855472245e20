// A user dataset's separate test file, through the same cell checks as the training file:
// columns matched by name (a missing or extra one is named), every used cell screened, rows
// with a missing value dropped when asked, then encoded with the training file's plan.
import type { Matrix } from '@xai/core';
import type { MissingPolicy } from './cellClass.js';
import type { CsvTextOptions } from './csvTable.js';
import { quoteNames as quote, readCsvTable, tableError } from './csvTable.js';
import { labelIndexOf, readLabelColumn } from './labelColumn.js';
import { droppedRowsWarning, screenTable } from './screenCells.js';
import type { RawColumnPlan } from './tableEncoding.js';
import { encodeTable } from './tableEncoding.js';

export interface TestTableInput {
  readonly fn: string;
  readonly text: string | Uint8Array;
  readonly testFile: string;
  /** The training file's name, for messages. */
  readonly file: string;
  /** Delimiter, encoding and decimal mark. */
  readonly csv: CsvTextOptions;
  readonly label: string;
  readonly ignore: readonly string[];
  readonly plan: readonly RawColumnPlan[];
  readonly missing: MissingPolicy;
  readonly missingHint: string | undefined;
  readonly unknownCategories: 'error' | 'zeros';
  readonly task: 'classification' | 'regression';
  readonly classes: readonly string[];
  readonly classesFrom: string;
}

export interface TestTable {
  readonly x: Matrix;
  readonly y: Int32Array;
  readonly values?: Float64Array;
  readonly warnings: readonly string[];
}

/** Reads the test file (see the file comment). */
export function readTestTable(input: TestTableInput): TestTable {
  const { testFile, file, label, plan } = input;
  const raw = readCsvTable(input.text, testFile, input.fn, input.csv);
  const labelIndex = labelIndexOf(raw, label);
  const missing = plan.filter((c) => !raw.header.includes(c.name)).map((c) => c.name);
  if (missing.length > 0)
    throw tableError(
      raw,
      'BAD_INPUT',
      { record: 0, column: -1 },
      `the columns differ from ${file}: missing feature column(s) ${quote(missing)}; the file's columns are ${quote(raw.header)}`,
      missing,
    );
  const extra = raw.header.filter((h) => h !== label && !input.ignore.includes(h) && !plan.some((c) => c.name === h));
  if (extra.length > 0)
    throw tableError(
      raw,
      'BAD_INPUT',
      { record: 0, column: raw.header.indexOf(extra[0]!) },
      `the columns differ from ${file}: unexpected column(s) ${quote(extra)} (${file} has no such feature)`,
      extra,
    );
  const columns = Int32Array.from(plan, (c) => raw.header.indexOf(c.name));
  // Cell errors say why the column is read as it is: the schema, or what the training file holds.
  const noted = plan.map((c) => ({ ...c, note: c.note ?? `${c.categories ? 'categorical' : 'numeric'} in ${file}` }));
  const screened = screenTable(
    raw,
    columns,
    labelIndex,
    input.missing,
    noted.map((c) => c.note),
  );
  const warnings: string[] = [];
  const dropped = droppedRowsWarning(screened, testFile);
  if (dropped) warnings.push(dropped);
  const table = screened.table;
  if (table.dataRows.length === 0)
    throw tableError(
      raw,
      'EMPTY',
      { record: 0, column: -1 },
      "every row holds a missing value; no test row is left (missing: 'drop-rows')",
    );
  const enc = encodeTable(table, noted, columns, input.unknownCategories, input.missingHint, input.missing === 'nan');
  for (const [col, count] of enc.unknown)
    warnings.push(`${testFile}: ${count} rows hold a ${col} category not seen in ${file} (encoded as all zeros)`);
  const lab = readLabelColumn(table, labelIndex, input.task, input.classes, input.classesFrom, input.missingHint);
  return { x: enc.x, y: lab.y, ...(lab.values ? { values: lab.values } : {}), warnings };
}

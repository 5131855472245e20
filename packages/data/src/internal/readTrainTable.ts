// The training file of a user dataset, read and screened: the label found, the feature
// columns declared, every used cell checked (non-finite cells are errors wherever they are),
// rows with a missing value dropped when asked.
import { XaiError } from '@xai/core';
import type { UserSchema } from '../userSchema.js';
import type { MissingPolicy } from './cellClass.js';
import type { CsvTable, CsvTextOptions } from './csvTable.js';
import { readCsvTable } from './csvTable.js';
import { declareColumns } from './declareColumns.js';
import { labelIndexOf } from './labelColumn.js';
import type { DeclaredColumn } from './planColumns.js';
import { droppedRowsWarning, screenTable } from './screenCells.js';

export interface TrainTable {
  readonly table: CsvTable;
  readonly labelIndex: number;
  readonly declared: readonly DeclaredColumn[];
  /** Header index of each declared column. */
  readonly columnIndex: Int32Array;
  readonly warnings: readonly string[];
}

export interface TrainTableInput {
  readonly fn: string;
  readonly text: string | Uint8Array;
  readonly file: string;
  /** Delimiter, encoding and decimal mark. */
  readonly csv: CsvTextOptions;
  readonly label: string;
  readonly schema: UserSchema | undefined;
  readonly schemaFile: string;
  readonly missing: MissingPolicy;
}

/** Reads, declares and screens the training file (see the file comment). */
export function readTrainTable(input: TrainTableInput): TrainTable {
  const raw = readCsvTable(input.text, input.file, input.fn, input.csv);
  const labelIndex = labelIndexOf(raw, input.label);
  const declared = declareColumns(raw, input.label, input.schema, input.schemaFile);
  const columnIndex = Int32Array.from(declared, (c) => raw.header.indexOf(c.name));
  const screened = screenTable(
    raw,
    columnIndex,
    labelIndex,
    input.missing,
    declared.map((c) => c.note),
  );
  const warning = droppedRowsWarning(screened, input.file);
  if (screened.table.dataRows.length === 0)
    throw new XaiError('EMPTY', `${input.file}: every row holds a missing value; no row is left (missing: 'drop-rows')`, {
      fn: input.fn,
      arg: 'file',
      file: input.file,
      value: screened.dropped,
    });
  return { table: screened.table, labelIndex, declared, columnIndex, warnings: warning ? [warning] : [] };
}

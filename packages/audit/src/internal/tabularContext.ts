// What every tabular probe reads: the table by column, the id-like and other columns, the
// fold of each row, and the held-out models of the leak rule (built on first use).
import type { Matrix } from '@xai/core';
import { hashFloat64, row } from '@xai/core';
import type { LeakComparison } from '../auditReport.js';
import type { TabularAuditInput } from '../tabular/tabularAuditInput.js';
import type { HeldOutNb } from './naiveBayes.js';
import { binColumns, crossValidatedNb, trainTestNb } from './naiveBayes.js';
import { compareHeldOut } from './versus.js';

/** Held-out comparison of a rule alone against a model on all the other columns, on some rows. */
export type VersusOn = (rows: ArrayLike<number>, aloneRight: (i: number) => boolean, othersRight: (i: number) => boolean) => LeakComparison;

/** The tabular options after defaults and checks. */
export interface TabularSettings {
  readonly idUniqueness: number;
  readonly leakErrorRatio: number;
  readonly leakZ: number;
  readonly nearTolerance: number;
  readonly minCovered: number;
  readonly seed: number;
}

export interface TabularContext {
  readonly table: TabularAuditInput;
  readonly classes: readonly string[];
  /** Number of classes. */
  readonly C: number;
  /** Train rows. */
  readonly n: number;
  readonly columns: readonly Float64Array[];
  readonly testColumns: readonly Float64Array[] | undefined;
  /** Columns that look like ids, and all the others. */
  readonly idCols: readonly number[];
  readonly otherCols: readonly number[];
  /** Text id columns (their values as written): the id-content probe reads their characters. */
  readonly textIds: readonly string[];
  /** Two-fold split of the train rows by a content hash (exact copies share a fold). */
  readonly fold: Uint8Array;
  readonly settings: TabularSettings;
  /** Naive Bayes on binned columns, two-fold cross-validated on train. */
  nbCv(): HeldOutNb;
  /** Naive Bayes on binned columns, train -> test. */
  nbTest(): HeldOutNb;
  readonly versusOn: VersusOn;
}

const ID_NAME = /^(id|idx|index|row|rowid|row_id|row-id|.*[_-]id)$/i;

function columnsOf(m: Matrix): Float64Array[] {
  const cols: Float64Array[] = [];
  for (let j = 0; j < m.cols; j++) {
    const col = new Float64Array(m.rows);
    for (let i = 0; i < m.rows; i++) col[i] = m.data[(m.offset ?? 0) + i * (m.stride ?? m.cols) + j]!;
    cols.push(col);
  }
  return cols;
}

function isIdLike(col: Float64Array, name: string, uniqueness: number): boolean {
  const n = col.length;
  // Cheap tests first: the distinct count (a Set of n values) only when it can decide.
  if (ID_NAME.test(name)) return new Set(col).size >= 0.5 * n;
  if (n < 20) return false;
  for (let i = 0; i < n; i++) if (!Number.isInteger(col[i]!)) return false;
  return new Set(col).size >= uniqueness * n;
}

/** Reads the table once into the shape every probe uses. */
export function tabularContext(table: TabularAuditInput, classes: readonly string[], settings: TabularSettings): TabularContext {
  const { x, y, header } = table;
  const n = x.rows;
  const C = classes.length;
  const columns = columnsOf(x);
  const testColumns = table.test ? columnsOf(table.test.x) : undefined;
  const idCols: number[] = [];
  const otherCols: number[] = [];
  for (let j = 0; j < x.cols; j++) (isIdLike(columns[j]!, header[j]!, settings.idUniqueness) ? idCols : otherCols).push(j);
  const textIds = idCols.map((j) => header[j]!).filter((h) => table.text?.[h] !== undefined);
  const fold = new Uint8Array(n);
  for (let i = 0; i < n; i++) fold[i] = hashFloat64(row(x, i), 0x5eed) & 1;
  let binned: ReturnType<typeof binColumns> | undefined;
  let cv: HeldOutNb | undefined;
  let tt: HeldOutNb | undefined;
  const bins = (): ReturnType<typeof binColumns> => (binned ??= binColumns(columns, testColumns));
  const versusOn: VersusOn = (rows, aloneRight, othersRight) => {
    const a = new Uint8Array(rows.length);
    const o = new Uint8Array(rows.length);
    for (let k = 0; k < rows.length; k++) {
      a[k] = aloneRight(rows[k]!) ? 1 : 0;
      o[k] = othersRight(rows[k]!) ? 1 : 0;
    }
    return compareHeldOut(a, o, settings.leakErrorRatio, settings.leakZ, rows.length);
  };
  return {
    table,
    classes,
    C,
    n,
    columns,
    testColumns,
    idCols,
    otherCols,
    textIds,
    fold,
    settings,
    nbCv: () => (cv ??= crossValidatedNb(bins().fit, y, fold, C)),
    nbTest: () => (tt ??= trainTestNb(bins().fit, y, bins().other!, C)),
    versusOn,
  };
}

// Train / test / validation rows of a user dataset: a seeded stratified split keyed by the
// rows' content (never their position), validation carved from train only.
import type { Matrix } from '@xai/core';
import { XaiError, selectRows } from '@xai/core';
import type { UserDataset } from '../parseUserDataset.js';
import { contentSplit, rankBins, regressionBins, rowContentKeys } from './contentSplit.js';
import type { CsvTable } from './csvTable.js';
import { lineOfRecord, quoteNames as quote } from './csvTable.js';

/** Rows of one split: model columns before scaling, class indices, regression values. */
export interface Part {
  readonly x: Matrix;
  readonly y: Int32Array;
  readonly values?: Float64Array | undefined;
}

export interface UserSplitInput {
  readonly fn: string;
  readonly file: string;
  /** The (screened) training table: its rows' content keys the split. */
  readonly table: CsvTable;
  /** Every row of the training file. */
  readonly all: Part;
  /** The rows of a separate test file; without it `testFraction` of the file is held out. */
  readonly test?: Part | undefined;
  readonly task: 'classification' | 'regression';
  readonly classes: readonly string[];
  readonly seed: number;
  readonly testFraction: number;
  readonly validationFraction: number;
}

export interface UserSplits {
  readonly train: Part;
  readonly validation?: Part;
  readonly test: Part;
  readonly split?: UserDataset['provenance']['split'];
  /** With a split of one file: the table record of each test row, in test order. */
  readonly testRecords?: Int32Array;
  readonly steps: readonly string[];
  readonly warnings: readonly string[];
}

function pick(p: Part, rows: Int32Array): Part {
  return {
    x: selectRows(p.x, rows),
    y: Int32Array.from(rows, (i) => p.y[i]!),
    ...(p.values ? { values: Float64Array.from(rows, (i) => p.values![i]!) } : {}),
  };
}

/**
 * A class with a single row cannot be in both the train and the test split of one file: the
 * model would never see it, or no test row would score it. BAD_INPUT naming the class and its line.
 */
function refuseRareClasses(input: UserSplitInput): void {
  const { all, classes, table, file } = input;
  const counts = new Int32Array(classes.length);
  for (let i = 0; i < all.y.length; i++) counts[all.y[i]!]!++;
  const k = classes.findIndex((_, c) => counts[c] === 1);
  if (k < 0) return;
  const line = lineOfRecord(table, table.dataRows[all.y.indexOf(k)]!);
  const rare = classes.filter((_, c) => counts[c] === 1);
  throw new XaiError(
    'BAD_INPUT',
    `${file}: class ${JSON.stringify(classes[k])} of the label has a single row (line ${line})${rare.length > 1 ? ` (so do ${quote(rare.slice(1, 6))}${rare.length > 6 ? `, … ${rare.length} in all` : ''})` : ''}: too rare to be in both the train and the test split; drop or merge it, or give a test file`,
    { fn: input.fn, arg: 'file', file, line, value: classes[k] },
  );
}

/** Splits the training file's rows (see the file comment); steps and warnings say what was done. */
export function splitUserRows(input: UserSplitInput): UserSplits {
  const { file, table, all, task, seed, testFraction, validationFraction } = input;
  const steps: string[] = [];
  const warnings: string[] = [];
  const keys = rowContentKeys(table.records, table.dataRows);
  // `rows` are file rows (undefined: all); strata are classes, or equal-count bins of a regression label.
  const splitRows = (rows: Int32Array | undefined, part: Part, fraction: number, purpose: string) => {
    const content = rows ? Array.from(rows, (i) => keys.content[i]!) : keys.content;
    const occurrence = rows ? Int32Array.from(rows, (i) => keys.occurrence[i]!) : keys.occurrence;
    const strata = part.values ? rankBins(part.values, regressionBins(part.values.length, fraction), content, occurrence) : part.y;
    return contentSplit(strata, fraction, seed, purpose, content, occurrence);
  };
  let train = all;
  let test = input.test;
  let trainRows: Int32Array | undefined;
  let split: UserSplits['split'];
  let testRecords: Int32Array | undefined;
  if (test === undefined) {
    const n = table.dataRows.length;
    if (task === 'classification') refuseRareClasses(input);
    const { kept, heldOut } = splitRows(undefined, all, testFraction, 'train/test');
    if (kept.length === 0 || heldOut.length === 0)
      throw new XaiError(
        'EMPTY',
        `${file}: a ${testFraction} test split of ${n} rows leaves ${heldOut.length === 0 ? 'no test rows' : 'no train rows'} (round(${testFraction} x ${n}) = ${heldOut.length}); give a test file or another testFraction`,
        { fn: input.fn, arg: 'file', file, value: n },
      );
    trainRows = kept;
    train = pick(all, kept);
    test = pick(all, heldOut);
    testRecords = Int32Array.from(heldOut, (i) => table.dataRows[i]!);
    split = { testFraction, seed, trainRows: kept.length, testRows: heldOut.length };
    steps.push(
      `split ${file} stratified ${Math.round((1 - testFraction) * 100)}/${Math.round(testFraction * 100)} by ${task === 'regression' ? `${regressionBins(n, testFraction)} equal-count label bins` : 'class'} (seed ${seed}): ${kept.length} train, ${heldOut.length} test rows, each in file order; rows chosen by a seeded hash of their content`,
    );
  }
  let validation: Part | undefined;
  if (validationFraction > 0) {
    const { kept, heldOut } = splitRows(trainRows, train, validationFraction, 'validation');
    if (heldOut.length > 0 && kept.length > 0) {
      validation = pick(train, heldOut);
      train = pick(train, kept);
      steps.push(
        `held out a stratified validation split of ${Math.round(validationFraction * 1000) / 10}% of train (seed ${seed}): ${heldOut.length} rows; ${kept.length} train rows remain`,
      );
    } else warnings.push(`validationFraction ${validationFraction} of ${train.x.rows} train rows leaves no validation row`);
  }
  return {
    train,
    ...(validation ? { validation } : {}),
    test,
    ...(split ? { split } : {}),
    ...(testRecords ? { testRecords } : {}),
    steps,
    warnings,
  };
}

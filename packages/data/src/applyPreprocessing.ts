import type { Matrix, Preprocessing } from '@xai/core';
import { XaiError, badOptionValue, checkOptions, enumOption, numberOption } from '@xai/core';
import type { CsvDelimiter, CsvTable } from './internal/csvTable.js';
import { quoteNames as quote, readCsvTable, tableError } from './internal/csvTable.js';
import type { LabelColumn } from './internal/labelColumn.js';
import { readLabelColumn } from './internal/labelColumn.js';
import type { OutOfRangeReport } from './internal/outOfRange.js';
import { countOutOfRange, outOfRangeWarning } from './internal/outOfRange.js';
import { rawColumnPlan } from './internal/rawColumnPlan.js';
import { scaleColumns } from './internal/scaleColumns.js';
import { encodeTable } from './internal/tableEncoding.js';

export interface ApplyPreprocessingOptions {
  /** Name used in messages. @defaultValue '<csv>' */
  readonly file?: string;
  /** Margin of the out-of-range count, as a fraction of each column's training range. @defaultValue 0.1 */
  readonly margin?: number;
  /** A category never seen in training: an error naming line and column, or all-zero one-hot columns (counted in `warnings`). @defaultValue 'error' */
  readonly unknownCategories?: 'error' | 'zeros';
  /** Columns of the file to drop (ids); anything else the model does not use is an error. @defaultValue [] */
  readonly ignore?: readonly string[];
  /** @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** The file's encoding (`latin1`, `utf-16le`, …). @defaultValue strict UTF-8 */
  readonly encoding?: string;
  /** The decimal mark of the file's numbers (see `parseUserDataset`). @defaultValue 'auto' */
  readonly decimal?: 'auto' | ',' | '.';
}

/** Defaults of {@link ApplyPreprocessingOptions}. */
export const APPLY_PREPROCESSING_DEFAULTS = Object.freeze({ margin: 0.1, unknownCategories: 'error' as const });

/** Raw rows turned into model inputs. */
export interface PreprocessedRows {
  /** Model inputs (one-hot expanded, scaled), rows in file order, columns in `preprocessing.features` order. */
  readonly x: Matrix;
  /** The same before scaling. */
  readonly raw: Matrix;
  readonly names: readonly string[];
  /** When the file holds the label column: class indices (classification; `preprocessing.label.classes` order). */
  readonly y?: Int32Array;
  /** When the file holds the label column of a regression task: its values. */
  readonly targets?: Float64Array;
  /** True when the file's columns came in another order than the model's (they are matched by name). */
  readonly reordered: boolean;
  /** Numeric model columns with rows outside the training range by more than `margin` of it (only with a min-max scaler). */
  readonly outOfRange: OutOfRangeReport;
  readonly margin: number;
  /** Lines for the output and the report (out-of-range rows, unknown categories); empty when nothing is off. */
  readonly warnings: readonly string[];
}

/**
 * Turns raw CSV rows into a model's inputs with the preprocessing block the model was
 * saved with. Columns are matched by NAME: a missing model column or an extra column
 * (neither the label nor in `ignore`) is BAD_INPUT naming it; a duplicated header name is
 * the PARSE_ERROR of the CSV reader; columns in another order are matched by name and put
 * in the model's order (`reordered: true`). Categorical columns are one-hot expanded with
 * the training categories, then the fitted scaler is applied. Rows outside the training
 * range by more than `margin` (default 0.1) of a column's range are counted per column
 * (`outOfRange`) and summed up in `warnings`. A label column, when present, is read too.
 * @example const { x, warnings } = applyPreprocessing(csvText, model.preprocessing, { file: 'rows.csv' })
 * @since 0.2.0
 */
export function applyPreprocessing(
  table: string | Uint8Array,
  preprocessing: Preprocessing,
  options: ApplyPreprocessingOptions = {},
): PreprocessedRows {
  const fn = 'applyPreprocessing';
  // 1. Options; 2. the file's columns matched to the model's by name; 3. encode, scale, range check; 4. the label.
  checkOptions(options, ['file', 'margin', 'unknownCategories', 'ignore', 'delimiter', 'encoding', 'decimal'], fn);
  const d = APPLY_PREPROCESSING_DEFAULTS;
  const file = options.file ?? '<csv>';
  const margin = numberOption(options.margin, fn, 'margin', { min: 0, fallback: d.margin });
  const unknownCategories = enumOption(options.unknownCategories, fn, 'unknownCategories', {
    values: ['error', 'zeros'],
    fallback: d.unknownCategories,
  });
  const ignore = options.ignore ?? [];
  if (!Array.isArray(ignore)) throw badOptionValue(fn, 'ignore', ignore, 'an array of column names');
  const plan = rawColumnPlan(preprocessing, fn);
  const t: CsvTable = readCsvTable(table, file, fn, { delimiter: options.delimiter, encoding: options.encoding, decimal: options.decimal });
  // The block's own ignored columns are dropped where the file has them.
  const own = (preprocessing.ignore ?? []).filter((n) => t.header.includes(n) && !ignore.includes(n));
  const columns = modelColumnsOf(t, plan, preprocessing.label?.name, [...ignore, ...own], file, fn);
  let reordered = false;
  for (let k = 1; k < columns.length; k++) if (columns[k]! < columns[k - 1]!) reordered = true;
  const enc = encodeTable(t, plan, columns, unknownCategories);
  const warnings: string[] = [];
  for (const [col, count] of enc.unknown)
    warnings.push(`${file}: ${count} rows hold a ${col} category not seen in training (encoded as all zeros)`);
  const x = scaleColumns(enc.x, preprocessing.scaler, fn);
  let outOfRange: OutOfRangeReport = { columns: [], rows: 0 };
  if (preprocessing.scaler.kind === 'min-max') {
    const check = plan.flatMap((c) => (c.categories ? c.categories.map(() => false) : [true]));
    outOfRange = countOutOfRange(enc.x, preprocessing.features, preprocessing.scaler.min, preprocessing.scaler.max, check, margin);
    const w = outOfRangeWarning(outOfRange, enc.x.rows, margin, file);
    if (w) warnings.push(w);
  }
  const lab = labelOf(t, preprocessing);
  const y = lab && !lab.values ? lab.y : undefined;
  const targets = lab?.values;
  return {
    x,
    raw: enc.x,
    names: [...preprocessing.features],
    ...(y ? { y } : {}),
    ...(targets ? { targets } : {}),
    reordered,
    outOfRange,
    margin,
    warnings,
  };
}

/** The file column of every model input, by name: a missing input, an unknown ignore or an unexpected column is an error. */
function modelColumnsOf(
  t: CsvTable,
  plan: ReturnType<typeof rawColumnPlan>,
  labelName: string | undefined,
  ignore: readonly string[],
  file: string,
  fn: string,
): Int32Array {
  const missing = plan.map((c) => c.name).filter((n) => !t.header.includes(n));
  if (missing.length > 0)
    throw tableError(
      t,
      'BAD_INPUT',
      { record: 0, column: -1 },
      `missing column(s) ${quote(missing)} that the model needs; the file has ${quote(t.header)}`,
      missing,
    );
  const notIgnored = ignore.filter((n) => !t.header.includes(n));
  if (notIgnored.length > 0)
    throw new XaiError('BAD_OPTION', `${file}: ignore names column(s) ${quote(notIgnored)} that the file does not have`, {
      fn,
      arg: 'ignore',
      value: notIgnored,
      file,
    });
  const extra = t.header.filter((h) => h !== labelName && !ignore.includes(h) && !plan.some((c) => c.name === h));
  if (extra.length > 0)
    throw tableError(
      t,
      'BAD_INPUT',
      { record: 0, column: t.header.indexOf(extra[0]!) },
      `unexpected column(s) ${quote(extra)}: the model has no such input (drop them with the ignore option: --ignore a,b in the CLI)`,
      extra,
    );
  return Int32Array.from(plan, (c) => t.header.indexOf(c.name));
}

/** The label column, when the file has one, through the same reader as parseUserDataset. */
function labelOf(t: CsvTable, preprocessing: Preprocessing): LabelColumn | undefined {
  const labelName = preprocessing.label?.name;
  const lj = labelName === undefined ? -1 : t.header.indexOf(labelName);
  if (lj < 0 || !(preprocessing.task === 'regression' || preprocessing.label?.classes)) return undefined;
  return readLabelColumn(
    t,
    lj,
    preprocessing.task === 'regression' ? 'regression' : 'classification',
    preprocessing.label?.classes ?? [],
    "the model's classes",
  );
}

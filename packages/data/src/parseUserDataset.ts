import type { Dataset, Matrix, Preprocessing, Split } from '@xai/core';
import type { CsvDelimiter } from './internal/csvTable.js';
import { buildUserDataset } from './internal/buildUserDataset.js';
import type { OutOfRangeReport } from './internal/outOfRange.js';
import type { MinMaxScaler } from './minMaxScaler.js';
import type { UserSchema } from './userSchema.js';

export type { OutOfRangeReport, ColumnOutOfRange } from './internal/outOfRange.js';
export { USER_DATASET_DEFAULTS } from './internal/userDatasetOptions.js';

export interface UserDatasetOptions {
  /** The label column. Required unless the schema names it (they must agree when both do). */
  readonly label?: string | undefined;
  /** A separate test file's CSV text; without it a seeded stratified split of the file is made. */
  readonly testText?: string | Uint8Array | undefined;
  /** A schema object or its JSON text (see {@link UserSchema}); overrides what is inferred. */
  readonly schema?: UserSchema | string | undefined;
  /**
   * Columns to drop (ids, timestamps, free text), added to the schema's `ignore`; each must be a
   * column of the file. The model file's preprocessing block keeps them, so raw rows still holding
   * them are read as they are. @defaultValue []
   */
  readonly ignore?: readonly string[] | undefined;
  /** Names used in messages. @defaultValue '<csv>', '<test csv>', '<schema>' (`--ignore` for `ignore` without a schema) */
  readonly file?: string;
  readonly testFile?: string;
  readonly schemaFile?: string;
  /** Dataset name (reports, receipts). @defaultValue the file name without folders and `.csv`, or 'user' */
  readonly name?: string | undefined;
  /** Seed of the train/test and validation splits. @defaultValue 0 */
  readonly seed?: number | undefined;
  /** Test share of each class when no test file is given. @defaultValue 0.2 */
  readonly testFraction?: number | undefined;
  /** Validation share of each class of train (for model selection). @defaultValue 0.1 */
  readonly validationFraction?: number | undefined;
  /** Overrides the schema's / inferred task. */
  readonly task?: 'classification' | 'regression' | undefined;
  /** An inferred text column with more distinct values than this is an error (an id?). @defaultValue 50 */
  readonly maxCategories?: number;
  /**
   * The label's rule (without a task from the option or the schema): integers with at most this
   * many distinct values are classes, more make a regression target (warned); text with more is
   * an error (an id?). Never depends on the number of rows. @defaultValue 10
   */
  readonly maxClasses?: number;
  /**
   * More model columns (one-hot expanded) than this is an error naming the figure, unless the
   * schema lists its features. @defaultValue 1000
   */
  readonly maxColumns?: number;
  /**
   * A blank cell or a missing-value marker (NA, N/A, ?, null, None, #N/A) in a numeric column
   * or the label: `'error'` naming file, line and column, or `'drop-rows'` (rows holding one, or
   * NaN, are dropped from train and test, counted in a warning), or `'nan'` (for models that take
   * missing values, such as tree ensembles: such a cell of a numeric column is NaN in `raw` and in
   * every split, a step counts them; kinds and the scaler are fitted on the observed values; a
   * missing label or categorical cell stays an error). Overrides the schema's `missing`.
   * @defaultValue the schema's, else 'error'
   */
  readonly missing?: 'error' | 'drop-rows' | 'nan';
  /** @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** The files' encoding (`latin1`, `windows-1252`, `utf-16le`, …). @defaultValue strict UTF-8: an invalid byte is an error naming its line */
  readonly encoding?: string;
  /**
   * The decimal mark of the files' numbers: 'auto' reads a column of decimal commas (`1,3`,
   * `1.178,84`) as numbers in a ';'- or tab-separated file (said in the steps) and refuses one in
   * a ','-separated file naming its first cell; ',' reads them whatever the separator; '.' keeps
   * such cells as text. A column mixing both marks is refused. @defaultValue 'auto'
   */
  readonly decimal?: 'auto' | '.' | ',';
  /** A test-file category never seen in train: an error, or all-zero one-hot columns. @defaultValue 'error' */
  readonly unknownCategories?: 'error' | 'zeros';
  /** Margin of the test file's out-of-range count, as a fraction of each training range. @defaultValue 0.1 */
  readonly rangeMargin?: number;
}

/** A user's dataset: a core `Dataset` scaled for models, with the `Preprocessing` a model file carries. */
export interface UserDataset extends Dataset {
  readonly train: Split;
  readonly validation?: Split;
  readonly test: Split;
  readonly task: 'classification' | 'regression';
  /** Classification: the label's classes in output order (class i = `y` value i = output i). */
  readonly labelClasses?: readonly string[];
  /**
   * Regression: the label values per split (also on each split as `targets`; the core
   * `Split.y` holds integer classes only, so for regression `y` is all zeros and `classes` is 1).
   */
  readonly targets?: { readonly train: Float64Array; readonly validation?: Float64Array; readonly test: Float64Array };
  /** Feature names and order, kinds, scaler, one-hot encodings and label mapping: what turns raw rows into model inputs. */
  readonly preprocessing: Preprocessing;
  /** The fitted scaler (fitted on the train rows only), as an object. */
  readonly scaler: MinMaxScaler;
  /** Model columns (one-hot expanded) before scaling, same rows as the splits. */
  readonly raw: { readonly train: Matrix; readonly validation?: Matrix; readonly test: Matrix };
  /** With a split of one file (no test file): the 1-based line of the file holding each test row. */
  readonly sourceLines?: { readonly test: Int32Array };
  /** sha256 of the inputs' sha256 plus the resolved schema and every split choice. */
  readonly processingHash: string;
  readonly provenance: {
    readonly files: readonly {
      readonly role: 'train' | 'test' | 'full';
      readonly file: string;
      readonly sha256: string;
      readonly rows: number;
    }[];
    readonly split?: { readonly testFraction: number; readonly seed: number; readonly trainRows: number; readonly testRows: number };
    readonly validation: { readonly fraction: number; readonly seed: number; readonly rows: number };
    /** Rows of the test file outside the training range (only with a separate test file). */
    readonly testOutOfRange?: OutOfRangeReport;
    readonly steps: readonly string[];
    readonly warnings: readonly string[];
  };
}

/**
 * A user's CSV (text or UTF-8 bytes) as a core `Dataset` plus the `Preprocessing` a model
 * file carries. Every used cell is checked first: NaN, an infinity, `1e309` or a spreadsheet
 * error is NON_FINITE naming file, line, column and value, in any column (never a category).
 * Columns: numeric ones (finite numbers, missing values aside) are `continuous`, or `discrete`
 * when they hold at most two integer values; text columns are `categorical` and expand to
 * one-hot model columns `${name}=${value}` (categories sorted, numerically when they are
 * numbers), each block one feature group. A schema overrides any of it. Label:
 * `classification` unless the schema/option says `regression` or the label is numeric with a
 * non-integer value or more than `maxClasses` distinct integers; classes in
 * the schema's order, else ascending (numbers) or sorted (text). Without `testText`, a
 * seeded stratified split holding out exactly `round(testFraction * n)` rows, spread over the
 * classes (regression: `min(10, floor(testFraction * n))` equal-count label bins) by largest
 * remainder, and within each the rows ranked first by a seeded hash of their content, so any
 * order of the same rows holds out the same rows; `hash` and `processingHash` depend on the
 * files' content, not their paths;
 * validation carved from train; a min-max scaler fitted on the train rows only, applied
 * to every split. Errors name the file, line and column (or the schema field).
 * Browser-safe; `loadUserDataset` (`@xai/data/node`) reads the files.
 * @example const ds = parseUserDataset('age,city,y\n31,Oslo,0\n...', { label: 'y' })
 * @since 0.2.0
 */
export function parseUserDataset(text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  return buildUserDataset('parseUserDataset', text, options);
}

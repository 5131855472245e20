import type { CategoricalEncoding, Dataset, FeatureKind, Matrix, Preprocessing, Split } from '@xai/core';
import { XaiError, checkOptions, describeValue, selectRows } from '@xai/core';
import { inferFeatureKinds } from './inferFeatureKinds.js';
import type { CsvDelimiter, CsvTable } from './internal/csvTable.js';
import { numericCell, readCsvTable, tableError } from './internal/csvTable.js';
import { countOutOfRange, outOfRangeWarning } from './internal/outOfRange.js';
import type { OutOfRangeReport } from './internal/outOfRange.js';
import { sha256Hex } from './internal/sha256.js';
import type { RawColumnPlan } from './internal/tableEncoding.js';
import { categoryOf, encodeTable, modelColumnNames } from './internal/tableEncoding.js';
import { fitMinMaxScaler } from './minMaxScaler.js';
import type { MinMaxScaler } from './minMaxScaler.js';
import { stratifiedSplit } from './stratifiedSplit.js';
import type { UserFeatureKind, UserSchema } from './userSchema.js';
import { parseUserSchema } from './userSchema.js';

export type { OutOfRangeReport, ColumnOutOfRange } from './internal/outOfRange.js';

export interface UserDatasetOptions {
  /** The label column. Required unless the schema names it (they must agree when both do). */
  readonly label?: string | undefined;
  /** A separate test file's CSV text; without it a seeded stratified split of the file is made. */
  readonly testText?: string | Uint8Array | undefined;
  /** A schema object or its JSON text (see {@link UserSchema}); overrides what is inferred. */
  readonly schema?: UserSchema | string | undefined;
  /** Names used in messages. @defaultValue '<csv>', '<test csv>', '<schema>' */
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
  /** @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
  /** A test-file category never seen in train: an error, or all-zero one-hot columns. @defaultValue 'error' */
  readonly unknownCategories?: 'error' | 'zeros';
  /** Margin of the test file's out-of-range count, as a fraction of each training range. @defaultValue 0.1 */
  readonly rangeMargin?: number;
}

export const USER_DATASET_KEYS: readonly string[] = ['label', 'testText', 'schema', 'file', 'testFile', 'schemaFile', 'name', 'seed', 'testFraction', 'validationFraction', 'task', 'maxCategories', 'delimiter', 'unknownCategories', 'rangeMargin'];

/** Defaults of {@link UserDatasetOptions}. */
export const USER_DATASET_DEFAULTS = Object.freeze({ seed: 0, testFraction: 0.2, validationFraction: 0.1, maxCategories: 50, unknownCategories: 'error' as const, rangeMargin: 0.1 });

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
  /** sha256 of the inputs' sha256 plus the resolved schema and every split choice. */
  readonly processingHash: string;
  readonly provenance: {
    readonly files: readonly { readonly role: 'train' | 'test' | 'full'; readonly file: string; readonly sha256: string; readonly rows: number }[];
    readonly split?: { readonly testFraction: number; readonly seed: number; readonly trainRows: number; readonly testRows: number };
    readonly validation: { readonly fraction: number; readonly seed: number; readonly rows: number };
    /** Rows of the test file outside the training range (only with a separate test file). */
    readonly testOutOfRange?: OutOfRangeReport;
    readonly steps: readonly string[];
    readonly warnings: readonly string[];
  };
}

const encoder = new TextEncoder();

function sortCategories(values: Iterable<string>): string[] {
  const list = [...values];
  const nums = list.map((v) => numericCell(v));
  if (nums.every((v) => v !== undefined)) return list.map((v, k) => [v, nums[k]!] as const).sort((a, b) => a[1] - b[1]).map((p) => p[0]);
  return list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function quote(names: readonly string[]): string {
  return names.map((n) => JSON.stringify(n)).join(', ');
}

/** Column indices by name; a missing one is BAD_INPUT naming it (line 1). */
function indicesOf(table: CsvTable, names: readonly string[], what: string): Int32Array {
  const missing = names.filter((n) => !table.header.includes(n));
  if (missing.length > 0) throw tableError(table, 'BAD_INPUT', { record: 0, column: -1 }, `missing ${what} column(s) ${quote(missing)}; the file has ${quote(table.header)}`, missing);
  return Int32Array.from(names, (n) => table.header.indexOf(n));
}

/** Deciles of a regression label by rank, so the split keeps the label's spread. */
function rankBins(values: Float64Array, bins: number): Int32Array {
  const order = Array.from(values.keys()).sort((a, b) => values[a]! - values[b]! || a - b);
  const out = new Int32Array(values.length);
  order.forEach((i, r) => { out[i] = Math.floor((r * bins) / values.length); });
  return out;
}

function pick(x: Matrix, rows: Int32Array): Matrix {
  return selectRows(x, rows);
}

function pickInt(a: Int32Array, rows: Int32Array): Int32Array {
  return Int32Array.from(rows, (i) => a[i]!);
}

function pickFloat(a: Float64Array, rows: Int32Array): Float64Array {
  return Float64Array.from(rows, (i) => a[i]!);
}

interface LabelColumn {
  readonly y: Int32Array;
  readonly values?: Float64Array;
}

function readLabel(table: CsvTable, j: number, task: 'classification' | 'regression', classes: readonly string[]): LabelColumn {
  const n = table.dataRows.length;
  const y = new Int32Array(n);
  if (task === 'regression') {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const record = table.dataRows[i]!;
      const cell = table.records[record]![j]!;
      const v = numericCell(cell);
      if (v === undefined) throw tableError(table, cell.trim() === '' ? 'PARSE_ERROR' : 'BAD_INPUT', { record, column: j }, cell.trim() === '' ? 'empty label cell (missing value)' : `${describeValue(cell)} is not a number (regression label)`, cell);
      values[i] = v;
    }
    return { y, values };
  }
  const index = new Map(classes.map((c, k) => [c, k]));
  for (let i = 0; i < n; i++) {
    const record = table.dataRows[i]!;
    const cell = table.records[record]![j]!;
    const key = labelKey(cell);
    const k = index.get(key);
    if (k === undefined) {
      if (key === '') throw tableError(table, 'PARSE_ERROR', { record, column: j }, 'empty label cell (missing value)', cell);
      throw tableError(table, 'BAD_INPUT', { record, column: j }, `label ${JSON.stringify(key)} is not one of the classes ${quote(classes)}`, cell);
    }
    y[i] = k;
  }
  return { y };
}

/** A label cell as a class name: numbers in canonical form ('1.0' and '1' are one class), text trimmed. */
function labelKey(cell: string): string {
  const v = numericCell(cell);
  return v === undefined ? cell.trim() : String(v);
}

/**
 * A user's CSV (text or UTF-8 bytes) as a core `Dataset` plus the `Preprocessing` a model
 * file carries. Columns: numeric ones are `continuous`, or `discrete` when they hold at
 * most two integer values; text columns are `categorical` and expand to one-hot model
 * columns `${name}=${value}` (categories sorted, numerically when they are numbers), each
 * block one feature group. A schema overrides any of it. Label: `classification` unless
 * the schema/option says `regression` or the label is numeric with a non-integer value or
 * more than `maxCategories` distinct values; classes in
 * the schema's order, else ascending (numbers) or sorted (text). Without `testText`, a
 * seeded stratified split (`testFraction`, by class; by label decile for regression);
 * validation carved from train; a min-max scaler fitted on the train rows only, applied
 * to every split. Errors name the file, line and column (or the schema field).
 * Browser-safe; `loadUserDataset` (`@xai/data/node`) reads the files.
 * @example const ds = parseUserDataset('age,city,y\n31,Oslo,0\n...', { label: 'y' })
 * @since 0.2.0
 */
export function parseUserDataset(text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  const fn = 'parseUserDataset';
  return buildUserDataset(fn, text, options);
}

/** The body of parseUserDataset with the public function's name for errors (used by loadUserDataset). @internal */
export function buildUserDataset(fn: string, text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  checkOptions(options, USER_DATASET_KEYS, fn);
  if (options === undefined || options === null) throw new XaiError('BAD_OPTION', 'options with at least { label } are required', { fn, arg: 'options', value: options });
  const file = options.file ?? '<csv>';
  const schema = options.schema === undefined ? undefined : parseUserSchema(options.schema, options.schemaFile ?? '<schema>');
  const label = options.label ?? schema?.label;
  if (label === undefined) throw new XaiError('BAD_OPTION', 'name the label column (options.label or the schema\'s label)', { fn, arg: 'label', value: label });
  if (typeof label !== 'string' || label.length === 0) throw new XaiError('BAD_OPTION', `label must be a column name, got ${describeValue(label)}`, { fn, arg: 'label', value: label });
  if (schema && options.label !== undefined && schema.label !== options.label) {
    throw new XaiError('BAD_OPTION', `label ${JSON.stringify(options.label)} differs from the schema's ${JSON.stringify(schema.label)} (${options.schemaFile ?? '<schema>'})`, { fn, arg: 'label', value: options.label });
  }
  const {
    seed = USER_DATASET_DEFAULTS.seed,
    testFraction = USER_DATASET_DEFAULTS.testFraction,
    validationFraction = USER_DATASET_DEFAULTS.validationFraction,
    maxCategories = USER_DATASET_DEFAULTS.maxCategories,
    unknownCategories = USER_DATASET_DEFAULTS.unknownCategories,
    rangeMargin = USER_DATASET_DEFAULTS.rangeMargin,
    delimiter = 'auto',
  } = options;
  const badOption = (arg: string, why: string, value: unknown): XaiError => new XaiError('BAD_OPTION', `${why}, got ${describeValue(value)}`, { fn, arg, value });
  if (!Number.isSafeInteger(seed)) throw badOption('seed', 'must be a safe integer', seed);
  if (!(testFraction > 0 && testFraction < 1)) throw badOption('testFraction', 'must be in (0, 1)', testFraction);
  if (!(validationFraction >= 0 && validationFraction < 1)) throw badOption('validationFraction', 'must be in [0, 1)', validationFraction);
  if (!Number.isInteger(maxCategories) || maxCategories < 2) throw badOption('maxCategories', 'must be an integer >= 2', maxCategories);
  if (unknownCategories !== 'error' && unknownCategories !== 'zeros') throw badOption('unknownCategories', "must be 'error' or 'zeros'", unknownCategories);
  if (!(rangeMargin >= 0 && Number.isFinite(rangeMargin))) throw badOption('rangeMargin', 'must be a finite number >= 0', rangeMargin);
  if (options.task !== undefined && options.task !== 'classification' && options.task !== 'regression') throw badOption('task', "must be 'classification' or 'regression'", options.task);
  const name = options.name ?? (options.file ? options.file.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '') || 'user' : 'user');

  const steps: string[] = [];
  const warnings: string[] = [];
  const table = readCsvTable(text, file, fn, delimiter);
  const header = table.header;
  const labelIndex = header.indexOf(label);
  if (labelIndex < 0) throw tableError(table, 'BAD_INPUT', { record: 0, column: -1 }, `label column ${JSON.stringify(label)} not found; columns: ${quote(header)}`, label);
  const ignore = schema?.ignore ?? [];
  const ignoredMissing = ignore.filter((n) => !header.includes(n));
  if (ignoredMissing.length > 0) throw tableError(table, 'BAD_INPUT', { record: 0, column: -1 }, `the schema ignores column(s) ${quote(ignoredMissing)} that the file does not have`, ignoredMissing);

  // 1. Feature columns and their kinds.
  let declared: { name: string; kind: UserFeatureKind | undefined }[];
  if (schema?.features) {
    indicesOf(table, schema.features.map((f) => f.name), 'feature');
    const extra = header.filter((h) => h !== label && !ignore.includes(h) && !schema.features!.some((f) => f.name === h));
    if (extra.length > 0) throw tableError(table, 'BAD_INPUT', { record: 0, column: header.indexOf(extra[0]!) }, `column(s) ${quote(extra)} are not in the schema's features (add them, or list them in "ignore")`, extra);
    declared = schema.features.map((f) => ({ name: f.name, kind: f.kind }));
  } else {
    declared = header.filter((h) => h !== label && !ignore.includes(h)).map((h) => ({ name: h, kind: undefined }));
  }
  if (declared.length === 0) throw new XaiError('EMPTY', `${file}: no feature columns: the only column is the label ${JSON.stringify(label)}`, { fn, arg: 'file', file, value: header });
  const categoricalNames = schema?.categorical ?? [];
  const unknownCategorical = categoricalNames.filter((n) => !declared.some((c) => c.name === n));
  if (unknownCategorical.length > 0) throw new XaiError('BAD_INPUT', `${options.schemaFile ?? '<schema>'}: categorical: ${quote(unknownCategorical)} is not a feature column of ${file}`, { fn, arg: 'schema.categorical', value: unknownCategorical, file: options.schemaFile });
  const columnIndex = Int32Array.from(declared, (c) => header.indexOf(c.name));
  const plan: RawColumnPlan[] = [];
  const rawKinds: (UserFeatureKind | undefined)[] = [];
  declared.forEach((c, k) => {
    const j = columnIndex[k]!;
    let kind = c.kind ?? (categoricalNames.includes(c.name) ? 'categorical' : undefined);
    const inferred = kind === undefined;
    if (kind === undefined) {
      // Text anywhere in the column (blank cells aside, reported when parsed) makes it categorical.
      let text = false;
      for (let i = 0; i < table.dataRows.length && !text; i++) {
        const cell = table.records[table.dataRows[i]!]![j]!;
        if (cell.trim() !== '' && numericCell(cell) === undefined) text = true;
      }
      kind = text ? 'categorical' : undefined;
    }
    if (kind === 'categorical') {
      const values = new Set<string>();
      for (let i = 0; i < table.dataRows.length; i++) {
        const v = categoryOf(table.records[table.dataRows[i]!]![j]!);
        if (v !== '') values.add(v);
      }
      if (inferred && values.size > maxCategories) {
        throw tableError(table, 'BAD_INPUT', { record: 0, column: j }, `text column with ${values.size} distinct values (more than maxCategories ${maxCategories}): an id or free text? List it in the schema's "ignore", or as "categorical" to expand it anyway`, values.size);
      }
      plan.push({ name: c.name, categories: sortCategories(values) });
    } else plan.push({ name: c.name });
    rawKinds.push(kind);
  });

  // 2. Encode the file (one-hot for categorical columns) and read the label.
  const all = encodeTable(table, plan, columnIndex, 'error');
  const modelNames = modelColumnNames(plan);
  const numericKinds = inferFeatureKinds(all.x);
  const kinds: FeatureKind[] = [];
  const groups: number[][] = [];
  const encodings: CategoricalEncoding[] = [];
  const oneHot: boolean[] = [];
  plan.forEach((c, k) => {
    for (let t = 0; t < (c.categories?.length ?? 1); t++) oneHot.push(c.categories !== undefined);
    if (c.categories) {
      groups.push(c.categories.map((_, t) => kinds.length + t));
      for (let t = 0; t < c.categories.length; t++) kinds.push('discrete');
      encodings.push({ column: c.name, values: [...c.categories] });
    } else {
      const rk = rawKinds[k];
      kinds.push(rk === 'continuous' || rk === 'discrete' ? rk : numericKinds[kinds.length]!);
    }
  });
  for (const [k, g] of (schema?.groups ?? []).entries()) {
    const missing = g.filter((n) => !modelNames.includes(n));
    if (missing.length > 0) throw new XaiError('BAD_INPUT', `${options.schemaFile ?? '<schema>'}: groups[${k}]: ${quote(missing)} is not a model column (model columns: ${quote(modelNames.slice(0, 20))}${modelNames.length > 20 ? ', ...' : ''})`, { fn, arg: `schema.groups[${k}]`, value: missing, file: options.schemaFile });
    const idx = g.map((n) => modelNames.indexOf(n));
    const overlap = groups.find((h) => h.some((j) => idx.includes(j)));
    if (overlap) throw new XaiError('BAD_INPUT', `${options.schemaFile ?? '<schema>'}: groups[${k}] overlaps another group (${quote(overlap.map((j) => modelNames[j]!))})`, { fn, arg: `schema.groups[${k}]`, value: g, file: options.schemaFile });
    groups.push(idx);
  }

  const labelCells: string[] = Array.from(table.dataRows, (r) => table.records[r]![labelIndex]!);
  const labelNumbers = labelCells.map((c) => numericCell(c));
  const allNumeric = labelNumbers.every((v) => v !== undefined);
  // A numeric label is a regression target when it holds a non-integer, or more distinct integers than maxCategories (counts, prices).
  const distinctNumbers = allNumeric ? new Set(labelNumbers).size : 0;
  const inferredRegression = allNumeric && (labelNumbers.some((v) => !Number.isInteger(v)) || distinctNumbers > maxCategories);
  const task = options.task ?? schema?.task ?? (inferredRegression ? 'regression' : 'classification');
  let classes: string[] = [];
  if (task === 'classification') {
    if (schema?.classes) classes = [...schema.classes];
    else {
      const seen = new Set(labelCells.map(labelKey).filter((k) => k !== ''));
      classes = allNumeric ? [...seen].sort((a, b) => Number(a) - Number(b)) : [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    }
  }
  const lab = readLabel(table, labelIndex, task, classes);
  if (task === 'classification') {
    const counts = new Int32Array(classes.length);
    for (let i = 0; i < lab.y.length; i++) counts[lab.y[i]!] = counts[lab.y[i]!]! + 1;
    if (classes.length < 2) throw new XaiError('BAD_INPUT', `${file}: the label ${JSON.stringify(label)} has a single class ${quote(classes)}; a classifier needs two`, { fn, arg: 'file', file, value: classes });
    const empty = classes.filter((_, k) => counts[k] === 0);
    if (empty.length > 0) warnings.push(`classes ${quote(empty)} of the schema do not occur in ${file}`);
  }
  steps.push(`read ${file}: ${table.dataRows.length} rows; ${declared.length} feature columns -> ${modelNames.length} model columns (${plan.filter((c) => c.categories).length} categorical expanded to one-hot); ${task}${task === 'classification' ? ` with classes ${quote(classes)} (class i = output i)` : ''}`);
  const strataOf = (y: Int32Array, values: Float64Array | undefined): Int32Array => (values ? rankBins(values, 10) : y);

  // 3. Train / test.
  let trainX: Matrix;
  let trainY: Int32Array;
  let trainV: Float64Array | undefined;
  let testX: Matrix;
  let testY: Int32Array;
  let testV: Float64Array | undefined;
  let split: UserDataset['provenance']['split'];
  const files: { role: 'train' | 'test' | 'full'; file: string; sha256: string; rows: number }[] = [];
  const bytesOf = (t: string | Uint8Array): Uint8Array => (typeof t === 'string' ? encoder.encode(t) : t);
  let testTable: CsvTable | undefined;
  if (options.testText !== undefined) {
    const testFile = options.testFile ?? '<test csv>';
    testTable = readCsvTable(options.testText, testFile, fn, delimiter);
    const tLabel = testTable.header.indexOf(label);
    if (tLabel < 0) throw tableError(testTable, 'BAD_INPUT', { record: 0, column: -1 }, `label column ${JSON.stringify(label)} not found; columns: ${quote(testTable.header)}`, label);
    const tIdx = indicesOf(testTable, plan.map((c) => c.name), 'feature');
    const extra = testTable.header.filter((h) => h !== label && !ignore.includes(h) && !plan.some((c) => c.name === h));
    if (extra.length > 0) throw tableError(testTable, 'BAD_INPUT', { record: 0, column: testTable.header.indexOf(extra[0]!) }, `unexpected column(s) ${quote(extra)}: ${file} has no such feature`, extra);
    const enc = encodeTable(testTable, plan, tIdx, unknownCategories);
    for (const [col, count] of enc.unknown) warnings.push(`${testFile}: ${count} rows hold a ${col} category not seen in ${file} (encoded as all zeros)`);
    const tl = readLabel(testTable, tLabel, task, classes);
    trainX = all.x; trainY = lab.y; trainV = lab.values;
    testX = enc.x; testY = tl.y; testV = tl.values;
    files.push({ role: 'train', file, sha256: sha256Hex(bytesOf(text)), rows: trainX.rows }, { role: 'test', file: testFile, sha256: sha256Hex(bytesOf(options.testText)), rows: testX.rows });
    steps.push(`read ${testFile}: ${testX.rows} test rows, columns matched by name`);
  } else {
    const { kept, heldOut } = stratifiedSplit(strataOf(lab.y, lab.values), testFraction, { seed, keys: ['user', 'train/test'] });
    if (kept.length === 0 || heldOut.length === 0) throw new XaiError('EMPTY', `${file}: a stratified ${testFraction} test split of ${table.dataRows.length} rows leaves ${heldOut.length === 0 ? 'no test rows' : 'no train rows'} (round(${testFraction} x rows of each ${task === 'regression' ? 'label decile' : 'class'})); give a test file, another testFraction, or fewer classes`, { fn, arg: 'file', file, value: table.dataRows.length });
    trainX = pick(all.x, kept); trainY = pickInt(lab.y, kept); trainV = lab.values ? pickFloat(lab.values, kept) : undefined;
    testX = pick(all.x, heldOut); testY = pickInt(lab.y, heldOut); testV = lab.values ? pickFloat(lab.values, heldOut) : undefined;
    split = { testFraction, seed, trainRows: kept.length, testRows: heldOut.length };
    files.push({ role: 'full', file, sha256: sha256Hex(bytesOf(text)), rows: all.x.rows });
    steps.push(`split ${file} stratified ${Math.round((1 - testFraction) * 100)}/${Math.round(testFraction * 100)} by ${task === 'regression' ? 'label decile' : 'class'} (seed ${seed}): ${kept.length} train, ${heldOut.length} test rows, each in file order`);
  }

  // 4. Validation from train, never from test.
  let valX: Matrix | undefined;
  let valY: Int32Array | undefined;
  let valV: Float64Array | undefined;
  if (validationFraction > 0) {
    const { kept, heldOut } = stratifiedSplit(strataOf(trainY, trainV), validationFraction, { seed, keys: ['user', 'validation'] });
    if (heldOut.length > 0 && kept.length > 0) {
      valX = pick(trainX, heldOut); valY = pickInt(trainY, heldOut); valV = trainV ? pickFloat(trainV, heldOut) : undefined;
      trainX = pick(trainX, kept); trainY = pickInt(trainY, kept); trainV = trainV ? pickFloat(trainV, kept) : undefined;
      steps.push(`held out a stratified validation split of ${Math.round(validationFraction * 1000) / 10}% of train (seed ${seed}): ${heldOut.length} rows; ${kept.length} train rows remain`);
    } else warnings.push(`validationFraction ${validationFraction} of ${trainX.rows} train rows leaves no validation row`);
  }

  // 5. Scaling fitted on the train rows only.
  const scaler = fitMinMaxScaler(trainX, { featureNames: modelNames });
  steps.push(`min-max scaler fitted on the ${trainX.rows} train rows (model columns), applied to train, ${valX ? 'validation and ' : ''}test`);
  let testOutOfRange: OutOfRangeReport | undefined;
  if (testTable) {
    const check = kinds.map((_, j) => !oneHot[j]);
    testOutOfRange = countOutOfRange(testX, modelNames, scaler.min, scaler.max, check, rangeMargin);
    const w = outOfRangeWarning(testOutOfRange, testX.rows, rangeMargin, options.testFile ?? '<test csv>');
    if (w) warnings.push(w);
  }
  const preprocessing: Preprocessing = {
    features: modelNames,
    kinds,
    ...(groups.length > 0 ? { groups: groups.map((g) => [...g]) } : {}),
    ...(encodings.length > 0 ? { categorical: encodings } : {}),
    scaler: { kind: 'min-max', min: Array.from(scaler.min), max: Array.from(scaler.max) },
    label: task === 'classification' ? { name: label, classes } : { name: label },
    task,
  };
  const splitOf = (x: Matrix, y: Int32Array, targets: Float64Array | undefined): Split => ({ x: scaler.transform(x), y, ...(targets ? { targets } : {}) });
  const inputs = sha256Hex(files.map((f) => `${f.file}:${f.sha256}\n`).join(''));
  const processingHash = sha256Hex(JSON.stringify({ format: 'xai-user-data-processing@1', inputs, preprocessing: { ...preprocessing, scaler: undefined }, seed, testFraction: split ? testFraction : null, validationFraction }));
  return {
    name,
    schema: { names: modelNames, kinds, groups: groups.map((g) => [...g]) },
    classes: task === 'classification' ? classes.length : 1,
    train: splitOf(trainX, trainY, trainV),
    ...(valX && valY ? { validation: splitOf(valX, valY, valV) } : {}),
    test: splitOf(testX, testY, testV),
    hash: inputs,
    task,
    ...(task === 'classification' ? { labelClasses: classes } : {}),
    ...(trainV && testV ? { targets: { train: trainV, ...(valV ? { validation: valV } : {}), test: testV } } : {}),
    preprocessing,
    scaler,
    raw: { train: trainX, ...(valX ? { validation: valX } : {}), test: testX },
    processingHash,
    provenance: {
      files,
      ...(split ? { split } : {}),
      validation: { fraction: validationFraction, seed, rows: valX?.rows ?? 0 },
      ...(testOutOfRange ? { testOutOfRange } : {}),
      steps,
      warnings,
    },
  };
}

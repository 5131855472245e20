// The body of parseUserDataset / loadUserDataset, with the public function's name for errors.
import { decimalCommaNote } from './decimalMark.js';
import type { CategoricalEncoding, FeatureKind, Matrix, Preprocessing, Split } from '@xai/core';
import type { CsvTable } from './csvTable.js';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import { inferFeatureKinds } from '../inferFeatureKinds.js';
import { fitMinMaxScaler } from '../minMaxScaler.js';
import type { UserDataset, UserDatasetOptions } from '../parseUserDataset.js';
import type { UserSchema } from '../userSchema.js';
import { parseUserSchema } from '../userSchema.js';
import { quoteNames as quote, lineOfRecord } from './csvTable.js';
import { readLabelColumn } from './labelColumn.js';
import { classCountWarnings, labelTask } from './labelTask.js';
import { checkModelWidth } from './modelWidth.js';
import { countOutOfRange, outOfRangeWarning } from './outOfRange.js';
import type { OutOfRangeReport } from './outOfRange.js';
import { planColumns } from './planColumns.js';
import { readTestTable } from './readTestTable.js';
import { readTrainTable } from './readTrainTable.js';
import { MISSING_HINT } from './screenCells.js';
import { observedValues } from '../observedValues.js';
import { countMissing } from './missingAsNaN.js';
import { sha256Hex } from '@xai/core';
import type { RawColumnPlan } from './tableEncoding.js';
import { encodeTable, modelColumnNames } from './tableEncoding.js';
import type { Part } from './userSplits.js';
import type { UserSplits } from './userSplits.js';
import { splitUserRows } from './userSplits.js';
import type { MissingPolicy } from './cellClass.js';
import type { UserDatasetSettings } from './userDatasetOptions.js';
import { USER_DATASET_KEYS, userDatasetSettings } from './userDatasetOptions.js';
import type { MinMaxScaler } from '../minMaxScaler.js';

const encoder = new TextEncoder();

/** The label column: the option's or the schema's, which must agree when both are given. */
function resolveLabel(fn: string, options: UserDatasetOptions, schema: UserSchema | undefined, schemaFile: string): string {
  const label = options.label ?? schema?.label;
  if (label === undefined)
    throw new XaiError('BAD_OPTION', "name the label column (options.label or the schema's label)", { fn, arg: 'label', value: label });
  if (typeof label !== 'string' || label.length === 0)
    throw new XaiError('BAD_OPTION', `label must be a column name, got ${describeValue(label)}`, { fn, arg: 'label', value: label });
  if (schema && options.label !== undefined && schema.label !== options.label) {
    throw new XaiError(
      'BAD_OPTION',
      `label ${JSON.stringify(options.label)} differs from the schema's ${JSON.stringify(schema.label)} (${schemaFile}: label)`,
      { fn, arg: 'label', value: options.label, file: schemaFile, field: 'label' },
    );
  }
  return label;
}

/** Model column kinds, one-hot groups and encodings of a plan; numeric kinds inferred from the encoded (clean) cells. */
function modelColumns(plan: readonly RawColumnPlan[], rawKinds: readonly (string | undefined)[], x: Matrix) {
  const numericKinds = inferFeatureKinds(observedValues(x));
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
  return { kinds, groups, encodings, oneHot };
}

/** The schema's extra groups (model column names) as indices, checked against the model columns and the one-hot groups. */
function schemaGroups(
  fn: string,
  schema: UserSchema | undefined,
  schemaFile: string,
  modelNames: readonly string[],
  groups: number[][],
): void {
  for (const [k, g] of (schema?.groups ?? []).entries()) {
    const missing = g.filter((n) => !modelNames.includes(n));
    if (missing.length > 0)
      throw new XaiError(
        'BAD_INPUT',
        `${schemaFile}: groups[${k}]: ${quote(missing)} is not a model column (model columns: ${quote(modelNames.slice(0, 20))}${modelNames.length > 20 ? ', ...' : ''})`,
        { fn, arg: `schema.groups[${k}]`, value: missing, file: schemaFile, field: `groups[${k}]` },
      );
    const idx = g.map((n) => modelNames.indexOf(n));
    const overlap = groups.find((h) => h.some((j) => idx.includes(j)));
    if (overlap)
      throw new XaiError('BAD_INPUT', `${schemaFile}: groups[${k}] overlaps another group (${quote(overlap.map((j) => modelNames[j]!))})`, {
        fn,
        arg: `schema.groups[${k}]`,
        value: g,
        file: schemaFile,
        field: `groups[${k}]`,
      });
    groups.push(idx);
  }
}

/** The options after defaults: files, schema, label and settings. */
interface UserSetup {
  readonly fn: string;
  readonly file: string;
  readonly schemaFile: string;
  readonly schema: UserSchema | undefined;
  readonly label: string;
  readonly settings: UserDatasetSettings;
  readonly missing: MissingPolicy;
  readonly missingHint: string | undefined;
  readonly name: string;
}

/** Appended to a missing-value error under each policy ('drop-rows' drops such rows: no error). */
const MISSING_HINTS: Record<MissingPolicy, string | undefined> = {
  error: MISSING_HINT,
  'drop-rows': undefined,
  nan: "missing: 'nan' reads the missing cells of numeric columns only; fill this one, or pass missing: 'drop-rows'",
};

function userSetup(fn: string, options: UserDatasetOptions): UserSetup {
  checkOptions(options, USER_DATASET_KEYS, fn);
  if (options === undefined || options === null)
    throw new XaiError('BAD_OPTION', 'options with at least { label } are required', { fn, arg: 'options', value: options });
  const file = options.file ?? '<csv>';
  const schemaFile = options.schemaFile ?? (options.schema === undefined && options.ignore !== undefined ? '--ignore' : '<schema>');
  const labelOption = typeof options.label === 'string' ? { label: options.label } : {};
  const parsed = options.schema === undefined ? undefined : parseUserSchema(options.schema, schemaFile, labelOption);
  const schema = withIgnored(parsed, options.ignore, schemaFile, labelOption);
  const label = resolveLabel(fn, options, schema, schemaFile);
  const settings = userDatasetSettings(fn, options);
  const missing = settings.missing ?? schema?.missing ?? 'error';
  const name = options.name ?? (options.file ? options.file.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '') || 'user' : 'user');
  return { fn, file, schemaFile, schema, label, settings, missing, missingHint: MISSING_HINTS[missing], name };
}

/** The schema with `ignore` columns added (checked as a schema's own `ignore` is). */
function withIgnored(
  schema: UserSchema | undefined,
  ignore: readonly string[] | undefined,
  schemaFile: string,
  labelOption: { label?: string },
): UserSchema | undefined {
  if (ignore === undefined || ignore.length === 0) return schema;
  const all = [...(schema?.ignore ?? []), ...ignore.filter((n) => !(schema?.ignore ?? []).includes(n))];
  const { ignore: _, ...rest } = schema ?? {};
  return parseUserSchema({ ...rest, ignore: all }, schemaFile, labelOption);
}

/** The training file read, encoded and labelled. */
interface TrainRead {
  readonly table: CsvTable;
  readonly plan: readonly RawColumnPlan[];
  readonly x: Matrix;
  readonly y: Int32Array;
  readonly values: Float64Array | undefined;
  readonly modelNames: string[];
  readonly kinds: FeatureKind[];
  readonly groups: number[][];
  readonly encodings: CategoricalEncoding[];
  readonly oneHot: boolean[];
  readonly task: 'classification' | 'regression';
  readonly classes: string[];
  readonly classesFrom: string;
}

/** Steps 1-2: the training file screened cell by cell, feature columns planned and encoded, the label read. */
function readTrain(u: UserSetup, text: string | Uint8Array, steps: string[], warnings: string[]): TrainRead {
  const { fn, file, schema, schemaFile, label, settings, missing, missingHint } = u;
  const train = readTrainTable({ fn, text, file, csv: settings.csv, label, schema, schemaFile, missing });
  const { table, labelIndex, declared, columnIndex } = train;
  warnings.push(...train.warnings);
  const planned = planColumns(table, declared, columnIndex, settings.maxCategories);
  const plan = planned.plan;
  warnings.push(...planned.warnings);
  checkModelWidth(table, plan, settings.maxColumns, schema?.features !== undefined);
  const all = encodeTable(table, plan, columnIndex, 'error', missingHint, missing === 'nan');
  const modelNames = modelColumnNames(plan);
  const { kinds, groups, encodings, oneHot } = modelColumns(plan, planned.rawKinds, all.x);
  schemaGroups(fn, schema, schemaFile, modelNames, groups);
  const decided = labelTask({
    label,
    file,
    fn,
    cells: Array.from(table.dataRows, (r) => table.records[r]![labelIndex]!),
    task: settings.task ?? schema?.task,
    taskFrom: settings.task !== undefined ? 'the task option' : `${schemaFile}: task`,
    classes: schema?.classes,
    classesFrom: `${schemaFile}: classes`,
    maxClasses: settings.maxClasses,
  });
  const { task } = decided;
  const classes = [...decided.classes];
  if (decided.warning) warnings.push(decided.warning);
  const classesFrom = schema?.classes ? `the classes of ${schemaFile}` : 'the classes';
  const lab = readLabelColumn(table, labelIndex, task, classes, classesFrom, missingHint);
  if (task === 'classification') warnings.push(...classCountWarnings({ fn, file, label, y: lab.y, classes }));
  const categorical = plan.filter((c) => c.categories).length;
  const classText = task === 'classification' ? ` with classes ${quote(classes)} (class i = output i)` : '';
  steps.push(
    `read ${file}: ${table.dataRows.length} rows; ${declared.length} feature columns -> ${modelNames.length} model columns (${categorical} categorical expanded to one-hot); ${task}${classText}`,
    decided.reason,
  );
  const decimals = decimalCommaNote(table);
  if (decimals) steps.push(decimals);
  const nan = countMissing(all.x);
  if (nan.cells > 0)
    steps.push(
      `${nan.cells} missing cells in ${nan.rows} rows of ${file} read as NaN (missing: 'nan'): a tree model sends each down its split's missing-value branch`,
    );
  return { table, plan, x: all.x, y: lab.y, values: lab.values, modelNames, kinds, groups, encodings, oneHot, task, classes, classesFrom };
}

type InputFile = { role: 'train' | 'test' | 'full'; file: string; sha256: string; rows: number };

const bytesOf = (t: string | Uint8Array): Uint8Array => (typeof t === 'string' ? encoder.encode(t) : t);

/** Step 3: train / test (a test file, or a held-out share of the file), then validation from train; the input files' hashes. */
function splitRows(
  u: UserSetup,
  r: TrainRead,
  text: string | Uint8Array,
  options: UserDatasetOptions,
  steps: string[],
  warnings: string[],
): { parts: UserSplits; files: InputFile[] } {
  const { fn, file, label, settings, missing, missingHint, schema } = u;
  const files: InputFile[] = [];
  let testPart: Part | undefined;
  if (options.testText !== undefined) {
    const testFile = options.testFile ?? '<test csv>';
    const t = readTestTable({
      fn,
      text: options.testText,
      testFile,
      file,
      csv: settings.csv,
      label,
      ignore: schema?.ignore ?? [],
      plan: r.plan,
      missing,
      missingHint,
      unknownCategories: settings.unknownCategories,
      task: r.task,
      classes: r.classes,
      classesFrom: r.classesFrom,
    });
    warnings.push(...t.warnings);
    testPart = t;
    files.push(
      { role: 'train', file, sha256: sha256Hex(bytesOf(text)), rows: r.x.rows },
      { role: 'test', file: testFile, sha256: sha256Hex(bytesOf(options.testText)), rows: t.x.rows },
    );
    steps.push(`read ${testFile}: ${t.x.rows} test rows, columns matched by name`);
  } else files.push({ role: 'full', file, sha256: sha256Hex(bytesOf(text)), rows: r.x.rows });
  const { seed, testFraction, validationFraction } = settings;
  const all = { x: r.x, y: r.y, values: r.values };
  const parts = splitUserRows({
    fn,
    file,
    table: r.table,
    all,
    test: testPart,
    task: r.task,
    classes: r.classes,
    seed,
    testFraction,
    validationFraction,
  });
  steps.push(...parts.steps);
  warnings.push(...parts.warnings);
  return { parts, files };
}

/** Step 4: the min-max scaler fitted on the train rows only, the test file's out-of-range report, and the preprocessing record. */
function fitScaling(
  u: UserSetup,
  r: TrainRead,
  parts: UserSplits,
  options: UserDatasetOptions,
  steps: string[],
  warnings: string[],
): { scaler: MinMaxScaler; preprocessing: Preprocessing; testOutOfRange: OutOfRangeReport | undefined } {
  const { label, settings } = u;
  const trainX = parts.train.x;
  const testX = parts.test.x;
  const scaler = fitMinMaxScaler(observedValues(trainX), { featureNames: r.modelNames });
  steps.push(
    `min-max scaler fitted on the ${trainX.rows} train rows (model columns), applied to train, ${parts.validation ? 'validation and ' : ''}test`,
  );
  let testOutOfRange: OutOfRangeReport | undefined;
  if (options.testText !== undefined) {
    const check = r.kinds.map((_, j) => !r.oneHot[j]);
    testOutOfRange = countOutOfRange(testX, r.modelNames, scaler.min, scaler.max, check, settings.rangeMargin);
    const w = outOfRangeWarning(testOutOfRange, testX.rows, settings.rangeMargin, options.testFile ?? '<test csv>');
    if (w) warnings.push(w);
  }
  const preprocessing: Preprocessing = {
    features: r.modelNames,
    kinds: r.kinds,
    ...(r.groups.length > 0 ? { groups: r.groups.map((g) => [...g]) } : {}),
    ...(r.encodings.length > 0 ? { categorical: r.encodings } : {}),
    scaler: { kind: 'min-max', min: Array.from(scaler.min), max: Array.from(scaler.max) },
    label: r.task === 'classification' ? { name: label, classes: r.classes } : { name: label },
    task: r.task,
    ...(u.schema?.ignore && u.schema.ignore.length > 0 ? { ignore: [...u.schema.ignore] } : {}),
  };
  return { scaler, preprocessing, testOutOfRange };
}

/** Step 5: the hashes. Content only: the same bytes under another path are the same dataset (paths stay in provenance). */
function userHashes(
  u: UserSetup,
  files: readonly InputFile[],
  preprocessing: Preprocessing,
  split: boolean,
  nanCells: boolean,
): { inputs: string; processing: string } {
  const { seed, testFraction, validationFraction } = u.settings;
  const inputs = sha256Hex(files.map((f) => `${f.role}:${f.sha256}\n`).join(''));
  const processing = sha256Hex(
    JSON.stringify({
      format: 'xai-user-data-processing@1',
      inputs,
      preprocessing: { ...preprocessing, scaler: undefined },
      seed,
      testFraction: split ? testFraction : null,
      validationFraction,
      // Only when rows were dropped or cells read as NaN: the hashes of every other dataset stay as they were.
      ...(u.missing === 'drop-rows' || (u.missing === 'nan' && nanCells) ? { missing: u.missing } : {}),
    }),
  );
  return { inputs, processing };
}

/** parseUserDataset's body; `fn` names the public function in errors (parseUserDataset, loadUserDataset). */
export function buildUserDataset(fn: string, text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  const u = userSetup(fn, options);
  const steps: string[] = [];
  const warnings: string[] = [];
  const r = readTrain(u, text, steps, warnings);
  const { parts, files } = splitRows(u, r, text, options, steps, warnings);
  const { scaler, preprocessing, testOutOfRange } = fitScaling(u, r, parts, options, steps, warnings);
  const { split } = parts;
  const nanCells = countMissing(r.x).cells + countMissing(parts.test.x).cells > 0;
  const hashes = userHashes(u, files, preprocessing, split !== undefined, nanCells);
  const { task, classes, modelNames, kinds, groups } = r;
  const { x: trainX, y: trainY, values: trainV } = parts.train;
  const { x: testX, y: testY, values: testV } = parts.test;
  const val = parts.validation;
  const valV = val?.values;
  const splitOf = (x: Matrix, y: Int32Array, targets: Float64Array | undefined): Split => ({
    x: scaler.transform(x),
    y,
    ...(targets ? { targets } : {}),
  });
  const { validationFraction, seed } = u.settings;
  return {
    name: u.name,
    schema: { names: modelNames, kinds, groups: groups.map((g) => [...g]) },
    classes: task === 'classification' ? classes.length : 1,
    train: splitOf(trainX, trainY, trainV),
    ...(val ? { validation: splitOf(val.x, val.y, valV) } : {}),
    test: splitOf(testX, testY, testV),
    hash: hashes.inputs,
    task,
    ...(task === 'classification' ? { labelClasses: classes } : {}),
    ...(trainV && testV ? { targets: { train: trainV, ...(valV ? { validation: valV } : {}), test: testV } } : {}),
    preprocessing,
    scaler,
    raw: { train: trainX, ...(val ? { validation: val.x } : {}), test: testX },
    ...(parts.testRecords ? { sourceLines: { test: Int32Array.from(parts.testRecords, (rec) => lineOfRecord(r.table, rec)) } } : {}),
    processingHash: hashes.processing,
    provenance: {
      files,
      ...(split ? { split } : {}),
      validation: { fraction: validationFraction, seed, rows: val?.x.rows ?? 0 },
      ...(testOutOfRange ? { testOutOfRange } : {}),
      steps,
      warnings,
    },
  };
}

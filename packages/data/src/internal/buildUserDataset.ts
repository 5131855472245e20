// The body of parseUserDataset / loadUserDataset, with the public function's name for errors.
import type { CategoricalEncoding, FeatureKind, Matrix, Preprocessing, Split } from '@xai/core';
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
import { sha256Hex } from '@xai/core';
import type { RawColumnPlan } from './tableEncoding.js';
import { encodeTable, modelColumnNames } from './tableEncoding.js';
import type { Part } from './userSplits.js';
import { splitUserRows } from './userSplits.js';
import { USER_DATASET_KEYS, userDatasetSettings } from './userDatasetOptions.js';

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
  const numericKinds = inferFeatureKinds(x);
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

/** parseUserDataset's body; `fn` names the public function in errors (parseUserDataset, loadUserDataset). */
export function buildUserDataset(fn: string, text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  checkOptions(options, USER_DATASET_KEYS, fn);
  if (options === undefined || options === null)
    throw new XaiError('BAD_OPTION', 'options with at least { label } are required', { fn, arg: 'options', value: options });
  const file = options.file ?? '<csv>';
  const schemaFile = options.schemaFile ?? '<schema>';
  const schema = options.schema === undefined ? undefined : parseUserSchema(options.schema, schemaFile);
  const label = resolveLabel(fn, options, schema, schemaFile);
  const settings = userDatasetSettings(fn, options);
  const { seed, testFraction, validationFraction, maxCategories, unknownCategories, rangeMargin, delimiter } = settings;
  const missing = settings.missing ?? schema?.missing ?? 'error';
  const missingHint = missing === 'error' ? MISSING_HINT : undefined;
  const name = options.name ?? (options.file ? options.file.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '') || 'user' : 'user');

  const steps: string[] = [];
  // 1. The training file, screened cell by cell; feature columns and their kinds from the clean cells.
  const train = readTrainTable({ fn, text, file, delimiter, label, schema, schemaFile, missing });
  const { table, labelIndex, declared, columnIndex } = train;
  const warnings: string[] = [...train.warnings];
  const planned = planColumns(table, declared, columnIndex, maxCategories);
  const plan = planned.plan;
  warnings.push(...planned.warnings);
  checkModelWidth(table, plan, settings.maxColumns, schema?.features !== undefined);

  // 2. Encode the file (one-hot for categorical columns) and read the label.
  const all = encodeTable(table, plan, columnIndex, 'error', missingHint);
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
  const task = decided.task;
  const classes = [...decided.classes];
  if (decided.warning) warnings.push(decided.warning);
  const classesFrom = schema?.classes ? `the classes of ${schemaFile}` : 'the classes';
  const lab = readLabelColumn(table, labelIndex, task, classes, classesFrom, missingHint);
  if (task === 'classification') warnings.push(...classCountWarnings({ fn, file, label, y: lab.y, classes }));
  steps.push(
    `read ${file}: ${table.dataRows.length} rows; ${declared.length} feature columns -> ${modelNames.length} model columns (${plan.filter((c) => c.categories).length} categorical expanded to one-hot); ${task}${task === 'classification' ? ` with classes ${quote(classes)} (class i = output i)` : ''}`,
    decided.reason,
  );
  // 3. Train / test (a test file, or a held-out share of the file), then validation from train.
  const files: { role: 'train' | 'test' | 'full'; file: string; sha256: string; rows: number }[] = [];
  const bytesOf = (t: string | Uint8Array): Uint8Array => (typeof t === 'string' ? encoder.encode(t) : t);
  let testPart: Part | undefined;
  if (options.testText !== undefined) {
    const testFile = options.testFile ?? '<test csv>';
    const t = readTestTable({
      fn,
      text: options.testText,
      testFile,
      file,
      delimiter,
      label,
      ignore: schema?.ignore ?? [],
      plan,
      missing,
      missingHint,
      unknownCategories,
      task,
      classes,
      classesFrom,
    });
    warnings.push(...t.warnings);
    testPart = t;
    files.push(
      { role: 'train', file, sha256: sha256Hex(bytesOf(text)), rows: all.x.rows },
      { role: 'test', file: testFile, sha256: sha256Hex(bytesOf(options.testText)), rows: t.x.rows },
    );
    steps.push(`read ${testFile}: ${t.x.rows} test rows, columns matched by name`);
  } else files.push({ role: 'full', file, sha256: sha256Hex(bytesOf(text)), rows: all.x.rows });
  const parts = splitUserRows({
    fn,
    file,
    table,
    all: { x: all.x, y: lab.y, values: lab.values },
    test: testPart,
    task,
    classes,
    seed,
    testFraction,
    validationFraction,
  });
  steps.push(...parts.steps);
  warnings.push(...parts.warnings);
  const { split } = parts;
  const { x: trainX, y: trainY, values: trainV } = parts.train;
  const { x: testX, y: testY, values: testV } = parts.test;
  const valX = parts.validation?.x;
  const valY = parts.validation?.y;
  const valV = parts.validation?.values;

  // 5. Scaling fitted on the train rows only.
  const scaler = fitMinMaxScaler(trainX, { featureNames: modelNames });
  steps.push(
    `min-max scaler fitted on the ${trainX.rows} train rows (model columns), applied to train, ${valX ? 'validation and ' : ''}test`,
  );
  let testOutOfRange: OutOfRangeReport | undefined;
  if (options.testText !== undefined) {
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
  const splitOf = (x: Matrix, y: Int32Array, targets: Float64Array | undefined): Split => ({
    x: scaler.transform(x),
    y,
    ...(targets ? { targets } : {}),
  });
  // Content only: the same bytes under another path are the same dataset (paths stay in provenance).
  const inputs = sha256Hex(files.map((f) => `${f.role}:${f.sha256}\n`).join(''));
  const processingHash = sha256Hex(
    JSON.stringify({
      format: 'xai-user-data-processing@1',
      inputs,
      preprocessing: { ...preprocessing, scaler: undefined },
      seed,
      testFraction: split ? testFraction : null,
      validationFraction,
      // Only when rows were dropped for missing values: the hashes of every other dataset stay as they were.
      ...(missing === 'drop-rows' ? { missing } : {}),
    }),
  );
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
    ...(parts.testRecords ? { sourceLines: { test: Int32Array.from(parts.testRecords, (r) => lineOfRecord(table, r)) } } : {}),
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

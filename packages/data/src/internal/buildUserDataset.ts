// The body of parseUserDataset / loadUserDataset, with the public function's name for errors.
import type { CategoricalEncoding, FeatureKind, Matrix, Preprocessing, Split } from '@xai/core';
import { XaiError, checkOptions, describeValue, selectRows } from '@xai/core';
import { inferFeatureKinds } from '../inferFeatureKinds.js';
import { fitMinMaxScaler } from '../minMaxScaler.js';
import type { UserDataset, UserDatasetOptions } from '../parseUserDataset.js';
import type { UserSchema } from '../userSchema.js';
import { parseUserSchema } from '../userSchema.js';
import { contentSplit, rankBins, regressionBins, rowContentKeys } from './contentSplit.js';
import { quoteNames as quote } from './csvTable.js';
import { readLabelColumn } from './labelColumn.js';
import { labelTask } from './labelTask.js';
import { checkModelWidth } from './modelWidth.js';
import { countOutOfRange, outOfRangeWarning } from './outOfRange.js';
import type { OutOfRangeReport } from './outOfRange.js';
import { planColumns } from './planColumns.js';
import { readTestTable } from './readTestTable.js';
import { readTrainTable } from './readTrainTable.js';
import { MISSING_HINT } from './screenCells.js';
import { sha256Hex } from './sha256.js';
import type { RawColumnPlan } from './tableEncoding.js';
import { encodeTable, modelColumnNames } from './tableEncoding.js';
import { USER_DATASET_KEYS, userDatasetSettings } from './userDatasetOptions.js';

const encoder = new TextEncoder();

function pick(x: Matrix, rows: Int32Array): Matrix {
  return selectRows(x, rows);
}

function pickInt(a: Int32Array, rows: Int32Array): Int32Array {
  return Int32Array.from(rows, (i) => a[i]!);
}

function pickFloat(a: Float64Array, rows: Int32Array): Float64Array {
  return Float64Array.from(rows, (i) => a[i]!);
}

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
  if (task === 'classification') {
    const counts = new Int32Array(classes.length);
    for (let i = 0; i < lab.y.length; i++) counts[lab.y[i]!] = counts[lab.y[i]!]! + 1;
    if (classes.length < 2)
      throw new XaiError(
        'BAD_INPUT',
        `${file}: the label ${JSON.stringify(label)} has a single class ${quote(classes)}; a classifier needs two`,
        { fn, arg: 'file', file, value: classes },
      );
    const empty = classes.filter((_, k) => counts[k] === 0);
    if (empty.length > 0) warnings.push(`classes ${quote(empty)} of the schema do not occur in ${file}`);
  }
  steps.push(
    `read ${file}: ${table.dataRows.length} rows; ${declared.length} feature columns -> ${modelNames.length} model columns (${plan.filter((c) => c.categories).length} categorical expanded to one-hot); ${task}${task === 'classification' ? ` with classes ${quote(classes)} (class i = output i)` : ''}`,
    decided.reason,
  );
  // Split keys are the rows' content, never their position: a reordered file holds out the same rows.
  const keys = rowContentKeys(table.records, table.dataRows);
  const splitRows = (
    rows: Int32Array | undefined,
    y: Int32Array,
    values: Float64Array | undefined,
    fraction: number,
    purpose: string,
  ): { kept: Int32Array; heldOut: Int32Array } => {
    const content = rows ? Array.from(rows, (i) => keys.content[i]!) : keys.content;
    const occurrence = rows ? Int32Array.from(rows, (i) => keys.occurrence[i]!) : keys.occurrence;
    const strata = values ? rankBins(values, regressionBins(values.length, fraction), content, occurrence) : y;
    return contentSplit(strata, fraction, seed, purpose, content, occurrence);
  };
  let trainRows: Int32Array | undefined; // file rows of train (undefined: all of them)

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
    trainX = all.x;
    trainY = lab.y;
    trainV = lab.values;
    testX = t.x;
    testY = t.y;
    testV = t.values;
    files.push(
      { role: 'train', file, sha256: sha256Hex(bytesOf(text)), rows: trainX.rows },
      { role: 'test', file: testFile, sha256: sha256Hex(bytesOf(options.testText)), rows: testX.rows },
    );
    steps.push(`read ${testFile}: ${testX.rows} test rows, columns matched by name`);
  } else {
    const { kept, heldOut } = splitRows(undefined, lab.y, lab.values, testFraction, 'train/test');
    if (kept.length === 0 || heldOut.length === 0)
      throw new XaiError(
        'EMPTY',
        `${file}: a ${testFraction} test split of ${table.dataRows.length} rows leaves ${heldOut.length === 0 ? 'no test rows' : 'no train rows'} (round(${testFraction} x ${table.dataRows.length}) = ${heldOut.length}); give a test file or another testFraction`,
        { fn, arg: 'file', file, value: table.dataRows.length },
      );
    trainRows = kept;
    if (task === 'classification') {
      const onlyTest = classes.filter((_, c) => !kept.some((i) => lab.y[i] === c) && heldOut.some((i) => lab.y[i] === c));
      if (onlyTest.length > 0) warnings.push(`classes ${quote(onlyTest)} have a single row in ${file}, held out for test: no train row`);
    }
    trainX = pick(all.x, kept);
    trainY = pickInt(lab.y, kept);
    trainV = lab.values ? pickFloat(lab.values, kept) : undefined;
    testX = pick(all.x, heldOut);
    testY = pickInt(lab.y, heldOut);
    testV = lab.values ? pickFloat(lab.values, heldOut) : undefined;
    split = { testFraction, seed, trainRows: kept.length, testRows: heldOut.length };
    files.push({ role: 'full', file, sha256: sha256Hex(bytesOf(text)), rows: all.x.rows });
    steps.push(
      `split ${file} stratified ${Math.round((1 - testFraction) * 100)}/${Math.round(testFraction * 100)} by ${task === 'regression' ? `${regressionBins(table.dataRows.length, testFraction)} equal-count label bins` : 'class'} (seed ${seed}): ${kept.length} train, ${heldOut.length} test rows, each in file order; rows chosen by a seeded hash of their content`,
    );
  }

  // 4. Validation from train, never from test.
  let valX: Matrix | undefined;
  let valY: Int32Array | undefined;
  let valV: Float64Array | undefined;
  if (validationFraction > 0) {
    const { kept, heldOut } = splitRows(trainRows, trainY, trainV, validationFraction, 'validation');
    if (heldOut.length > 0 && kept.length > 0) {
      valX = pick(trainX, heldOut);
      valY = pickInt(trainY, heldOut);
      valV = trainV ? pickFloat(trainV, heldOut) : undefined;
      trainX = pick(trainX, kept);
      trainY = pickInt(trainY, kept);
      trainV = trainV ? pickFloat(trainV, kept) : undefined;
      steps.push(
        `held out a stratified validation split of ${Math.round(validationFraction * 1000) / 10}% of train (seed ${seed}): ${heldOut.length} rows; ${kept.length} train rows remain`,
      );
    } else warnings.push(`validationFraction ${validationFraction} of ${trainX.rows} train rows leaves no validation row`);
  }

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

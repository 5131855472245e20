// The body of parseUserDataset / loadUserDataset, with the public function's name for errors.
import type { CategoricalEncoding, FeatureKind, Matrix, Preprocessing, Split } from '@xai/core';
import { XaiError, checkOptions, describeValue, selectRows } from '@xai/core';
import { inferFeatureKinds } from '../inferFeatureKinds.js';
import { fitMinMaxScaler } from '../minMaxScaler.js';
import type { UserDataset, UserDatasetOptions } from '../parseUserDataset.js';
import type { UserFeatureKind } from '../userSchema.js';
import { parseUserSchema } from '../userSchema.js';
import { contentSplit, rankBins, regressionBins, rowContentKeys } from './contentSplit.js';
import type { CsvTable } from './csvTable.js';
import { numericCell, quoteNames as quote, readCsvTable, tableError } from './csvTable.js';
import { labelKey, readLabelColumn } from './labelColumn.js';
import { countOutOfRange, outOfRangeWarning } from './outOfRange.js';
import type { OutOfRangeReport } from './outOfRange.js';
import { sha256Hex } from './sha256.js';
import type { RawColumnPlan } from './tableEncoding.js';
import { categoryOf, encodeTable, modelColumnNames } from './tableEncoding.js';
import { USER_DATASET_DEFAULTS, USER_DATASET_KEYS } from './userDatasetOptions.js';

const encoder = new TextEncoder();

function sortCategories(values: Iterable<string>): string[] {
  const list = [...values];
  const nums = list.map((v) => numericCell(v));
  if (nums.every((v) => v !== undefined))
    return list
      .map((v, k) => [v, nums[k]!] as const)
      .sort((a, b) => a[1] - b[1])
      .map((p) => p[0]);
  return list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Column indices by name; a missing one is BAD_INPUT naming it (line 1). */
function indicesOf(table: CsvTable, names: readonly string[], what: string): Int32Array {
  const missing = names.filter((n) => !table.header.includes(n));
  if (missing.length > 0)
    throw tableError(
      table,
      'BAD_INPUT',
      { record: 0, column: -1 },
      `missing ${what} column(s) ${quote(missing)}; the file has ${quote(table.header)}`,
      missing,
    );
  return Int32Array.from(names, (n) => table.header.indexOf(n));
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

/** parseUserDataset's body; `fn` names the public function in errors (parseUserDataset, loadUserDataset). */
export function buildUserDataset(fn: string, text: string | Uint8Array, options: UserDatasetOptions): UserDataset {
  checkOptions(options, USER_DATASET_KEYS, fn);
  if (options === undefined || options === null)
    throw new XaiError('BAD_OPTION', 'options with at least { label } are required', { fn, arg: 'options', value: options });
  const file = options.file ?? '<csv>';
  const schema = options.schema === undefined ? undefined : parseUserSchema(options.schema, options.schemaFile ?? '<schema>');
  const label = options.label ?? schema?.label;
  if (label === undefined)
    throw new XaiError('BAD_OPTION', "name the label column (options.label or the schema's label)", { fn, arg: 'label', value: label });
  if (typeof label !== 'string' || label.length === 0)
    throw new XaiError('BAD_OPTION', `label must be a column name, got ${describeValue(label)}`, { fn, arg: 'label', value: label });
  if (schema && options.label !== undefined && schema.label !== options.label) {
    throw new XaiError(
      'BAD_OPTION',
      `label ${JSON.stringify(options.label)} differs from the schema's ${JSON.stringify(schema.label)} (${options.schemaFile ?? '<schema>'})`,
      { fn, arg: 'label', value: options.label },
    );
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
  const badOption = (arg: string, why: string, value: unknown): XaiError =>
    new XaiError('BAD_OPTION', `${why}, got ${describeValue(value)}`, { fn, arg, value });
  if (!Number.isSafeInteger(seed)) throw badOption('seed', 'must be a safe integer', seed);
  if (!(testFraction > 0 && testFraction < 1)) throw badOption('testFraction', 'must be in (0, 1)', testFraction);
  if (!(validationFraction >= 0 && validationFraction < 1)) throw badOption('validationFraction', 'must be in [0, 1)', validationFraction);
  if (!Number.isInteger(maxCategories) || maxCategories < 2) throw badOption('maxCategories', 'must be an integer >= 2', maxCategories);
  if (unknownCategories !== 'error' && unknownCategories !== 'zeros')
    throw badOption('unknownCategories', "must be 'error' or 'zeros'", unknownCategories);
  if (!(rangeMargin >= 0 && Number.isFinite(rangeMargin))) throw badOption('rangeMargin', 'must be a finite number >= 0', rangeMargin);
  if (options.task !== undefined && options.task !== 'classification' && options.task !== 'regression')
    throw badOption('task', "must be 'classification' or 'regression'", options.task);
  const name = options.name ?? (options.file ? options.file.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '') || 'user' : 'user');

  const steps: string[] = [];
  const warnings: string[] = [];
  const table = readCsvTable(text, file, fn, delimiter);
  const header = table.header;
  const labelIndex = header.indexOf(label);
  if (labelIndex < 0)
    throw tableError(
      table,
      'BAD_INPUT',
      { record: 0, column: -1 },
      `label column ${JSON.stringify(label)} not found; columns: ${quote(header)}`,
      label,
    );
  const ignore = schema?.ignore ?? [];
  const ignoredMissing = ignore.filter((n) => !header.includes(n));
  if (ignoredMissing.length > 0)
    throw tableError(
      table,
      'BAD_INPUT',
      { record: 0, column: -1 },
      `the schema ignores column(s) ${quote(ignoredMissing)} that the file does not have`,
      ignoredMissing,
    );

  // 1. Feature columns and their kinds.
  let declared: { name: string; kind: UserFeatureKind | undefined }[];
  if (schema?.features) {
    indicesOf(
      table,
      schema.features.map((f) => f.name),
      'feature',
    );
    const extra = header.filter((h) => h !== label && !ignore.includes(h) && !schema.features!.some((f) => f.name === h));
    if (extra.length > 0)
      throw tableError(
        table,
        'BAD_INPUT',
        { record: 0, column: header.indexOf(extra[0]!) },
        `column(s) ${quote(extra)} are not in the schema's features (add them, or list them in "ignore")`,
        extra,
      );
    declared = schema.features.map((f) => ({ name: f.name, kind: f.kind }));
  } else {
    declared = header.filter((h) => h !== label && !ignore.includes(h)).map((h) => ({ name: h, kind: undefined }));
  }
  if (declared.length === 0)
    throw new XaiError('EMPTY', `${file}: no feature columns: the only column is the label ${JSON.stringify(label)}`, {
      fn,
      arg: 'file',
      file,
      value: header,
    });
  const categoricalNames = schema?.categorical ?? [];
  const unknownCategorical = categoricalNames.filter((n) => !declared.some((c) => c.name === n));
  if (unknownCategorical.length > 0)
    throw new XaiError(
      'BAD_INPUT',
      `${options.schemaFile ?? '<schema>'}: categorical: ${quote(unknownCategorical)} is not a feature column of ${file}`,
      { fn, arg: 'schema.categorical', value: unknownCategorical, file: options.schemaFile },
    );
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
        throw tableError(
          table,
          'BAD_INPUT',
          { record: 0, column: j },
          `text column with ${values.size} distinct values (more than maxCategories ${maxCategories}): an id or free text? List it in the schema's "ignore", or as "categorical" to expand it anyway`,
          values.size,
        );
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
    if (missing.length > 0)
      throw new XaiError(
        'BAD_INPUT',
        `${options.schemaFile ?? '<schema>'}: groups[${k}]: ${quote(missing)} is not a model column (model columns: ${quote(modelNames.slice(0, 20))}${modelNames.length > 20 ? ', ...' : ''})`,
        { fn, arg: `schema.groups[${k}]`, value: missing, file: options.schemaFile },
      );
    const idx = g.map((n) => modelNames.indexOf(n));
    const overlap = groups.find((h) => h.some((j) => idx.includes(j)));
    if (overlap)
      throw new XaiError(
        'BAD_INPUT',
        `${options.schemaFile ?? '<schema>'}: groups[${k}] overlaps another group (${quote(overlap.map((j) => modelNames[j]!))})`,
        { fn, arg: `schema.groups[${k}]`, value: g, file: options.schemaFile },
      );
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
  const lab = readLabelColumn(table, labelIndex, task, classes);
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
  let testTable: CsvTable | undefined;
  if (options.testText !== undefined) {
    const testFile = options.testFile ?? '<test csv>';
    testTable = readCsvTable(options.testText, testFile, fn, delimiter);
    const tLabel = testTable.header.indexOf(label);
    if (tLabel < 0)
      throw tableError(
        testTable,
        'BAD_INPUT',
        { record: 0, column: -1 },
        `label column ${JSON.stringify(label)} not found; columns: ${quote(testTable.header)}`,
        label,
      );
    const tIdx = indicesOf(
      testTable,
      plan.map((c) => c.name),
      'feature',
    );
    const extra = testTable.header.filter((h) => h !== label && !ignore.includes(h) && !plan.some((c) => c.name === h));
    if (extra.length > 0)
      throw tableError(
        testTable,
        'BAD_INPUT',
        { record: 0, column: testTable.header.indexOf(extra[0]!) },
        `unexpected column(s) ${quote(extra)}: ${file} has no such feature`,
        extra,
      );
    const enc = encodeTable(testTable, plan, tIdx, unknownCategories);
    for (const [col, count] of enc.unknown)
      warnings.push(`${testFile}: ${count} rows hold a ${col} category not seen in ${file} (encoded as all zeros)`);
    const tl = readLabelColumn(testTable, tLabel, task, classes);
    trainX = all.x;
    trainY = lab.y;
    trainV = lab.values;
    testX = enc.x;
    testY = tl.y;
    testV = tl.values;
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

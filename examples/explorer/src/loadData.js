// The explorer's data: SynthGauss, or a user's CSV read exactly as the CLI reads it
// (@xai/data's parseUserDataset: quoted fields, schema inference, text columns one-hot,
// seeded stratified split, min-max fitted on train) and refused up front where the CLI refuses.
import { XaiError } from '@xai/core';
import { parseUserDataset } from '@xai/data';
import { generateSynthGauss } from '@xai/synth';
import { checkLabelKept } from './jobSpec.js';

/** What a label column holds, for the page's picker and the label checks; `missingCells`: the feature cells read as NaN. */
export function describeLabel(ds) {
  const splits = [ds.raw.train, ds.raw.validation, ds.raw.test].filter((x) => x !== undefined);
  return {
    task: ds.task,
    classes: ds.task === 'classification' ? [...(ds.labelClasses ?? [])] : [],
    features: ds.schema.names.length,
    rows: ds.train.x.rows + (ds.validation?.x.rows ?? 0) + ds.test.x.rows,
    missingCells: splits.reduce((n, x) => n + x.data.reduce((k, v) => k + (Number.isNaN(v) ? 1 : 0), 0), 0),
  };
}

/** The bench's rule: its metrics need classes, so a numeric (regression) target is refused. */
function refuseRegression(label, file) {
  throw new XaiError(
    'BAD_INPUT',
    `${file}: the label column ${JSON.stringify(label)} holds numbers that are not a few classes (a regression target); the explorer trains classifiers — pick a column with classes (e.g. 0/1, yes/no)`,
    { fn: 'explorer', arg: 'label', value: label, file },
  );
}

/**
 * Parses and checks a user's CSV with the chosen label (the CLI's reader and checks); `ignore`:
 * columns left out of the model, as the CLI's --ignore; `missing`: a missing cell of a numeric
 * column is an error naming it (default), or NaN ('nan': a tree model's rows, each missing cell
 * down its split's missing-value branch), as the CLI's --missing.
 */
export function readUserCsv(csvText, label, fileName = 'uploaded.csv', seed = 0, ignore = [], missing = undefined) {
  if (typeof csvText !== 'string' && !(csvText instanceof Uint8Array))
    throw new XaiError('BAD_INPUT', 'no CSV given: drop a CSV file first', { fn: 'explorer', arg: 'file' });
  if (csvText.length === 0)
    throw new XaiError('EMPTY', `${fileName}: the file is empty (expected a header line and data rows)`, {
      fn: 'explorer',
      arg: 'file',
      file: fileName,
    });
  if (typeof label !== 'string' || label.length === 0)
    throw new XaiError('BAD_OPTION', 'pick the label column', { fn: 'explorer', arg: 'label', value: label });
  checkLabelKept(label, ignore);
  // parseUserDataset refuses a single class itself (BAD_INPUT naming the label and its value).
  const ds = parseUserDataset(csvText, {
    label,
    file: fileName,
    seed,
    ...(ignore.length > 0 ? { ignore } : {}),
    ...(missing !== undefined ? { missing } : {}),
  });
  if (ds.task !== 'classification') refuseRegression(label, fileName);
  return ds;
}

function synthData(spec) {
  const s = generateSynthGauss({ variant: 'paper', nPerCluster: spec.nPerCluster ?? 100, seed: spec.seed ?? 0 });
  return {
    name: 'SynthGauss',
    featureNames: s.schema.names,
    schema: s.schema,
    classNames: ['0', '1'],
    train: s.train,
    validation: s.validation,
    test: s.test,
    groundTruth: s.groundTruth.test,
    groundTruthSource: 'generator',
  };
}

/** Loads the chosen data into scaled train/validation/test splits with optional ground truth. */
export function loadData(spec) {
  if (spec.source === 'synth') return synthData(spec);
  const ds = readUserCsv(spec.csvText, spec.label, spec.fileName ?? 'uploaded.csv', spec.seed ?? 0, spec.ignore ?? [], spec.missing);
  return {
    name: spec.fileName ?? 'uploaded.csv',
    featureNames: ds.schema.names,
    schema: ds.schema,
    classNames: [...ds.labelClasses],
    classes: ds.classes,
    train: ds.train,
    validation: ds.validation,
    test: ds.test,
    groundTruth: null,
    groundTruthSource: 'none',
    ignored: [...(spec.ignore ?? [])],
    warnings: ds.provenance.warnings,
    raw: ds.raw,
  };
}

// The body of parseCsv, with the public function's name passed in for its errors.
import type { FeatureKind, FeatureSchema, Matrix } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import { fillNumeric, readCsvTable, tableError } from './csvTable.js';
import { DEFAULT_MAX_DISCRETE_LEVELS, inferFeatureKinds } from '../inferFeatureKinds.js';
import type { ParseCsvOptions, TabularData } from '../parseCsv.js';

/** Internal variant that lets callers name the public function in errors. */
export function parseCsvAs(fn: string, input: string | Uint8Array, options: ParseCsvOptions = {}): TabularData {
  const {
    label,
    labelKind = 'binary',
    kinds,
    maxDiscreteLevels = DEFAULT_MAX_DISCRETE_LEVELS,
    groups = [],
    delimiter = 'auto',
    file = '<csv>',
  } = options;
  if (labelKind !== 'binary' && labelKind !== 'integer')
    throw new XaiError('BAD_OPTION', `labelKind must be 'binary' or 'integer', got ${describeValue(labelKind)}`, {
      fn,
      arg: 'labelKind',
      value: labelKind,
    });
  const table = readCsvTable(input, file, fn, { delimiter });
  const { header } = table;
  let labelIndex = -1;
  if (label !== undefined) {
    labelIndex = header.indexOf(label);
    if (labelIndex < 0) {
      throw tableError(
        table,
        'BAD_INPUT',
        { record: 0, column: -1 },
        `label column ${JSON.stringify(label)} not found; columns: ${header.map((h) => JSON.stringify(h)).join(', ')}`,
        label,
      );
    }
  }
  const featureColumns = new Int32Array(header.length - (labelIndex >= 0 ? 1 : 0));
  for (let j = 0, k = 0; j < header.length; j++) if (j !== labelIndex) featureColumns[k++] = j;
  if (featureColumns.length === 0) {
    throw new XaiError('EMPTY', `${file}: no feature columns: the only column is the label ${JSON.stringify(label)}`, {
      fn,
      arg: 'file',
      file,
      value: header,
    });
  }
  const names = Array.from(featureColumns, (j) => header[j]!);
  const n = table.dataRows.length;
  const d = featureColumns.length;
  const x: Matrix = { rows: n, cols: d, data: fillNumeric(table, featureColumns, new Float64Array(n * d)) };

  let y: Int32Array | undefined;
  let classes: number | undefined;
  if (labelIndex >= 0) {
    const raw = fillNumeric(table, [labelIndex], new Float64Array(n));
    y = new Int32Array(n);
    let max = 0;
    for (let i = 0; i < n; i++) {
      const v = raw[i]!;
      const ok = labelKind === 'binary' ? v === 0 || v === 1 : Number.isInteger(v) && v >= 0 && v < 2 ** 31;
      if (!ok) {
        const want = labelKind === 'binary' ? 'a binary label (0 or 1)' : 'a non-negative integer class';
        throw tableError(
          table,
          'BAD_INPUT',
          { record: table.dataRows[i]!, column: labelIndex },
          `${describeValue(table.records[table.dataRows[i]!]![labelIndex])} is not ${want}`,
          v,
        );
      }
      y[i] = v;
      if (v > max) max = v;
    }
    classes = labelKind === 'binary' ? 2 : max + 1;
  }

  const schema: FeatureSchema = { names, kinds: resolveKinds(fn, x, names, kinds, maxDiscreteLevels), groups: checkGroups(fn, groups, d) };
  return {
    x,
    ...(y ? { y } : {}),
    ...(classes !== undefined ? { classes } : {}),
    schema,
    header,
    ...(label !== undefined ? { label } : {}),
    file,
  };
}

function resolveKinds(
  fn: string,
  x: Matrix,
  names: readonly string[],
  given: ParseCsvOptions['kinds'],
  maxDiscreteLevels: number,
): FeatureKind[] {
  const fixed: (FeatureKind | undefined)[] = new Array(names.length).fill(undefined);
  if (Array.isArray(given)) {
    if (given.length !== names.length)
      throw new XaiError('BAD_OPTION', `kinds has ${given.length} entries for ${names.length} features`, {
        fn,
        arg: 'kinds',
        value: given.length,
      });
    given.forEach((k, j) => {
      fixed[j] = k;
    });
  } else if (given) {
    for (const [name, k] of Object.entries(given as Record<string, FeatureKind>)) {
      const j = names.indexOf(name);
      if (j < 0)
        throw new XaiError('BAD_OPTION', `kinds names ${JSON.stringify(name)}, which is not a feature column`, {
          fn,
          arg: 'kinds',
          value: name,
        });
      fixed[j] = k;
    }
  }
  for (const k of fixed) {
    if (k !== undefined && k !== 'continuous' && k !== 'discrete')
      throw new XaiError('BAD_OPTION', `a kind must be 'continuous' or 'discrete', got ${describeValue(k)}`, {
        fn,
        arg: 'kinds',
        value: k,
      });
  }
  // Infer only when something is missing: the scan is cheap but not free on big files.
  const inferred = fixed.every((k) => k !== undefined) ? [] : inferFeatureKinds(x, { maxDiscreteLevels });
  return fixed.map((k, j) => k ?? inferred[j]!);
}

function checkGroups(fn: string, groups: readonly (readonly number[])[], d: number): number[][] {
  return groups.map((g) => {
    for (const j of g)
      if (!Number.isInteger(j) || j < 0 || j >= d)
        throw new XaiError('BAD_OPTION', `group column ${describeValue(j)} outside [0, ${d})`, { fn, arg: 'groups', value: j });
    return [...g];
  });
}

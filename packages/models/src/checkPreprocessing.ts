import type { CategoricalEncoding, ColumnScaler, FeatureKind, ModelOutput, Preprocessing, XaiErrorCode } from '@xai/core';
import { XaiError, checkOptions, describeValue, featureUnits } from '@xai/core';
import { checkFields, isObject } from './internal/fields.js';

/** What a preprocessing block is checked against: the model it travels with. */
export interface PreprocessingContext {
  /** The model's input width: `features`, `kinds` and the scaler arrays have this length. */
  readonly inputDim: number;
  /** The model's output count: `label.classes`, when given, has this length. */
  readonly classes?: number;
  /** 'value' models go with `task: 'regression'`, classifiers with 'classification'. */
  readonly output?: ModelOutput;
}

const KEYS = ['features', 'kinds', 'groups', 'categorical', 'scaler', 'label', 'task', 'ignore'];
const REQUIRED = ['features', 'kinds', 'scaler'];
const KINDS: readonly FeatureKind[] = ['continuous', 'discrete'];
const SCALER_KEYS: Record<string, readonly string[]> = {
  'min-max': ['kind', 'min', 'max'],
  standard: ['kind', 'mean', 'std'],
  none: ['kind'],
};

/** Field readers that throw naming `arg.where` (e.g. `preprocessing.scaler.min[3]`). */
interface Fields {
  readonly fn: string;
  readonly arg: string;
  fail(code: XaiErrorCode, where: string, message: string, v: unknown): never;
  keys(obj: Record<string, unknown>, allowed: readonly string[], required: readonly string[], where: string): void;
  strings(v: unknown, where: string, unique: boolean): string[];
  numbers(v: unknown, where: string, n: number): number[];
}

function fieldReaders(fn: string, arg: string): Fields {
  const fail = (code: XaiErrorCode, where: string, message: string, v: unknown): never => {
    throw new XaiError(code, message, { fn, arg: where === '' ? arg : `${arg}.${where}`, value: v });
  };
  const keys = (obj: Record<string, unknown>, allowed: readonly string[], required: readonly string[], where: string): void =>
    checkFields(obj, allowed, required, fn, where === '' ? arg : `${arg}.${where}`);
  const strings = (v: unknown, where: string, unique: boolean): string[] => {
    if (!Array.isArray(v)) fail('BAD_INPUT', where, `expected an array of strings, got ${describeValue(v)}`, v);
    const arr = v as unknown[];
    const seen = new Set<string>();
    arr.forEach((s, i) => {
      if (typeof s !== 'string') fail('BAD_INPUT', `${where}[${i}]`, `expected a string, got ${describeValue(s)}`, s);
      if (unique && seen.has(s as string)) fail('BAD_INPUT', `${where}[${i}]`, `duplicate name ${describeValue(s)}`, s);
      seen.add(s as string);
    });
    return arr as string[];
  };
  const numbers = (v: unknown, where: string, n: number): number[] => {
    if (!Array.isArray(v)) fail('BAD_INPUT', where, `expected an array of ${n} numbers, got ${describeValue(v)}`, v);
    const arr = v as unknown[];
    if (arr.length !== n)
      fail('SHAPE_MISMATCH', where, `expected ${n} values (one per input column, inputDim ${n}), got ${arr.length}`, arr.length);
    arr.forEach((x, i) => {
      if (typeof x !== 'number') fail('BAD_INPUT', `${where}[${i}]`, `expected a number, got ${describeValue(x)}`, x);
      if (!Number.isFinite(x)) fail('NON_FINITE', `${where}[${i}]`, `scaler values must be finite, got ${describeValue(x)}`, x);
    });
    return (arr as number[]).slice();
  };
  return { fn, arg, fail, keys, strings, numbers };
}

/** 1. The context: the model's input width (returned) and output count. */
function checkContext(context: PreprocessingContext, fn: string): number {
  if (!isObject(context))
    throw new XaiError('BAD_INPUT', `expected a context {inputDim, classes?, output?} (the model's shape), got ${describeValue(context)}`, {
      fn,
      arg: 'context',
      value: context,
    });
  checkOptions(context, ['inputDim', 'classes', 'output'], fn, 'context');
  const d = context.inputDim;
  if (typeof d !== 'number' || !Number.isInteger(d) || d < 1)
    throw new XaiError('BAD_INPUT', `expected the model's input width (a positive integer), got ${describeValue(d)}`, {
      fn,
      arg: 'context.inputDim',
      value: d,
    });
  if (context.classes !== undefined && (!Number.isInteger(context.classes) || context.classes < 1))
    throw new XaiError('BAD_INPUT', `expected the model's output count (a positive integer), got ${describeValue(context.classes)}`, {
      fn,
      arg: 'context.classes',
      value: context.classes,
    });
  return d;
}

/** 2. Feature names (one per input column, unique, non-empty) and kinds. */
function readColumns(f: Fields, p: Record<string, unknown>, d: number): { features: string[]; kinds: FeatureKind[] } {
  const { fail } = f;
  const features = f.strings(p.features, 'features', true);
  if (features.length !== d)
    fail('SHAPE_MISMATCH', 'features', `expected ${d} feature names (inputDim), got ${features.length}`, features.length);
  features.forEach((s, i) => {
    if (s === '') fail('BAD_INPUT', `features[${i}]`, 'feature names must not be empty', s);
  });
  if (!Array.isArray(p.kinds)) fail('BAD_INPUT', 'kinds', `expected an array of feature kinds, got ${describeValue(p.kinds)}`, p.kinds);
  const kinds = (p.kinds as unknown[]).map((k, i): FeatureKind => {
    if (!(KINDS as readonly unknown[]).includes(k))
      fail('NOT_SUPPORTED', `kinds[${i}]`, `unknown feature kind ${describeValue(k)} (expected ${KINDS.join(', ')})`, k);
    return k as FeatureKind;
  });
  if (kinds.length !== d) fail('SHAPE_MISMATCH', 'kinds', `expected ${d} feature kinds (inputDim), got ${kinds.length}`, kinds.length);
  return { features, kinds };
}

/** 3. One-hot groups: valid column sets (core's featureUnits) of discrete columns. */
function readGroups(f: Fields, value: unknown, d: number, features: readonly string[], kinds: readonly FeatureKind[]): number[][] {
  if (!Array.isArray(value)) f.fail('BAD_INPUT', 'groups', `expected an array of column-index lists, got ${describeValue(value)}`, value);
  // core's validation (range, repeats, empty groups), then: a one-hot group encodes one
  // categorical feature, so its columns are discrete
  featureUnits(d, value as number[][], f.fn, `${f.arg}.groups`);
  const groups = (value as number[][]).map((g) => Array.from(g));
  groups.forEach((g, k) => {
    for (const j of g)
      if (kinds[j] !== 'discrete')
        f.fail(
          'BAD_INPUT',
          `groups[${k}]`,
          `column ${j} (${features[j] ?? ''}) is ${kinds[j] ?? '?'}: a one-hot group holds discrete (0/1) columns`,
          j,
        );
  });
  return groups;
}

/** 4. Categorical encodings: each column once, its one-hot columns side by side in features. */
function readCategorical(f: Fields, value: unknown, features: readonly string[]): CategoricalEncoding[] {
  const { fail } = f;
  if (!Array.isArray(value)) fail('BAD_INPUT', 'categorical', `expected an array of {column, values}, got ${describeValue(value)}`, value);
  const columns = new Set<string>();
  return (value as unknown[]).map((c, k) => {
    const where = `categorical[${k}]`;
    if (!isObject(c)) fail('BAD_INPUT', where, `expected {column, values}, got ${describeValue(c)}`, c);
    const enc = c as Record<string, unknown>;
    f.keys(enc, ['column', 'values'], ['column', 'values'], where);
    if (typeof enc.column !== 'string' || enc.column === '')
      fail('BAD_INPUT', `${where}.column`, `expected a column name, got ${describeValue(enc.column)}`, enc.column);
    const column = enc.column as string;
    if (columns.has(column)) fail('BAD_INPUT', `${where}.column`, `column ${describeValue(column)} is encoded twice`, column);
    columns.add(column);
    const values = f.strings(enc.values, `${where}.values`, true);
    if (values.length === 0) fail('BAD_INPUT', `${where}.values`, 'a categorical column needs at least one value', 0);
    // its one-hot model columns `${column}=${value}` must be in features, side by side, in the order of values
    const first = features.indexOf(`${column}=${values[0] ?? ''}`);
    values.forEach((v, t) => {
      const name = `${column}=${v}`;
      if (first < 0 || features[first + t] !== name)
        fail(
          'BAD_INPUT',
          `${where}.values[${t}]`,
          features.includes(name)
            ? `the one-hot columns of ${describeValue(column)} must follow each other in features in the order of its values (${describeValue(name)} is out of place)`
            : `its one-hot column ${describeValue(name)} is not in features`,
          v,
        );
    });
    return { column, values };
  });
}

/** 5. The scaler: a known kind with exactly its fields, finite arrays of inputDim values. */
function readScaler(f: Fields, value: unknown, d: number, features: readonly string[]): ColumnScaler {
  const { fail } = f;
  if (!isObject(value)) fail('BAD_INPUT', 'scaler', `expected a scaler {kind, ...}, got ${describeValue(value)}`, value);
  const s = value as Record<string, unknown>;
  const scalerKeys = typeof s.kind === 'string' ? SCALER_KEYS[s.kind] : undefined;
  if (scalerKeys === undefined)
    fail(
      'NOT_SUPPORTED',
      'scaler.kind',
      `unknown scaler ${describeValue(s.kind)} (expected ${Object.keys(SCALER_KEYS).join(', ')})`,
      s.kind,
    );
  f.keys(s, scalerKeys ?? [], scalerKeys ?? [], 'scaler');
  if (s.kind === 'min-max') {
    const min = f.numbers(s.min, 'scaler.min', d);
    const max = f.numbers(s.max, 'scaler.max', d);
    for (let j = 0; j < d; j++)
      if ((max[j] ?? 0) < (min[j] ?? 0))
        fail('BAD_INPUT', `scaler.max[${j}]`, `max ${max[j] ?? NaN} is below min ${min[j] ?? NaN} (${features[j] ?? ''})`, max[j]);
    return { kind: 'min-max', min, max };
  }
  if (s.kind === 'standard') {
    const mean = f.numbers(s.mean, 'scaler.mean', d);
    const std = f.numbers(s.std, 'scaler.std', d);
    for (let j = 0; j < d; j++)
      if ((std[j] ?? 0) < 0) fail('BAD_INPUT', `scaler.std[${j}]`, `std must be >= 0, got ${std[j] ?? NaN} (${features[j] ?? ''})`, std[j]);
    return { kind: 'standard', mean, std };
  }
  return { kind: 'none' };
}

/** 6. The task, which must agree with the model's output (regression ↔ 'value'). */
function readTask(f: Fields, value: unknown, context: PreprocessingContext): Preprocessing['task'] {
  let task: Preprocessing['task'];
  if (value !== undefined) {
    if (value !== 'classification' && value !== 'regression')
      f.fail('NOT_SUPPORTED', 'task', `unknown task ${describeValue(value)} (expected classification, regression)`, value);
    task = value as Preprocessing['task'];
  }
  if (context.output !== undefined) {
    const isValue = context.output === 'value';
    if (task === 'regression' && !isValue)
      f.fail('BAD_INPUT', 'task', "task 'regression' needs a model with output 'value' (this one outputs probabilities)", task);
    if (task === 'classification' && isValue)
      f.fail('BAD_INPUT', 'task', "task 'classification' needs a model that outputs probabilities (this one outputs values)", task);
  }
  return task;
}

/** 7. The label: a name that is no input, and class names matching the model's outputs. */
function readLabel(
  f: Fields,
  value: unknown,
  features: readonly string[],
  categorical: readonly CategoricalEncoding[] | undefined,
  task: Preprocessing['task'],
  context: PreprocessingContext,
): NonNullable<Preprocessing['label']> {
  const { fail } = f;
  if (!isObject(value)) fail('BAD_INPUT', 'label', `expected {name, classes?}, got ${describeValue(value)}`, value);
  const l = value as Record<string, unknown>;
  f.keys(l, ['name', 'classes'], ['name'], 'label');
  if (typeof l.name !== 'string' || l.name === '')
    fail('BAD_INPUT', 'label.name', `expected the label column's name, got ${describeValue(l.name)}`, l.name);
  // the label among the inputs would let the model read its own answer
  if (features.includes(l.name as string) || categorical?.some((c) => c.column === l.name))
    fail('BAD_INPUT', 'label.name', `the label ${describeValue(l.name)} is also an input feature (a label leak)`, l.name);
  if (l.classes === undefined) return { name: l.name as string };
  const classes = f.strings(l.classes, 'label.classes', true);
  if (task === 'regression' || context.output === 'value')
    fail('BAD_INPUT', 'label.classes', 'a regression label (a value model) has no classes', classes.length);
  if (context.classes !== undefined && context.output !== 'value' && classes.length !== context.classes) {
    fail(
      'SHAPE_MISMATCH',
      'label.classes',
      `expected ${context.classes} class names (the model's outputs, in order), got ${classes.length}`,
      classes.length,
    );
  }
  return { name: l.name as string, classes };
}

/**
 * Validates a preprocessing block (core's `Preprocessing`, as stored in an `xai-model@1`
 * file) against the model it belongs to and returns a canonical deep copy (keys in a
 * fixed order, absent optional fields left out). Errors name the field, e.g.
 * `preprocessing.scaler.min[3]`: missing/unknown fields and wrong types → BAD_INPUT;
 * lengths that do not match `inputDim` (features, kinds, scaler arrays) or the model's
 * output count (label classes) → SHAPE_MISMATCH; NaN/Infinity in the scaler →
 * NON_FINITE; an unknown scaler kind or feature kind → NOT_SUPPORTED. Also rejected:
 * duplicate or empty feature names, a column in two groups or outside [0, inputDim),
 * max < min, a negative std, duplicate class names or categorical values, and a task that
 * contradicts the model's output (regression ↔ `output: 'value'`), and an `ignore` column the
 * model reads.
 * @example const p = checkPreprocessing({ features: ['age'], kinds: ['continuous'], scaler: { kind: 'none' } }, { inputDim: 1 })
 * @since 0.2.0
 */
export function checkPreprocessing(
  value: unknown,
  context: PreprocessingContext,
  fn = 'checkPreprocessing',
  arg = 'preprocessing',
): Preprocessing {
  const f = fieldReaders(fn, arg);
  const d = checkContext(context, fn);
  if (!isObject(value)) f.fail('BAD_INPUT', '', `expected a preprocessing object, got ${describeValue(value)}`, value);
  const p = value as Record<string, unknown>;
  f.keys(p, KEYS, REQUIRED, '');
  const { features, kinds } = readColumns(f, p, d);
  const groups = p.groups === undefined ? undefined : readGroups(f, p.groups, d, features, kinds);
  const categorical = p.categorical === undefined ? undefined : readCategorical(f, p.categorical, features);
  const scaler = readScaler(f, p.scaler, d, features);
  const task = readTask(f, p.task, context);
  const label = p.label === undefined ? undefined : readLabel(f, p.label, features, categorical, task, context);
  const ignore = p.ignore === undefined ? undefined : readIgnore(f, p.ignore, features, categorical, label);
  return {
    features: features.slice(),
    kinds,
    ...(groups !== undefined ? { groups } : {}),
    ...(categorical !== undefined ? { categorical } : {}),
    scaler,
    ...(label !== undefined ? { label } : {}),
    ...(task !== undefined ? { task } : {}),
    ...(ignore !== undefined ? { ignore } : {}),
  };
}

/** 7. Ignored raw columns: unique names that are neither a model input, a categorical column nor the label. */
function readIgnore(
  f: Fields,
  value: unknown,
  features: readonly string[],
  categorical: readonly CategoricalEncoding[] | undefined,
  label: { name: string } | undefined,
): string[] {
  const names = f.strings(value, 'ignore', true);
  names.forEach((n, i) => {
    if (features.includes(n) || categorical?.some((c) => c.column === n) || label?.name === n)
      f.fail('BAD_INPUT', `ignore[${i}]`, `${JSON.stringify(n)} is read by the model (a feature or the label), so it cannot be ignored`, n);
  });
  return names.slice();
}

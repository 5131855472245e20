// The option keys and defaults of parseUserDataset / loadUserDataset (one list for both), and
// their validation.
import { XaiError, describeValue } from '@xai/core';
import type { MissingPolicy } from './cellClass.js';
import type { CsvDelimiter } from './csvTable.js';

/** Every key of `UserDatasetOptions`: checkOptions' allow-list. */
export const USER_DATASET_KEYS: readonly string[] = [
  'label',
  'testText',
  'schema',
  'file',
  'testFile',
  'schemaFile',
  'name',
  'seed',
  'testFraction',
  'validationFraction',
  'task',
  'maxCategories',
  'maxClasses',
  'maxColumns',
  'missing',
  'delimiter',
  'unknownCategories',
  'rangeMargin',
];

/** Defaults of {@link UserDatasetOptions}. */
export const USER_DATASET_DEFAULTS = Object.freeze({
  seed: 0,
  testFraction: 0.2,
  validationFraction: 0.1,
  maxCategories: 50,
  maxClasses: 10,
  maxColumns: 1000,
  missing: 'error' as const,
  unknownCategories: 'error' as const,
  rangeMargin: 0.1,
});

/** The numeric and enumerated options a user dataset is built with, checked. */
export interface UserDatasetSettings {
  readonly seed: number;
  readonly testFraction: number;
  readonly validationFraction: number;
  readonly maxCategories: number;
  readonly maxClasses: number;
  readonly maxColumns: number;
  /** Undefined: the schema's, else 'error'. */
  readonly missing: MissingPolicy | undefined;
  readonly unknownCategories: 'error' | 'zeros';
  readonly rangeMargin: number;
  readonly delimiter: CsvDelimiter | 'auto';
  readonly task: 'classification' | 'regression' | undefined;
}

type Raw = { readonly [K in keyof UserDatasetSettings]?: unknown };

/** Applies the defaults and checks every value: BAD_OPTION naming the option and the value. */
export function userDatasetSettings(fn: string, options: Raw): UserDatasetSettings {
  const d = USER_DATASET_DEFAULTS;
  const bad = (arg: string, why: string, value: unknown): XaiError =>
    new XaiError('BAD_OPTION', `${why}, got ${describeValue(value)}`, { fn, arg, value });
  const num = (arg: keyof Raw, fallback: number, ok: (v: number) => boolean, why: string): number => {
    const v = options[arg] ?? fallback;
    if (typeof v !== 'number' || !ok(v)) throw bad(arg, why, v);
    return v;
  };
  const oneOf = <T extends string>(arg: keyof Raw, allowed: readonly T[], fallback: T | undefined): T | undefined => {
    const v = options[arg] ?? fallback;
    if (v !== undefined && !allowed.includes(v as T)) throw bad(arg, `must be ${allowed.map((a) => `'${a}'`).join(' or ')}`, v);
    return v as T | undefined;
  };
  const intAtLeast = (min: number) => (v: number) => Number.isInteger(v) && v >= min;
  return {
    seed: num('seed', d.seed, Number.isSafeInteger, 'must be a safe integer'),
    testFraction: num('testFraction', d.testFraction, (v) => v > 0 && v < 1, 'must be in (0, 1)'),
    validationFraction: num('validationFraction', d.validationFraction, (v) => v >= 0 && v < 1, 'must be in [0, 1)'),
    maxCategories: num('maxCategories', d.maxCategories, intAtLeast(2), 'must be an integer >= 2'),
    maxClasses: num('maxClasses', d.maxClasses, intAtLeast(2), 'must be an integer >= 2'),
    maxColumns: num('maxColumns', d.maxColumns, intAtLeast(1), 'must be an integer >= 1'),
    rangeMargin: num('rangeMargin', d.rangeMargin, (v) => v >= 0 && Number.isFinite(v), 'must be a finite number >= 0'),
    missing: oneOf('missing', ['error', 'drop-rows'], undefined),
    unknownCategories: oneOf('unknownCategories', ['error', 'zeros'], d.unknownCategories)!,
    delimiter: oneOf('delimiter', [',', '\t', ';', 'auto'], 'auto')!,
    task: oneOf('task', ['classification', 'regression'], undefined),
  };
}

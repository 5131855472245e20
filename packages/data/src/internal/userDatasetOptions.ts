// The option keys and defaults of parseUserDataset / loadUserDataset (one list for both), and
// their validation.
import { enumOption, inputEncoding, intOption, numberOption, seedOption } from '@xai/core';
import type { OptionKeys } from '@xai/core';
import type { UserDatasetOptions } from '../parseUserDataset.js';
import type { MissingPolicy } from './cellClass.js';
import type { CsvDelimiter, CsvTextOptions } from './csvTable.js';

/** Every key of `UserDatasetOptions`: checkOptions' allow-list. */
export const USER_DATASET_KEYS: OptionKeys<UserDatasetOptions> = [
  'label',
  'testText',
  'schema',
  'ignore',
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
  'encoding',
  'decimal',
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
  /** How the CSV files' bytes are read (delimiter, encoding, decimal mark). */
  readonly csv: CsvTextOptions;
  readonly task: 'classification' | 'regression' | undefined;
}

type Raw = { readonly [K in Exclude<keyof UserDatasetSettings, 'csv'> | 'encoding' | 'decimal']?: unknown };

/** Applies the defaults and checks every value: BAD_OPTION naming the option and the value. */
export function userDatasetSettings(fn: string, options: Raw): UserDatasetSettings {
  const d = USER_DATASET_DEFAULTS;
  const o = options;
  const optional = <T extends string>(arg: keyof Raw, values: readonly T[]): T | undefined =>
    o[arg] === undefined ? undefined : enumOption(o[arg], fn, arg, { values });
  const delimiter = enumOption(o.delimiter, fn, 'delimiter', { values: [',', '\t', ';', 'auto'], fallback: 'auto' });
  return {
    seed: seedOption(o.seed, fn, 'seed', { fallback: d.seed }),
    testFraction: numberOption(o.testFraction, fn, 'testFraction', { above: 0, below: 1, fallback: d.testFraction }),
    validationFraction: numberOption(o.validationFraction, fn, 'validationFraction', { min: 0, below: 1, fallback: d.validationFraction }),
    maxCategories: intOption(o.maxCategories, fn, 'maxCategories', { min: 2, fallback: d.maxCategories }),
    maxClasses: intOption(o.maxClasses, fn, 'maxClasses', { min: 2, fallback: d.maxClasses }),
    maxColumns: intOption(o.maxColumns, fn, 'maxColumns', { min: 1, fallback: d.maxColumns }),
    rangeMargin: numberOption(o.rangeMargin, fn, 'rangeMargin', { min: 0, fallback: d.rangeMargin }),
    missing: optional('missing', ['error', 'drop-rows', 'nan']),
    unknownCategories: enumOption(o.unknownCategories, fn, 'unknownCategories', {
      values: ['error', 'zeros'],
      fallback: d.unknownCategories,
    }),
    delimiter,
    csv: {
      delimiter,
      ...(o.encoding !== undefined ? { encoding: inputEncoding(String(o.encoding), fn, 'encoding') } : {}),
      decimal: enumOption(o.decimal, fn, 'decimal', { values: ['auto', '.', ','] as const, fallback: 'auto' as const }),
    },
    task: optional('task', ['classification', 'regression']),
  };
}

import { XaiError, checkOptions, describeValue } from '@xai/core';
import { readFileBytes } from './internal/readFileBytes.js';
import type { UserDataset, UserDatasetOptions } from './parseUserDataset.js';
import { buildUserDataset } from './internal/buildUserDataset.js';
import { USER_DATASET_KEYS } from './internal/userDatasetOptions.js';
import type { UserSchema } from './userSchema.js';

/** Options of {@link loadUserDataset}: those of `parseUserDataset`, with files instead of text. */
export interface LoadUserDatasetOptions extends Omit<UserDatasetOptions, 'testText' | 'schema' | 'file' | 'testFile' | 'schemaFile'> {
  /** A separate test CSV file (same columns, matched by name). Without it a seeded stratified split is made. */
  readonly test?: string | undefined;
  /** A schema JSON file path, or the schema itself. */
  readonly schema?: string | UserSchema | undefined;
}

// Derived from parseUserDataset's keys (minus the in-memory ones), so typed by that list.
const KEYS: readonly string[] = [
  ...USER_DATASET_KEYS.filter((k) => !['testText', 'schema', 'file', 'testFile', 'schemaFile'].includes(k)),
  'test',
  'schema',
];

/**
 * The dataset name a user's CSV file gets (its file name without the folder and `.csv`, `.tsv`
 * or `.txt`): `xai train` names its model files after it.
 * @example userDatasetName('data/people.csv') // 'people'
 * @since 0.3.0
 */
export function userDatasetName(path: string): string {
  return path.replace(/^.*[\\/]/, '').replace(/\.(csv|tsv|txt)$/i, '');
}

/**
 * A user's CSV file as a core `Dataset` plus the `Preprocessing` a model file carries:
 * `parseUserDataset` on the file's contents (see there for inference, schema, split and
 * scaling), with every error naming the file (line and column) or the schema file (field).
 * @example const ds = await loadUserDataset('my.csv', { label: 'y', test: 'my-test.csv', schema: 'schema.json' })
 * @since 0.2.0
 */
export async function loadUserDataset(path: string, options: LoadUserDatasetOptions): Promise<UserDataset> {
  const fn = 'loadUserDataset';
  checkOptions(options, KEYS, fn);
  if (typeof path !== 'string' || path.length === 0)
    throw new XaiError('BAD_INPUT', `expected a CSV file path, got ${describeValue(path)}`, { fn, arg: 'path', value: path });
  const { test, schema, ...rest } = options ?? {};
  if (test !== undefined && (typeof test !== 'string' || test.length === 0))
    throw new XaiError('BAD_OPTION', `test must be a CSV file path, got ${describeValue(test)}`, { fn, arg: 'test', value: test });
  const text = await readFileBytes(path, fn);
  const testText = test === undefined ? undefined : await readFileBytes(test, fn);
  let schemaValue: UserSchema | string | undefined;
  let schemaFile: string | undefined;
  if (typeof schema === 'string') {
    schemaFile = schema;
    schemaValue = new TextDecoder('utf-8').decode(await readFileBytes(schema, fn));
  } else schemaValue = schema;
  const name = rest.name ?? userDatasetName(path);
  return buildUserDataset(fn, text, {
    ...rest,
    name,
    file: path,
    ...(testText !== undefined && test !== undefined ? { testText, testFile: test } : {}),
    ...(schemaValue !== undefined ? { schema: schemaValue } : {}),
    ...(schemaFile !== undefined ? { schemaFile } : {}),
  });
}

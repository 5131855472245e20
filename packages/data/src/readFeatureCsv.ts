// Feature-only CSV files (Node only; parseFeatureCsv reads text anywhere).
import { XaiError, checkOptions, describeValue } from '@xai/core';
import { readFileBytes, readFileBytesSync } from './internal/readFileBytes.js';
import type { FeatureTable, ReadFeatureCsvOptions } from './parseFeatureCsv.js';
import { READ_FEATURE_CSV_KEYS, parseFeatureCsvAs } from './parseFeatureCsv.js';

export type { FeatureTable, ReadFeatureCsvOptions } from './parseFeatureCsv.js';

/**
 * Reads a feature-only CSV file into a matrix plus its column names.
 * @example const { x, names } = await readFeatureCsv('instances.csv', { names: model.featureNames })
 * @since 0.1.0
 */
export async function readFeatureCsv(path: string, options: ReadFeatureCsvOptions = {}): Promise<FeatureTable> {
  checkOptions(options, READ_FEATURE_CSV_KEYS, 'readFeatureCsv');
  if (typeof path !== 'string' || path.length === 0)
    throw new XaiError('BAD_INPUT', `expected a file path, got ${describeValue(path)}`, { fn: 'readFeatureCsv', arg: 'path', value: path });
  return parseFeatureCsvAs('readFeatureCsv', await readFileBytes(path, 'readFeatureCsv'), { file: path, ...options });
}

/** Synchronous {@link readFeatureCsv}. @since 0.1.0 */
export function readFeatureCsvSync(path: string, options: ReadFeatureCsvOptions = {}): FeatureTable {
  checkOptions(options, READ_FEATURE_CSV_KEYS, 'readFeatureCsvSync');
  if (typeof path !== 'string' || path.length === 0)
    throw new XaiError('BAD_INPUT', `expected a file path, got ${describeValue(path)}`, {
      fn: 'readFeatureCsvSync',
      arg: 'path',
      value: path,
    });
  return parseFeatureCsvAs('readFeatureCsvSync', readFileBytesSync(path, 'readFeatureCsvSync'), { file: path, ...options });
}

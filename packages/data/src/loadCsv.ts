import { XaiError, checkOptions, describeValue } from '@xai/core';
import { readFileBytes, readFileBytesSync } from './internal/readFileBytes.js';
import type { ParseCsvOptions, TabularData } from './parseCsv.js';
import { PARSE_CSV_KEYS } from './parseCsv.js';
import { parseCsvAs } from './internal/parseCsvAs.js';

/** Options of {@link loadCsv}: those of `parseCsv`; `file` defaults to the path. */
export type LoadCsvOptions = ParseCsvOptions;

function checkPath(path: unknown, fn: string): asserts path is string {
  if (typeof path !== 'string' || path.length === 0)
    throw new XaiError('BAD_INPUT', `expected a file path, got ${describeValue(path)}`, { fn, arg: 'path', value: path });
}

/**
 * Reads a CSV file into a numeric table; the feature kinds are inferred unless given
 * (see `parseCsv` for the checks and the errors).
 * @example const { x, y, schema } = await loadCsv('my.csv', { label: 'y' })
 * @since 0.1.0
 */
export async function loadCsv(path: string, options: LoadCsvOptions = {}): Promise<TabularData> {
  checkOptions(options, PARSE_CSV_KEYS, 'loadCsv');
  checkPath(path, 'loadCsv');
  const bytes = await readFileBytes(path, 'loadCsv');
  return parseCsvAs('loadCsv', bytes, { file: path, ...options });
}

/** Synchronous {@link loadCsv}. @since 0.1.0 */
export function loadCsvSync(path: string, options: LoadCsvOptions = {}): TabularData {
  checkOptions(options, PARSE_CSV_KEYS, 'loadCsvSync');
  checkPath(path, 'loadCsvSync');
  return parseCsvAs('loadCsvSync', readFileBytesSync(path, 'loadCsvSync'), { file: path, ...options });
}

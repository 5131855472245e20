import { readFileSync } from 'node:fs';
import { XaiError } from '@xai/core';

/**
 * Reads a `--config` JSON file. Throws `XaiError` NOT_FOUND / PARSE_ERROR naming the file,
 * so the CLI can print one clear line.
 * @since 0.1.0
 */
export function readConfigFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new XaiError('NOT_FOUND', `cannot read the config file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, {
      fn: 'xai bench',
      arg: `--config ${path}`,
      value: path,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `the config file is not valid JSON (${(e as Error).message})`, {
      fn: 'xai bench',
      arg: `--config ${path}`,
      value: path,
    });
  }
}

import { readFileSync } from 'node:fs';
import { XaiError, systemError } from '@xai/core';

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
    throw systemError(e, { fn: 'xai bench', path, action: 'read the config file', arg: '--config' });
  }
  try {
    // A byte-order mark (some editors write one) is not part of the JSON.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `the config file ${path} is not valid JSON (${(e as Error).message})`, {
      fn: 'xai bench',
      arg: `--config ${path}`,
      value: path,
    });
  }
}

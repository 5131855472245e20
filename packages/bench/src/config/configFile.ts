import { readJsonFile } from '@xai/core/node';

/**
 * Reads a `--config` JSON file through core's one strict JSON reader: NOT_FOUND / IO_ERROR
 * naming the file, PARSE_ERROR naming its line and column (a syntax error, or a key given
 * twice at any depth: JSON.parse would keep the last one silently). A byte-order mark is dropped.
 * @since 0.1.0
 */
export function readConfigFile(path: string): unknown {
  return readJsonFile(path, { fn: 'xai bench', arg: '--config' });
}

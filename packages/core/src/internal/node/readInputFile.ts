// Reading a file a user named: a missing file is NOT_FOUND, any other failure an IO_ERROR, both
// naming the path; text is strict UTF-8 (or a declared encoding) and JSON goes through the one
// strict reader (duplicate keys, BOM, line and column).
import { readFileSync } from 'node:fs';
import { systemError } from '../../errors.js';
import { decodeInputText } from '../../text/decodeText.js';
import { parseJsonText } from '../../text/parseJson.js';

/** Who reads the file and which option named it, for messages. */
export interface InputFileSource {
  /** The command or function reading. */
  readonly fn: string;
  /** The flag or option that named the file (e.g. `--config`). @defaultValue the path */
  readonly arg?: string;
  /** Encoding of a text file. @defaultValue 'utf-8' (strict) */
  readonly encoding?: string;
  /** The option that names another encoding, for the invalid-UTF-8 message. @defaultValue '--encoding' */
  readonly encodingOption?: string;
}

/**
 * A file's bytes; an OS failure goes through core's `systemError` (NOT_FOUND when absent, IO_ERROR
 * for a folder or no permission), naming the option that named the file.
 * @since 0.3.0
 */
export function readInputBytes(path: string, source: InputFileSource): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw systemError(e, { fn: source.fn, path, action: 'read', arg: source.arg ?? path });
  }
}

/**
 * A text file, decoded strictly (see `decodeInputText`): invalid UTF-8 is PARSE_ERROR naming
 * the line and byte, unless `source.encoding` names the file's encoding.
 * @example readInputText('people.csv', { fn: 'xai train', arg: '--data', encoding: 'latin1' })
 * @since 0.3.0
 */
export function readInputText(path: string, source: InputFileSource): string {
  return decodeInputText(
    readInputBytes(path, source),
    { file: path, fn: source.fn, encodingOption: source.encodingOption ?? '--encoding' },
    source.encoding,
  );
}

/**
 * A JSON file read by the one strict reader (`parseJsonText`): BOM or not, a duplicate key, a
 * syntax error or invalid UTF-8 named by line and column.
 * @example readJsonFile('config.json', { fn: 'xai bench', arg: '--config' })
 * @since 0.3.0
 */
export function readJsonFile(path: string, source: InputFileSource): unknown {
  return parseJsonText(readInputText(path, source), { file: path, fn: source.fn, arg: source.arg ?? path });
}

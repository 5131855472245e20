import { XaiError, describeValue } from '@xai/core';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';

/** Help of `--missing`, the same on every command that reads `--data`. */
export const MISSING_FLAG_HELP = 'a missing cell of --data: error (naming it) or drop-rows (its row dropped, counted) [error]';

/** Help of `--encoding`, the same on every command that reads `--data`. */
export const ENCODING_FLAG_HELP =
  'encoding of the --data/--test CSV files: utf-8, latin1 (= windows-1252), iso-8859-15, utf-16le, utf-16be [utf-8: an invalid byte is an error naming its line and byte]';

/** Help of `--decimal`, the same on every command that reads `--data`. */
export const DECIMAL_FLAG_HELP =
  "decimal mark of the --data/--test numbers: auto reads 1,3 as 1.3 in a ';'- or tab-separated file and refuses it in a ','-separated one; , reads decimal commas whatever the separator; . keeps such cells as text [auto]";

/** Help of `--ignore`, the same on every command that reads a user's CSV. */
export const IGNORE_FLAG_HELP =
  'columns of the CSV to drop, e.g. id,notes (ids, free text); a model file from xai train keeps them, so its raw rows may still hold them';

/**
 * `--ignore a,b` (or a config file's `["a", "b"]`): column names, each once.
 * @example ignoreSetting('id,notes') // ['id', 'notes']
 * @since 0.3.0
 */
export function ignoreSetting(raw: unknown, fn = 'xai'): string[] {
  const names = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string' || n === ''))
    throw new XaiError('BAD_OPTION', `expected column names (a,b), got ${describeValue(raw)}`, { fn, arg: '--ignore', value: raw });
  return [...new Set(names as string[])];
}

/** The `--data` flags of a command that also reads `--instances` rows. */
export interface UserDataFlags {
  readonly data?: string;
  readonly label?: string;
  readonly test?: string;
  readonly schema?: string;
  readonly ignore?: string;
  readonly missing?: string;
  readonly encoding?: string;
  readonly decimal?: string;
}

/**
 * The user CSV that `--data` names, or undefined without it; `--missing` without `--data` is refused
 * (`--instances` rows are model inputs and must be complete). The mode itself is checked where the
 * CSV is read.
 */
export function userDataFromFlags(f: UserDataFlags, command: string): UserDataSpec | undefined {
  if (f.data === undefined) {
    if (f.missing !== undefined)
      throw new XaiError('BAD_OPTION', '--missing says what a missing cell of --data does; --instances rows must be complete', {
        fn: command,
        arg: '--missing',
        value: f.missing,
      });
    for (const [flag, value] of [
      ['--encoding', f.encoding],
      ['--decimal', f.decimal],
    ] as const)
      if (value !== undefined)
        throw new XaiError(
          'BAD_OPTION',
          `${flag} says how the --data CSV is read; --instances files are read as UTF-8 with decimal points: give --data, or convert the file`,
          {
            fn: command,
            arg: flag,
            value,
          },
        );
    return undefined;
  }
  return {
    data: f.data,
    label: f.label ?? '',
    ...(f.test ? { test: f.test } : {}),
    ...(f.schema ? { schema: f.schema } : {}),
    ...(f.ignore ? { ignore: ignoreSetting(f.ignore, command) } : {}),
    ...(f.missing ? { missing: f.missing as NonNullable<UserDataSpec['missing']> } : {}),
    ...(f.encoding !== undefined ? { encoding: f.encoding } : {}),
    ...(f.decimal !== undefined ? { decimal: f.decimal as NonNullable<UserDataSpec['decimal']> } : {}),
  };
}

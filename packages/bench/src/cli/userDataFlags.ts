import { XaiError } from '@xai/core';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';

/** Help of `--missing`, the same on every command that reads `--data`. */
export const MISSING_FLAG_HELP = 'a missing cell of --data: error (naming it) or drop-rows (its row dropped, counted) [error]';

/** The `--data` flags of a command that also reads `--instances` rows. */
export interface UserDataFlags {
  readonly data?: string;
  readonly label?: string;
  readonly test?: string;
  readonly schema?: string;
  readonly missing?: string;
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
    return undefined;
  }
  return {
    data: f.data,
    label: f.label ?? '',
    ...(f.test ? { test: f.test } : {}),
    ...(f.schema ? { schema: f.schema } : {}),
    ...(f.missing ? { missing: f.missing as NonNullable<UserDataSpec['missing']> } : {}),
  };
}

import { XaiError, describeValue, inputEncoding } from '@xai/core';
import type { FlagsOf, UserDataFlags } from '../config/settings.js';
import { USER_DATA_KEYS } from '../config/settings.js';
import { choiceSetting } from '../config/settingValues.js';
import type { CsvReading } from '../explain/modelRows.js';
import type { UserDataSpec } from '../inputs/userBenchDataset.js';

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

/**
 * `--encoding` and `--decimal`, checked: how every CSV the command reads is decoded (`--data`,
 * `--test`, `--instances`, `--train`, `--ground-truth`), so a file refused for its bytes or its
 * decimal commas can be read with the flag the refusal names.
 */
export function csvReadingFromFlags(f: Pick<UserDataFlags, 'encoding' | 'decimal'>, command: string): CsvReading {
  return {
    ...(f.encoding !== undefined ? { encoding: inputEncoding(f.encoding, command, '--encoding') } : {}),
    ...(f.decimal !== undefined ? { decimal: choiceSetting('decimal', f.decimal, { fn: command, arg: '--decimal' }) } : {}),
  };
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
  // Every row of the table's user-data group, as given (the CSV reader checks them); the
  // encoding and decimal mark checked here, as for every other CSV the command reads.
  const spec: Record<string, unknown> = {};
  for (const key of USER_DATA_KEYS) {
    const value = f[key];
    if (value) spec[key] = key === 'ignore' ? ignoreSetting(value, command) : value;
    else if (key === 'label') spec[key] = '';
  }
  return { ...spec, ...csvReadingFromFlags(f, command) } as UserDataSpec;
}

/** The flags of explain and evaluate that describe the model file or the `--data` rows. */
export type ModelFlags = Pick<FlagsOf<'explain' | 'evaluate'>, 'model' | 'data' | 'inputDim' | 'modelInput'>;

/**
 * A flag that does not apply to the inputs given is an error naming both, never ignored:
 * `--input-dim` (an ONNX graph's dynamic width) beside a JSON model, `--model-input` (what a
 * model eats of `--data` rows) beside `--instances`.
 */
export function refuseInapplicableFlags(f: ModelFlags, command: string): void {
  if (f.inputDim !== undefined && !/\.onnx$/i.test(f.model))
    throw new XaiError(
      'BAD_OPTION',
      `--input-dim sets the width of an ONNX graph's dynamic input; --model ${f.model} is a JSON model, which states its own: drop --input-dim`,
      { fn: command, arg: '--input-dim', value: f.inputDim },
    );
  if (f.modelInput !== undefined && f.data === undefined)
    throw new XaiError('BAD_OPTION', '--model-input chooses the input space of --data rows; with --instances the file is the model input', {
      fn: command,
      arg: '--model-input',
      value: f.modelInput,
    });
}

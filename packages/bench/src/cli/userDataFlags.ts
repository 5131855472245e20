import { XaiError, describeValue, enumOption, inputEncoding } from '@xai/core';
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
 * `--encoding` and `--decimal`, checked: how every CSV the command reads is decoded (`--data`,
 * `--test`, `--instances`, `--train`, `--ground-truth`), so a file refused for its bytes or its
 * decimal commas can be read with the flag the refusal names.
 */
export function csvReadingFromFlags(f: Pick<UserDataFlags, 'encoding' | 'decimal'>, command: string): CsvReading {
  return {
    ...(f.encoding !== undefined ? { encoding: inputEncoding(f.encoding, command, '--encoding') } : {}),
    ...(f.decimal !== undefined ? { decimal: enumOption(f.decimal, command, '--decimal', { values: ['auto', ',', '.'] as const }) } : {}),
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
  return {
    data: f.data,
    label: f.label ?? '',
    ...(f.test ? { test: f.test } : {}),
    ...(f.schema ? { schema: f.schema } : {}),
    ...(f.ignore ? { ignore: ignoreSetting(f.ignore, command) } : {}),
    ...(f.missing ? { missing: f.missing as NonNullable<UserDataSpec['missing']> } : {}),
    ...csvReadingFromFlags(f, command),
  };
}

/** The flags of explain and evaluate that describe the model file or the `--data` rows. */
export interface ModelFlags {
  readonly model: string;
  readonly data?: string;
  readonly inputDim?: string;
  readonly modelInput?: string;
}

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

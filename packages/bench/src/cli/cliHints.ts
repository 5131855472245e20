import { XaiError, isXaiError } from '@xai/core';
import { SETTINGS } from '../config/settings.js';

/** Library options whose "needs the training features" errors a command-line user fixes with --train. */
const NEEDS_TRAIN = new Set(['baseline', 'background', 'maskBaseline']);

/**
 * Runs `f` and rewrites a library error that names an API option into one that names the flag
 * a command-line user can give: a method whose baseline/background needs training rows asks
 * for `--train <csv>` (or `--data`), a dynamic ONNX input width asks for `--input-dim <n>`.
 * Everything else passes through unchanged.
 * @example const e = withCliHints('xai explain', 'ig', () => createExplainer('ig', { preset }))
 * @since 0.3.0
 */
export function withCliHints<T>(command: string, method: string | undefined, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw hinted(e, command, method);
  }
}

/** {@link withCliHints} for an async step (loading a model). @since 0.3.0 */
export async function withCliHintsAsync<T>(command: string, method: string | undefined, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw hinted(e, command, method);
  }
}

function hinted(e: unknown, command: string, method: string | undefined): unknown {
  if (!isXaiError(e)) return e;
  const arg = String(e.details.arg ?? '');
  if (e.code === 'BAD_OPTION' && NEEDS_TRAIN.has(arg) && /needs the training features/.test(e.message))
    return new XaiError(
      'BAD_OPTION',
      `${method ? `--method ${method}` : 'this method'} uses ${arg} '${String(e.details.value)}', which needs the training rows: give --train <csv> (training rows: raw columns for a model that carries its preprocessing, else model inputs), or --data <csv> --label <column>, or a model file from xai train (it keeps a background sample)`,
      { fn: command, arg: '--train', value: undefined },
    );
  if (e.code === 'NOT_SUPPORTED' && arg === 'inputDim')
    return new XaiError(
      'NOT_SUPPORTED',
      `${e.message.replace(/; pass the feature count as the inputDim option$/, '')}; give the feature count with --input-dim <n>`,
      {
        fn: command,
        arg: '--input-dim',
        ...(e.details.file !== undefined ? { file: e.details.file } : {}),
      },
    );
  return e;
}

/** Checks an `--input-dim` value: an integer within the settings table's bounds. @since 0.3.0 */
export function inputDimOf(raw: string): number {
  const { min, max } = SETTINGS.find((s) => s.flag === '--input-dim')!.bounds!;
  if (!/^\s*\d+\s*$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new XaiError(
      'BAD_OPTION',
      `--input-dim: expected an integer in [${min}, ${max}] (the model's feature count), got ${JSON.stringify(raw)}`,
      {
        fn: 'xai',
        arg: '--input-dim',
        value: raw,
      },
    );
  return Number(raw);
}

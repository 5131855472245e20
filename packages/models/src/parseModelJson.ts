import { XaiError, describeValue, parseJsonText } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { fromModelJson } from './fromModelJson.js';
import { namingFile } from './internal/namingFile.js';

/**
 * Core's strict JSON reader (a duplicate key, a syntax error: PARSE_ERROR naming the caller,
 * the source, line and column; a BOM dropped), then the checks of `fromModelJson`. Shared by `parseModelJson` and the file readers of `/node`.
 * When `source` names a file (anything but 'text'), every error carries it: in front of the
 * message and as `details.file` (the field stays in the message and in `details.field`).
 * @internal
 */
export function parseModelText(text: string, fn: string, arg: string, source: string): NeuralModel {
  const file = source === 'text' ? undefined : source;
  let json: unknown;
  try {
    json = parseJsonText(text, { file: file ?? 'text', fn, arg });
  } catch (e) {
    const { line, column, problem, key } = (e as XaiError).details as { line: number; column: number; problem: string; key?: string };
    throw new XaiError('PARSE_ERROR', `${file ? `${file}: ` : ''}not valid JSON: line ${line}, column ${column}: ${problem}`, {
      fn,
      arg,
      value: text.slice(0, 40),
      line,
      column,
      ...(file ? { file } : {}),
      ...(key === undefined ? {} : { key }),
    });
  }
  if (file === undefined) return fromModelJson(json);
  try {
    return fromModelJson(json);
  } catch (e) {
    throw namingFile(e, file, fn, arg);
  }
}

/**
 * A model from the text of an 'xai-model@1' file: PARSE_ERROR when it is not JSON, then
 * the checks of `fromModelJson`. `source` (e.g. the file name) is put in every error: in
 * front of the message (`m.json: layers[1].bias: expected 2 values, got 3`) and as
 * `details.file`. Browser-safe (no file access): read the text with `fetch`, a file input,
 * or `loadModel` from `@xai/models/node`.
 * @example const model = parseModelJson(await (await fetch('ann_adult.json')).text(), 'ann_adult.json')
 * @since 0.1.0
 */
export function parseModelJson(text: string, source = 'text'): NeuralModel {
  if (typeof text !== 'string')
    throw new XaiError('BAD_INPUT', `expected the JSON text of a model, got ${describeValue(text)}`, {
      fn: 'parseModelJson',
      arg: 'text',
      value: text,
    });
  return parseModelText(text, 'parseModelJson', 'text', source);
}

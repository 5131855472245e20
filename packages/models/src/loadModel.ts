import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { XaiError, describeValue } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { fromModelJson } from './fromModelJson.js';
import { fileError } from './internal/fileError.js';

/** JSON.parse with a PARSE_ERROR naming the caller and the source (text or file). */
function parseText(text: string, fn: string, arg: string, source: string): NeuralModel {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `not valid JSON${source === 'text' ? '' : ` (${source})`}: ${(e as Error).message}`, { fn, arg, value: text.slice(0, 40) });
  }
  return fromModelJson(json);
}

/**
 * A model from the text of an 'xai-model@1' file: PARSE_ERROR when it is not JSON, then
 * the checks of `fromModelJson`. `source` (e.g. the file name) only labels the message.
 * @since 0.1.0
 */
export function parseModelJson(text: string, source = 'text'): NeuralModel {
  if (typeof text !== 'string') throw new XaiError('BAD_INPUT', `expected the JSON text of a model, got ${describeValue(text)}`, { fn: 'parseModelJson', arg: 'text', value: text });
  return parseText(text, 'parseModelJson', 'text', source);
}

/**
 * Reads and validates a model file: NOT_FOUND when missing, BAD_INPUT when unreadable,
 * PARSE_ERROR when not JSON, then the checks of `fromModelJson`.
 * @example const model = await loadModel('ann_adult.json')
 * @since 0.1.0
 */
export async function loadModel(path: string): Promise<NeuralModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw fileError('loadModel', 'read', path, e);
  }
  return parseText(text, 'loadModel', 'path', path);
}

/** Synchronous `loadModel` (same errors). @since 0.1.0 */
export function loadModelSync(path: string): NeuralModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw fileError('loadModelSync', 'read', path, e);
  }
  return parseText(text, 'loadModelSync', 'path', path);
}

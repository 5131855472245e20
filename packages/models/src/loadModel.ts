import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { XaiError } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { fromModelJson } from './fromModelJson.js';

/**
 * A model from the text of an 'xai-model@1' file: PARSE_ERROR when it is not JSON, then
 * the checks of `fromModelJson`.
 * @since 0.1.0
 */
export function parseModelJson(text: string, source = 'text'): NeuralModel {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new XaiError('PARSE_ERROR', `not valid JSON: ${(e as Error).message}`, { fn: 'loadModel', arg: source, value: text.slice(0, 40) });
  }
  return fromModelJson(json);
}

function readError(path: string, e: unknown): XaiError {
  const code = (e as NodeJS.ErrnoException).code;
  return new XaiError(code === 'ENOENT' ? 'NOT_FOUND' : 'BAD_INPUT', `cannot read ${path}: ${(e as Error).message}`, { fn: 'loadModel', arg: 'path', value: path });
}

/**
 * Reads and validates a model file (NOT_FOUND when missing).
 * @example const model = await loadModel('ann_adult.json')
 * @since 0.1.0
 */
export async function loadModel(path: string): Promise<NeuralModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw readError(path, e);
  }
  return parseModelJson(text, path);
}

/** Synchronous `loadModel`. @since 0.1.0 */
export function loadModelSync(path: string): NeuralModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw readError(path, e);
  }
  return parseModelJson(text, path);
}

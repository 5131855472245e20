import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { XaiError, describeValue } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { formatModelJson } from './formatModelJson.js';
import { toModelJson } from './toModelJson.js';
import { fileError } from './internal/fileError.js';

function checkPath(fn: string, path: unknown): asserts path is string {
  if (typeof path !== 'string' || path === '') throw new XaiError('BAD_INPUT', `expected a file path, got ${describeValue(path)}`, { fn, arg: 'path', value: path });
}

/**
 * Writes the model as canonical 'xai-model@1' JSON (see `formatModelJson`). A missing
 * folder → NOT_FOUND, any other write failure (a file where a folder should be, a folder
 * at the path, no permission) → BAD_INPUT; both name the path.
 * @example await saveModel('ann_adult.json', model)
 * @since 0.1.0
 */
export async function saveModel(path: string, model: NeuralModel): Promise<void> {
  checkPath('saveModel', path);
  const text = formatModelJson(toModelJson(model));
  try {
    await writeFile(path, text, 'utf8');
  } catch (e) {
    throw fileError('saveModel', 'write', path, e);
  }
}

/** Synchronous `saveModel` (same errors). @since 0.1.0 */
export function saveModelSync(path: string, model: NeuralModel): void {
  checkPath('saveModelSync', path);
  const text = formatModelJson(toModelJson(model));
  try {
    writeFileSync(path, text, 'utf8');
  } catch (e) {
    throw fileError('saveModelSync', 'write', path, e);
  }
}

// Subpath `@xai/models/node`: everything in the root plus the file I/O (saveModel,
// loadModel), which needs Node's fs. The root stays browser-safe.
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { XaiError, describeValue } from '@xai/core';
import type { NeuralModel } from './neuralModel.js';
import { formatModelJson } from './formatModelJson.js';
import { parseModelText } from './parseModelJson.js';
import { toModelJson } from './toModelJson.js';
import { fileError } from './internal/fileError.js';
import { namingFile } from './internal/namingFile.js';

export * from './index.js';

function checkPath(fn: string, path: unknown): asserts path is string {
  if (typeof path !== 'string' || path === '')
    throw new XaiError('BAD_INPUT', `expected a file path, got ${describeValue(path)}`, { fn, arg: 'path', value: path });
}

/**
 * Reads and validates a model file: NOT_FOUND when missing, IO_ERROR when unreadable (a folder, no permission),
 * PARSE_ERROR when not JSON, then the checks of `fromModelJson`. Every error names the file: the
 * path in the message (`m.json: layers[1].bias: expected 2 values, got 3`) and in `details.file`.
 * @example import { loadModel } from '@xai/models/node'; const model = await loadModel('ann_adult.json')
 * @since 0.1.0 (in `@xai/models/node` since 0.2.0)
 */
export async function loadModel(path: string): Promise<NeuralModel> {
  checkPath('loadModel', path);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw namingFile(fileError('loadModel', 'read', path, e), path, 'loadModel', 'path');
  }
  return parseModelText(text, 'loadModel', 'path', path);
}

/** Synchronous `loadModel` (same errors). @since 0.1.0 (in `@xai/models/node` since 0.2.0) */
export function loadModelSync(path: string): NeuralModel {
  checkPath('loadModelSync', path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw namingFile(fileError('loadModelSync', 'read', path, e), path, 'loadModelSync', 'path');
  }
  return parseModelText(text, 'loadModelSync', 'path', path);
}

/**
 * Writes the model as canonical 'xai-model@1' JSON (see `formatModelJson`). A missing
 * folder (or a file where a folder should be) → NOT_FOUND, any other OS-level write failure
 * (a folder at the path, no permission, disk full) → IO_ERROR; both name the path.
 * @example import { saveModel } from '@xai/models/node'; await saveModel('ann_adult.json', model)
 * @since 0.1.0 (in `@xai/models/node` since 0.2.0)
 */
export async function saveModel(path: string, model: NeuralModel): Promise<void> {
  checkPath('saveModel', path);
  const text = formatModelJson(toModelJson(model));
  try {
    await writeFile(path, text, 'utf8');
  } catch (e) {
    throw namingFile(fileError('saveModel', 'write', path, e), path, 'saveModel', 'path');
  }
}

/** Synchronous `saveModel` (same errors). @since 0.1.0 (in `@xai/models/node` since 0.2.0) */
export function saveModelSync(path: string, model: NeuralModel): void {
  checkPath('saveModelSync', path);
  const text = formatModelJson(toModelJson(model));
  try {
    writeFileSync(path, text, 'utf8');
  } catch (e) {
    throw namingFile(fileError('saveModelSync', 'write', path, e), path, 'saveModelSync', 'path');
  }
}

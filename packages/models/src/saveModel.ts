import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { NeuralModel } from './neuralModel.js';
import { formatModelJson } from './formatModelJson.js';
import { toModelJson } from './toModelJson.js';

/**
 * Writes the model as canonical 'xai-model@1' JSON (see `formatModelJson`).
 * @example await saveModel('ann_adult.json', model)
 * @since 0.1.0
 */
export async function saveModel(path: string, model: NeuralModel): Promise<void> {
  await writeFile(path, formatModelJson(toModelJson(model)), 'utf8');
}

/** Synchronous `saveModel`. @since 0.1.0 */
export function saveModelSync(path: string, model: NeuralModel): void {
  writeFileSync(path, formatModelJson(toModelJson(model)), 'utf8');
}

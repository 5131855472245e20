// @xai/trees/node: reading tree model files from disk.
import { readFileSync } from 'node:fs';
import { systemError } from '@xai/core';
import type { TreeModel } from './treeModel.js';
import { treeModelFromBytes } from './treeModelFromBytes.js';

export * from './index.js';

/**
 * Loads an XGBoost JSON model (`Booster.save_model('m.json')`) or an ONNX tree-ensemble graph.
 * @example const m = loadTreeModel('m.json'); m.describe()
 * @since 0.1.0
 */
export function loadTreeModel(path: string, options: { readonly inputDim?: number } = {}): TreeModel {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw systemError(e, { fn: 'loadTreeModel', path, action: 'read' });
  }
  return treeModelFromBytes(bytes, { file: path, ...options });
}

import { XaiError } from '@xai/core';
import { isOnnxTreeGraph, readOnnxTrees } from './readOnnxTrees.js';
import { readXgboostJson } from './readXgboostJson.js';
import type { TreeModel } from './treeModel.js';
import { treeModel } from './treeModel.js';

/** What a model file holds, judged by its bytes. */
export type TreeFileKind = 'xgboost-json' | 'onnx-trees' | null;

/**
 * Sniffs model bytes: an XGBoost JSON model (a JSON object with `learner.gradient_booster`), an
 * ONNX tree-ensemble graph, or neither (null).
 * @example treeFileKind(bytes) // 'xgboost-json'
 * @since 0.1.0
 */
export function treeFileKind(bytes: Uint8Array): TreeFileKind {
  let i = 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 ||
      bytes[i] === 0x0a ||
      bytes[i] === 0x0d ||
      bytes[i] === 0x09 ||
      bytes[i] === 0xef ||
      bytes[i] === 0xbb ||
      bytes[i] === 0xbf)
  )
    i++;
  if (bytes[i] === 0x7b) {
    const head = new TextDecoder().decode(bytes.subarray(0, Math.min(bytes.length, 1 << 20)));
    return /"learner"\s*:/.test(head) && /"gradient_booster"\s*:/.test(head) ? 'xgboost-json' : null;
  }
  return isOnnxTreeGraph(bytes) ? 'onnx-trees' : null;
}

/**
 * A tree model from the bytes of an XGBoost JSON model or an ONNX tree-ensemble graph
 * (browser-safe; `@xai/trees/node`'s `loadTreeModel` reads a path).
 * @example const m = treeModelFromBytes(new Uint8Array(await file.arrayBuffer()), { file: file.name })
 * @since 0.1.0
 */
export function treeModelFromBytes(bytes: Uint8Array, options: { readonly file?: string; readonly inputDim?: number } = {}): TreeModel {
  const file = options.file ?? '<model>';
  const kind = treeFileKind(bytes);
  if (kind === 'xgboost-json') return treeModel(readXgboostJson(new TextDecoder().decode(bytes), { file }));
  if (kind === 'onnx-trees')
    return treeModel(readOnnxTrees(bytes, { file, ...(options.inputDim !== undefined ? { inputDim: options.inputDim } : {}) }));
  throw new XaiError('BAD_INPUT', `${file} is neither an XGBoost JSON model nor an ONNX tree-ensemble graph`, {
    fn: 'treeModelFromBytes',
    file,
  });
}

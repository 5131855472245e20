import { XaiError } from '@xai/core';
import { isOnnxTreeGraph, readOnnxTrees } from './readOnnxTrees.js';
import { readXgboostJson } from './readXgboostJson.js';
import type { TreeModel } from './treeModel.js';
import { treeModel } from './treeModel.js';

/** What a model file holds, judged by its bytes ('xgboost-ubjson': XGBoost's binary JSON, which is refused with advice). */
export type TreeFileKind = 'xgboost-json' | 'xgboost-ubjson' | 'onnx-trees' | null;

/** UBJSON's length markers (int8, uint8, int16, int32, int64) that follow `{` before the first key. */
const UBJSON_LENGTH_MARKERS = new Set([0x69, 0x55, 0x49, 0x6c, 0x4c]);

/**
 * Sniffs model bytes: an XGBoost JSON model (a JSON object with `learner.gradient_booster`), the
 * same in UBJSON, an ONNX tree-ensemble graph, or neither (null).
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
    if (/"learner"\s*:/.test(head) && /"gradient_booster"\s*:/.test(head)) return 'xgboost-json';
    // booster.save_model('m.ubj'): keys are length-prefixed bytes, not quoted strings.
    return UBJSON_LENGTH_MARKERS.has(bytes[i + 1]!) && head.includes('learner') && head.includes('gradient_booster')
      ? 'xgboost-ubjson'
      : null;
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
  if (kind === 'xgboost-ubjson')
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file} is an XGBoost model in UBJSON (binary JSON, .ubj): only its JSON format is read; save it with booster.save_model('model.json')`,
      { fn: 'treeModelFromBytes', file },
    );
  if (kind === 'onnx-trees')
    return treeModel(readOnnxTrees(bytes, { file, ...(options.inputDim !== undefined ? { inputDim: options.inputDim } : {}) }));
  throw new XaiError('BAD_INPUT', `${file} is neither an XGBoost JSON model nor an ONNX tree-ensemble graph`, {
    fn: 'treeModelFromBytes',
    file,
  });
}

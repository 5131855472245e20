// The import step: recognises an MLP in an ONNX graph (what torch and sklearn-onnx export
// for dense nets, linear models and their preprocessing). The chain from the chosen output
// back to the input is read node by node, then its affine maps are folded into dense layers.
import type { GraphIndex } from './graph.js';
import { foldChain } from './chain/foldChain.js';
import type { ImportResult } from './chain/importedMlp.js';
import { readChain } from './chain/readChain.js';

export type { Head, HiddenActivation, ImportedLayer, ImportedMlp, ImportResult } from './chain/importedMlp.js';

/**
 * Walks back from `outputName` to the graph input and imports what it finds as dense layers
 * with an optional softmax/sigmoid head; anything it cannot read exactly → `{ ok: false,
 * reason, node }` naming the node (index, name, op type) and why.
 */
export function importMlp(g: GraphIndex, outputName: string): ImportResult {
  const chain = readChain(g, outputName);
  return chain.ok ? foldChain(chain.steps, g) : chain;
}

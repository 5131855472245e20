// Recognises an MLP in an ONNX graph (what torch and sklearn-onnx export for dense nets,
// linear models and their preprocessing): the chain from the chosen output back to the input
// is read node by node, then its affine maps are folded into dense layers.
import type { GraphIndex } from './graph.js';
import type { NodeRef } from './chain/chainStep.js';
import { foldChain } from './chain/foldChain.js';
import { readChain } from './chain/readChain.js';

export type HiddenActivation = 'relu' | 'tanh' | 'sigmoid' | 'none';

/** One affine layer, weight out x in (PyTorch layout), and the activation applied after it. */
export interface ImportedLayer {
  readonly inDim: number;
  readonly outDim: number;
  readonly weight: Float64Array;
  readonly bias: Float64Array;
  readonly activation: HiddenActivation;
}

/** The head applied to the last layer's raw scores in the graph. */
export type Head = 'softmax' | 'sigmoid' | 'none';

export interface ImportedMlp {
  readonly layers: ImportedLayer[];
  readonly head: Head;
  /** Ops seen, input to output (for the `discovered` report). */
  readonly ops: string[];
}

export type ImportResult =
  | { readonly ok: true; readonly mlp: ImportedMlp }
  | { readonly ok: false; readonly reason: string; readonly node?: NodeRef };

/**
 * Walks back from `outputName` to the graph input and imports what it finds as dense layers
 * with an optional softmax/sigmoid head; anything it cannot read exactly → `{ ok: false,
 * reason, node }` naming the node (index, name, op type) and why.
 */
export function importMlp(g: GraphIndex, outputName: string): ImportResult {
  const chain = readChain(g, outputName);
  return chain.ok ? foldChain(chain.steps, g) : chain;
}

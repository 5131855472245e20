// What the import step gives: dense layers and a head read exactly from the graph, or the
// node it stopped at and why.
import type { NodeRef } from './chainStep.js';

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

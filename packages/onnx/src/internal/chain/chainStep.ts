// One link of the path from the graph input to the chosen output, as the importer reads it,
// and how a refusal names the node it stopped at.
import type { NodeRef } from '../graph.js';
import { nodeLabel } from '../graph.js';

export type { NodeRef } from '../graph.js';
export { nodeLabel, nodeRef } from '../graph.js';

export type StepActivation = 'relu' | 'tanh' | 'sigmoid';

interface StepBase {
  /** The op label listed in `discovered.mlp`. */
  readonly op: string;
  readonly node: NodeRef;
}

/** out x in weight (PyTorch layout) and bias. */
export interface DenseStep extends StepBase {
  readonly kind: 'dense';
  readonly inDim: number;
  readonly outDim: number;
  readonly weight: Float64Array;
  readonly bias: Float64Array;
}

/** y = scale ⊙ x + shift per feature; a length-1 vector broadcasts over every feature. */
export interface AffineStep extends StepBase {
  readonly kind: 'affine';
  readonly scale: Float64Array;
  readonly shift: Float64Array;
}

export type ChainStep =
  | DenseStep
  | AffineStep
  | (StepBase & { readonly kind: 'activation'; readonly activation: StepActivation })
  | (StepBase & { readonly kind: 'softmax' })
  /** Concat of a sigmoid column p with 1 − p: `complementFirst` is [1 − p, p]. */
  | (StepBase & { readonly kind: 'complement'; readonly complementFirst: boolean })
  /** ai.onnx.ml Normalizer L1: a no-op on rows that already sum to 1. */
  | (StepBase & { readonly kind: 'normalizeL1' })
  /** Rows and values unchanged (Identity, Cast, Flatten, Reshape, ZipMap); `width` when the op fixes one. */
  | (StepBase & { readonly kind: 'pass'; readonly width?: number });

export interface Refusal {
  /** Starts with the node's label when a node is to blame. */
  readonly reason: string;
  readonly node?: NodeRef;
}

/** What one node reader gives: its steps (input to output order) and the tensor to walk back to. */
export type NodeRead = { readonly steps: readonly ChainStep[]; readonly next: string } | Refusal;

export function refuse(ref: NodeRef, why: string): Refusal {
  return { reason: `${nodeLabel(ref)}: ${why}`, node: ref };
}

export function isRefusal(r: NodeRead): r is Refusal {
  return 'reason' in r;
}

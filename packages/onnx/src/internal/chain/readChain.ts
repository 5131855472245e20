// Walks back from the chosen output to the graph input, one node reader per op type, and
// returns the chain of steps in input-to-output order (or the node it stopped at and why).
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import type { ChainStep, NodeRead, NodeRef, Refusal } from './chainStep.js';
import { isRefusal, nodeRef, refuse } from './chainStep.js';
import { readBatchNorm, readElementwise, readScaler } from './readAffine.js';
import { readActivation, readConcat, readNormalizer, readSoftmax, readZipMap } from './readHead.js';
import { readGemm, readLinearClassifier, readMatMul } from './readLinear.js';
import { readCast, readFlatten, readIdentity, readReshape, readSqueeze } from './readShape.js';

type Reader = (node: NodeProto, g: GraphIndex, ref: NodeRef, output: string) => NodeRead;

const READERS: Readonly<Record<string, Reader>> = {
  Gemm: readGemm,
  MatMul: readMatMul,
  LinearClassifier: readLinearClassifier,
  Add: readElementwise,
  Sub: readElementwise,
  Mul: readElementwise,
  Div: readElementwise,
  BatchNormalization: readBatchNorm,
  Scaler: readScaler,
  Relu: readActivation,
  Tanh: readActivation,
  Sigmoid: readActivation,
  Softmax: readSoftmax,
  Concat: readConcat,
  Normalizer: readNormalizer,
  ZipMap: readZipMap,
  Identity: readIdentity,
  Dropout: readIdentity,
  Cast: readCast,
  Flatten: readFlatten,
  Reshape: readReshape,
  Squeeze: readSqueeze,
};

/** The op types the importer reads, for messages. */
export const IMPORTED_OPS: readonly string[] = Object.keys(READERS);

export type ChainRead = { readonly ok: true; readonly steps: ChainStep[] } | ({ readonly ok: false } & Refusal);

export function readChain(g: GraphIndex, outputName: string): ChainRead {
  const steps: ChainStep[] = [];
  const visited = new Set<string>();
  let name = outputName;
  while (name !== g.input.name) {
    const node = g.producer.get(name);
    if (node === undefined) {
      const what = g.constants.has(name) ? 'is a constant' : 'has no producer';
      return { ok: false, reason: `tensor '${name}' ${what} and is not the input '${g.input.name}'` };
    }
    const ref = nodeRef(g, node);
    if (visited.has(name)) return { ok: false, ...refuse(ref, 'the graph loops back on itself') };
    visited.add(name);
    const reader = READERS[ref.opType];
    if (reader === undefined)
      return { ok: false, ...refuse(ref, `${ref.opType} is not an op the MLP importer reads (${IMPORTED_OPS.join(', ')})`) };
    const r = reader(node, g, ref, name);
    if (isRefusal(r)) return { ok: false, ...r };
    steps.unshift(...r.steps);
    name = r.next;
  }
  return { ok: true, steps };
}

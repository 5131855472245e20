// Readers of activations and of what classifiers put after their last layer: Softmax, Sigmoid,
// a Concat [1 − p, p] of one sigmoid column, ai.onnx.ml Normalizer (L1) and ZipMap.
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { attrInt, attrInts, attrString } from '../proto.js';
import type { NodeRead, NodeRef, StepActivation } from './chainStep.js';
import { refuse } from './chainStep.js';
import { graphConstant } from './graphConstant.js';

const ACTIVATION: Record<string, StepActivation> = { Relu: 'relu', Tanh: 'tanh', Sigmoid: 'sigmoid' };

export function readActivation(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  const activation = ACTIVATION[ref.opType]!;
  return { steps: [{ kind: 'activation', op: ref.opType, node: ref, activation }], next: node.input?.[0] ?? '' };
}

export function readSoftmax(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  if (![-1, 1].includes(attrInt(node, 'axis', -1))) return refuse(ref, 'is not over the feature axis');
  return { steps: [{ kind: 'softmax', op: 'Softmax', node: ref }], next: node.input?.[0] ?? '' };
}

/** The tensor p when `name` is Sub(1, p), else undefined. */
function complementOf(g: GraphIndex, name: string): string | undefined {
  const sub = g.producer.get(name);
  if (sub?.opType !== 'Sub') return undefined;
  const one = graphConstant(g, sub.input?.[0]);
  if (one === undefined || one.values.length !== 1 || one.values[0] !== 1) return undefined;
  return sub.input?.[1] ?? undefined;
}

/** Concat(axis 1) of [1 − p, p] or [p, 1 − p]: the two-class probabilities of a sigmoid column p. */
export function readConcat(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const ins = node.input ?? [];
  if (![-1, 1].includes(attrInt(node, 'axis', 0)) || ins.length !== 2)
    return refuse(ref, `joins ${ins.length} tensors along axis ${attrInt(node, 'axis', 0)}; only [1 − p, p] along axis 1 is imported`);
  const [a, b] = [ins[0]!, ins[1]!];
  if (complementOf(g, a) === b) return { steps: [{ kind: 'complement', op: 'Concat[1−p,p]', node: ref, complementFirst: true }], next: b };
  if (complementOf(g, b) === a) return { steps: [{ kind: 'complement', op: 'Concat[p,1−p]', node: ref, complementFirst: false }], next: a };
  return refuse(ref, `joins '${a}' and '${b}', which are not a column p and Sub(1, p)`);
}

export function readNormalizer(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  const norm = attrString(node, 'norm') ?? 'MAX';
  if (norm !== 'L1') return refuse(ref, `norm ${norm} rescales the scores; only L1 on probabilities (a no-op) is imported`);
  return { steps: [{ kind: 'normalizeL1', op: 'Normalizer(L1)', node: ref }], next: node.input?.[0] ?? '' };
}

/** True when `divisor` is Σ|numerator| over the feature axis (ReduceSum(Abs) or ReduceL1, keepdims). */
export function isL1NormOf(g: GraphIndex, numerator: string, divisor: string): boolean {
  const reduce = g.producer.get(divisor);
  if (reduce === undefined || attrInt(reduce, 'keepdims', 1) !== 1) return false;
  const axes = attrInts(reduce, 'axes') ?? Array.from(graphConstant(g, reduce.input?.[1])?.values ?? []);
  if (axes.length !== 1 || (axes[0] !== 1 && axes[0] !== -1)) return false;
  if (reduce.opType === 'ReduceL1') return reduce.input?.[0] === numerator;
  const abs = g.producer.get(reduce.input?.[0] ?? '');
  return reduce.opType === 'ReduceSum' && abs?.opType === 'Abs' && abs.input?.[0] === numerator;
}

/** sklearn-onnx's Normalizer L1 for double inputs: Div(t, ReduceSum(Abs(t), axis 1)). */
export function readL1Division(node: NodeProto, ref: NodeRef): NodeRead {
  return { steps: [{ kind: 'normalizeL1', op: 'Div(L1)', node: ref }], next: node.input?.[0] ?? '' };
}

export function readZipMap(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  return { steps: [{ kind: 'pass', op: 'ZipMap', node: ref }], next: node.input?.[0] ?? '' };
}

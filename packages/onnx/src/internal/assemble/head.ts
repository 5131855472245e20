// The head in front of the chosen output: walking back through ops that leave rows as they
// are, a Softmax (its input: the logits), a Sigmoid of one column (its input z: logits [0, z]),
// a Concat [1 − p, p] of such a sigmoid, or an ai.onnx.ml classifier.
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { DT, attrInt, attrString } from '../proto.js';
import { graphConstant } from '../chain/graphConstant.js';

export type HeadKind = 'softmax' | 'sigmoid' | 'classifier-op' | 'none';

export interface Head {
  readonly kind: HeadKind;
  /** The tensor holding the logits (softmax: all columns; sigmoid: z of logits [0, z]). */
  readonly logits?: string;
  /** The op found, for the discovery record. */
  readonly op?: string;
}

const PASS = new Set(['Identity', 'ZipMap', 'Dropout', 'Flatten', 'Reshape', 'Squeeze']);
const CLASSIFIER_OP = /Classifier$/;

/** Sub(1, p) → p. */
function complementOf(g: GraphIndex, name: string): string | undefined {
  const sub = g.producer.get(name);
  if (sub?.opType !== 'Sub') return undefined;
  const one = graphConstant(g, sub.input?.[0]);
  return one !== undefined && one.values.length === 1 && one.values[0] === 1 ? (sub.input?.[1] ?? undefined) : undefined;
}

function sigmoidInput(g: GraphIndex, name: string): string | undefined {
  const node = g.producer.get(name);
  return node?.opType === 'Sigmoid' ? (node.input?.[0] ?? undefined) : undefined;
}

/** A pass-through step back from `node` (rows unchanged), or undefined. */
function passBack(node: NodeProto): string | undefined {
  const op = node.opType ?? '';
  if (PASS.has(op)) return node.input?.[0] ?? undefined;
  if (op === 'Cast' && [DT.FLOAT, DT.DOUBLE, 10].includes(attrInt(node, 'to', 0) as 1)) return node.input?.[0] ?? undefined;
  // L1 rows of probabilities: already summing to 1
  if (op === 'Normalizer' && attrString(node, 'norm') === 'L1') return node.input?.[0] ?? undefined;
  return undefined;
}

export function findHead(g: GraphIndex, outputName: string): Head {
  let name = outputName;
  for (let hops = 0; hops < 32; hops++) {
    const node = g.producer.get(name);
    if (node === undefined) return { kind: 'none' };
    const op = node.opType ?? '';
    if (op === 'Softmax' && [-1, 1].includes(attrInt(node, 'axis', -1))) return { kind: 'softmax', logits: node.input?.[0] ?? '', op };
    if (op === 'Sigmoid') return { kind: 'sigmoid', logits: node.input?.[0] ?? '', op };
    if (op === 'Concat' && (node.input ?? []).length === 2 && [-1, 1].includes(attrInt(node, 'axis', 0))) {
      const [a, b] = [node.input![0]!, node.input![1]!];
      const p = complementOf(g, a) === b ? b : complementOf(g, b) === a ? a : undefined;
      const z = p === undefined ? undefined : sigmoidInput(g, p);
      // [1 − p, p]: z is the logit of the second column, [p, 1 − p]: of the first
      if (z !== undefined) return p === b ? { kind: 'sigmoid', logits: z, op: 'Concat[1−p,p]' } : { kind: 'sigmoid', op: 'Concat[p,1−p]' };
      return { kind: 'none' };
    }
    if (CLASSIFIER_OP.test(op)) return { kind: 'classifier-op', op };
    const next = passBack(node);
    if (next === undefined) return { kind: 'none' };
    name = next;
  }
  return { kind: 'none' };
}

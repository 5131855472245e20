// A tensor the graph holds as a constant (initializer or Constant node), read as float64.
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { DT, attrInt, tensorDims, tensorValues } from '../proto.js';

export interface GraphConstant {
  readonly dims: number[];
  readonly values: Float64Array;
}

// Exporters leave small computations on constants unfolded (torch's `1 / std` of a buffer
// is a Reciprocal node): evaluate them, so their result is a constant too.
const UNARY: Readonly<Record<string, (v: number) => number>> = {
  Reciprocal: (v) => 1 / v,
  Neg: (v) => -v,
  Sqrt: Math.sqrt,
  Identity: (v) => v,
  Cast: (v) => v,
};
const BINARY: Readonly<Record<string, (a: number, b: number) => number>> = {
  Add: (a, b) => a + b,
  Sub: (a, b) => a - b,
  Mul: (a, b) => a * b,
  Div: (a, b) => a / b,
  Pow: (a, b) => a ** b,
};

function evaluated(g: GraphIndex, node: NodeProto, depth: number): GraphConstant | undefined {
  const op = node.opType ?? '';
  const ins = node.input ?? [];
  if (op === 'Cast' && ![DT.FLOAT, DT.DOUBLE].includes(attrInt(node, 'to', 0) as 1 | 11)) return undefined;
  const unary = UNARY[op];
  if (unary !== undefined && ins.length === 1) {
    const a = lookup(g, ins[0], depth + 1);
    return a === undefined ? undefined : { dims: a.dims, values: a.values.map(unary) };
  }
  const binary = BINARY[op];
  if (binary === undefined || ins.length !== 2) return undefined;
  const [a, b] = [lookup(g, ins[0], depth + 1), lookup(g, ins[1], depth + 1)];
  if (a === undefined || b === undefined) return undefined;
  // Same shape, or one side a scalar: the broadcasts these small computations use.
  if (a.values.length !== b.values.length && a.values.length !== 1 && b.values.length !== 1) return undefined;
  const big = a.values.length >= b.values.length ? a : b;
  const at = (c: GraphConstant, i: number): number => c.values[c.values.length === 1 ? 0 : i]!;
  return { dims: big.dims, values: big.values.map((_, i) => binary(at(a, i), at(b, i))) };
}

function lookup(g: GraphIndex, name: string | undefined, depth: number): GraphConstant | undefined {
  if (name === undefined || name === '' || depth > 16) return undefined;
  const t = g.constants.get(name);
  if (t !== undefined) {
    const values = tensorValues(t);
    return values === undefined ? undefined : { dims: tensorDims(t), values };
  }
  const node = g.producer.get(name);
  return node === undefined ? undefined : evaluated(g, node, depth);
}

export function graphConstant(g: GraphIndex, name: string | undefined): GraphConstant | undefined {
  return lookup(g, name, 0);
}

/**
 * A constant as a per-feature vector, when it broadcasts against an n x w tensor without
 * touching the batch: a scalar, [w] or [1, w]. Undefined otherwise.
 */
export function featureVector(c: GraphConstant): Float64Array | undefined {
  const { dims, values } = c;
  if (values.length === 1 && dims.length <= 2) return values;
  if (dims.length === 1 || (dims.length === 2 && dims[0] === 1)) return values;
  return undefined;
}

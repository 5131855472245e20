// A tensor the graph holds as a constant (initializer or Constant node), read as float64.
import type { GraphIndex } from '../graph.js';
import { tensorDims, tensorValues } from '../proto.js';

export interface GraphConstant {
  readonly dims: number[];
  readonly values: Float64Array;
}

export function graphConstant(g: GraphIndex, name: string | undefined): GraphConstant | undefined {
  if (name === undefined || name === '') return undefined;
  const t = g.constants.get(name);
  if (t === undefined) return undefined;
  const values = tensorValues(t);
  return values === undefined ? undefined : { dims: tensorDims(t), values };
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

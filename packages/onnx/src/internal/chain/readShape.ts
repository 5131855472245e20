// Readers of ops that leave every row's values as they are: Identity, Dropout (inference),
// Cast to a float type, Flatten(axis 1), Reshape/Squeeze that keep the batch axis.
import type { GraphIndex } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { DT, attrInt, attrInts, elemTypeName } from '../proto.js';
import type { NodeRead, NodeRef } from './chainStep.js';
import { refuse } from './chainStep.js';
import { graphConstant } from './graphConstant.js';

function pass(node: NodeProto, ref: NodeRef, width?: number): NodeRead {
  const step = { kind: 'pass', op: ref.opType, node: ref, ...(width !== undefined ? { width } : {}) } as const;
  return { steps: [step], next: node.input?.[0] ?? '' };
}

export function readIdentity(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  return pass(node, ref);
}

export function readCast(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  const to = attrInt(node, 'to', 0);
  if (to !== DT.FLOAT && to !== DT.DOUBLE && to !== 10) return refuse(ref, `casts to ${elemTypeName(to)}, which has no gradient`);
  return pass(node, ref);
}

export function readFlatten(node: NodeProto, _g: GraphIndex, ref: NodeRef): NodeRead {
  if (attrInt(node, 'axis', 1) !== 1) return refuse(ref, `axis ${attrInt(node, 'axis', 1)} merges the batch axis`);
  return pass(node, ref);
}

/** Reshape to [n, w] (shape [-1|0, w|-1]) or, for one column, to [n] (shape [-1]). */
export function readReshape(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const shape = graphConstant(g, node.input?.[1]);
  if (shape === undefined) return refuse(ref, 'its target shape is computed at run time, not a constant');
  const s = Array.from(shape.values);
  if (s.length === 2 && (s[0] === -1 || s[0] === 0) && s[1]! >= 1) return pass(node, ref, s[1]);
  if (s.length === 2 && s[0] === 0 && s[1] === -1) return pass(node, ref);
  if (s.length === 1 && s[0] === -1) return pass(node, ref, 1);
  return refuse(ref, `target shape [${s.join(', ')}] does not keep one row per batch row`);
}

/** Squeeze of the feature axis of a one-column tensor: [n, 1] → [n]. */
export function readSqueeze(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const axes = attrInts(node, 'axes') ?? Array.from(graphConstant(g, node.input?.[1])?.values ?? []);
  if (axes.length !== 1 || (axes[0] !== 1 && axes[0] !== -1))
    return refuse(ref, `squeezes axes [${axes.join(', ')}], not the feature axis alone`);
  return pass(node, ref, 1);
}

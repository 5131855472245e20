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

/** Unsqueeze(Gather(Shape(t), 0)) or Slice(Shape(t), 0, 1) of a computed t: the batch size, as torch's `x.size(0)` exports. */
function isBatchSize(g: GraphIndex, name: string): boolean {
  const node = g.producer.get(name);
  const shapeOf = (n: string | undefined): boolean => {
    const p = n === undefined ? undefined : g.producer.get(n);
    return p?.opType === 'Shape' && !g.constants.has(p.input?.[0] ?? '') && attrInt(p, 'start', 0) === 0;
  };
  const values = (n: string | undefined): number[] => Array.from(graphConstant(g, n)?.values ?? []);
  if (node?.opType === 'Slice')
    return shapeOf(node.input?.[0]) && values(node.input?.[1]).join() === '0' && values(node.input?.[2]).join() === '1';
  if (node?.opType !== 'Unsqueeze') return false;
  const axes = attrInts(node, 'axes') ?? values(node.input?.[1]);
  const gather = g.producer.get(node.input?.[0] ?? '');
  return (
    axes.join() === '0' &&
    gather?.opType === 'Gather' &&
    attrInt(gather, 'axis', 0) === 0 &&
    shapeOf(gather.input?.[0]) &&
    values(gather.input?.[1]).join() === '0'
  );
}

/** A Reshape's target shape: constant, or a Concat of constants and the batch size ('n'). */
function reshapeTarget(g: GraphIndex, name: string | undefined): (number | 'n')[] | undefined {
  const constant = graphConstant(g, name);
  if (constant !== undefined) return Array.from(constant.values);
  const concat = name === undefined ? undefined : g.producer.get(name);
  if (concat?.opType !== 'Concat') return undefined;
  const dims: (number | 'n')[] = [];
  for (const part of concat.input ?? []) {
    const c = graphConstant(g, part);
    if (c !== undefined) dims.push(...c.values);
    else if (isBatchSize(g, part)) dims.push('n');
    else return undefined;
  }
  return dims;
}

/** Reshape to [n, w] (shape [-1|0|n, w|-1]) or, for one column, to [n] (shape [-1|n]). */
export function readReshape(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const s = reshapeTarget(g, node.input?.[1]);
  if (s === undefined) return refuse(ref, 'its target shape is computed at run time from more than the batch size');
  const batch = s[0] === -1 || s[0] === 0 || s[0] === 'n';
  if (s.length === 2 && batch && typeof s[1] === 'number' && s[1] >= 1) return pass(node, ref, s[1]);
  if (s.length === 2 && batch && s[1] === -1 && s[0] !== -1) return pass(node, ref);
  if (s.length === 1 && batch) return pass(node, ref, 1);
  return refuse(ref, `target shape [${s.join(', ')}] does not keep one row per batch row`);
}

/** Squeeze of the feature axis of a one-column tensor: [n, 1] → [n]. */
export function readSqueeze(node: NodeProto, g: GraphIndex, ref: NodeRef): NodeRead {
  const axes = attrInts(node, 'axes') ?? Array.from(graphConstant(g, node.input?.[1])?.values ?? []);
  if (axes.length !== 1 || (axes[0] !== 1 && axes[0] !== -1))
    return refuse(ref, `squeezes axes [${axes.join(', ')}], not the feature axis alone`);
  return pass(node, ref, 1);
}

// A node as the compiled plan keeps it, and how an obstacle to running or differentiating it is named.
import type { NodeRef } from '../graph.js';
import type { NodeProto } from '../proto.js';
import type { OpContext, OpDef } from './op.js';

export interface PlanNode {
  readonly ref: NodeRef;
  readonly node: NodeProto;
  readonly domain: string;
  /** undefined: an op the interpreter does not run. */
  readonly def: OpDef | undefined;
  readonly ctx: OpContext;
  /** Tensor ids (-1: an optional input left empty). */
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  /** Input positions whose columns lose their derivative here. */
  readonly breaks: readonly number[];
}

/** Why the plan cannot do something, naming the node. */
export interface Obstacle {
  readonly node: NodeRef;
  readonly reason: string;
}

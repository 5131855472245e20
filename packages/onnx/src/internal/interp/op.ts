// What an operator implementation provides to the interpreter: a forward pass, and for the
// inputs that carry a derivative, a backward pass (vector-Jacobian product).
import type { NodeProto } from '../proto.js';
import type { MatmulKernels } from './kernels.js';
import type { Precision, Tensor } from './tensor.js';

export interface OpContext {
  readonly node: NodeProto;
  readonly precision: Precision;
  /** The opset version of the node's domain. */
  readonly opset: number;
  readonly kernels: MatmulKernels;
  /** Per input position: a graph constant (the same array on every call, so kernels may keep it laid out). */
  readonly constant: readonly boolean[];
}

export interface Forward {
  readonly outputs: readonly Tensor[];
  /** Anything backward needs besides the inputs and outputs. */
  readonly saved?: unknown;
}

/** An optional input left empty ('' in the node) is undefined. */
export type Inputs = readonly (Tensor | undefined)[];

export interface Backward {
  readonly ctx: OpContext;
  readonly inputs: Inputs;
  readonly outputs: readonly Tensor[];
  readonly saved: unknown;
  /** Gradients of the outputs (undefined: that output's gradient is zero). */
  readonly dOut: readonly (Tensor | undefined)[];
  /** Which inputs need a gradient. */
  readonly want: readonly boolean[];
}

export interface OpDef {
  /** `grad`: a backward pass follows, so an op may save what makes it cheaper. */
  forward(ctx: OpContext, inputs: Inputs, grad?: boolean): Forward;
  /** Input positions that carry a derivative; the others hold shapes, indices, conditions, or have none. */
  readonly grads?: readonly number[] | 'all';
  /** Gradients of the inputs (undefined where not wanted or zero). */
  backward?(b: Backward): readonly (Tensor | undefined)[];
  /**
   * Input positions whose columns lose their derivative here (a Gather index, a comparison, a
   * Cast to an integer): a column that reaches one is not differentiable. A function decides per node.
   */
  readonly breaks?: readonly number[] | ((node: NodeProto) => readonly number[]);
  /** Input positions whose values are not read, only their shape or type (Shape, Size, CastLike's target). */
  readonly shapeOnly?: readonly number[];
  /**
   * How values flow, for the column analysis: 'elementwise' (output element e reads element e
   * of each broadcast input), 'movement' (each output element is one input element, moved),
   * else every output element may read every input element.
   */
  readonly flow?: 'elementwise' | 'movement';
}

/** A problem found while running an op: the interpreter adds the node's name. */
export class OpError extends Error {
  constructor(
    message: string,
    readonly code: 'NOT_SUPPORTED' | 'SHAPE_MISMATCH' | 'BAD_INPUT' = 'NOT_SUPPORTED',
  ) {
    super(message);
  }
}

/** The input at `i`, which must be present. */
export function need(inputs: Inputs, i: number, what: string): Tensor {
  const t = inputs[i];
  if (t === undefined) throw new OpError(`input ${i} (${what}) is missing`, 'BAD_INPUT');
  return t;
}

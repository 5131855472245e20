// Running a compiled plan: the forward pass over the kept nodes (saving what each backward
// step needs), and the reverse pass from seed gradients on any computed tensors back to the
// graph input.
import { XaiError } from '@xai/core';
import { nodeLabel } from '../graph.js';
import type { Backward, Forward } from './op.js';
import { OpError } from './op.js';
import type { Plan, PlanNode } from './plan.js';
import type { Tensor } from './tensor.js';
import { alloc, dimsText, isFloatType, sizeOf } from './tensor.js';

export interface Tape {
  readonly values: (Tensor | undefined)[];
  /** What each plan node's forward saved for its backward (by position in plan.nodes). */
  readonly saved: unknown[];
}

function nodeError(pn: PlanNode, e: unknown, file: string, fn: string): XaiError {
  const code = e instanceof OpError ? e.code : 'BAD_INPUT';
  return new XaiError(code, `${file}: ${nodeLabel(pn.ref)}: ${(e as Error).message}`, { fn, file, value: pn.ref.opType });
}

/** The forward pass from input tensor `x`; every value is kept (the backward reads them). `grad`: a backward pass follows. */
export function runForward(plan: Plan, x: Tensor, file: string, fn: string, grad = false): Tape {
  const values: (Tensor | undefined)[] = plan.constants.slice();
  values[plan.inputId] = x;
  const saved: unknown[] = new Array(plan.nodes.length);
  plan.nodes.forEach((pn, k) => {
    if (pn.def === undefined)
      throw new XaiError('NOT_SUPPORTED', `${file}: ${nodeLabel(pn.ref)}: the interpreter does not run ${pn.ref.opType}`, {
        fn,
        file,
        value: pn.ref.opType,
      });
    let r: Forward;
    try {
      r = pn.def.forward(
        pn.ctx,
        pn.inputs.map((t) => (t < 0 ? undefined : values[t])),
        grad,
      );
    } catch (e) {
      throw nodeError(pn, e, file, fn);
    }
    pn.outputs.forEach((t, i) => {
      if (t >= 0) values[t] = r.outputs[i];
    });
    saved[k] = r.saved;
  });
  return { values, saved };
}

/** a + b into a new tensor (gradients may share arrays with values, so never in place). */
function sum(a: Tensor, b: Tensor, plan: Plan): Tensor {
  const out = alloc(a.dims, a.type, plan.precision);
  for (let i = 0; i < out.data.length; i++) out.data[i] = a.data[i]! + b.data[i]!;
  return out;
}

/**
 * The reverse pass: seeds are gradients of computed tensors (same shapes); the result is the
 * gradient of the graph input (zeros when no seed reaches it).
 */
export function runBackward(plan: Plan, tape: Tape, seeds: ReadonlyMap<number, Tensor>, file: string, fn: string): Tensor {
  const grads: (Tensor | undefined)[] = new Array(plan.names.length);
  for (const [t, g] of seeds) grads[t] = g;
  for (let k = plan.nodes.length - 1; k >= 0; k--) {
    const pn = plan.nodes[k]!;
    const dOut = pn.outputs.map((t) => (t < 0 ? undefined : grads[t]));
    if (dOut.every((g) => g === undefined) || pn.def?.backward === undefined) continue;
    const grads0 = pn.def.grads;
    const want = pn.inputs.map(
      (t, p) =>
        t >= 0 &&
        plan.differentiable.has(t) &&
        !pn.breaks.includes(p) &&
        (grads0 === 'all' || (grads0 ?? []).includes(p)) &&
        isFloatType(tape.values[t]!.type),
    );
    if (!want.some(Boolean)) continue;
    const b: Backward = {
      ctx: pn.ctx,
      inputs: pn.inputs.map((t) => (t < 0 ? undefined : tape.values[t])),
      outputs: pn.outputs.map((t) => tape.values[t]!),
      saved: tape.saved[k],
      dOut,
      want,
    };
    let dIn: readonly (Tensor | undefined)[];
    try {
      dIn = pn.def.backward(b);
    } catch (e) {
      throw nodeError(pn, e, file, fn);
    }
    pn.inputs.forEach((t, p) => {
      const g = dIn[p];
      if (!want[p] || g === undefined) return;
      const v = tape.values[t]!;
      if (sizeOf(g.dims) !== sizeOf(v.dims))
        throw new XaiError('BAD_INPUT', `${file}: ${nodeLabel(pn.ref)}: gradient ${dimsText(g.dims)} for input ${dimsText(v.dims)}`, {
          fn,
          file,
        });
      const shaped = { dims: v.dims, type: v.type, data: g.data };
      grads[t] = grads[t] === undefined ? shaped : sum(grads[t]!, shaped, plan);
    });
  }
  const x = tape.values[plan.inputId]!;
  return grads[plan.inputId] ?? alloc(x.dims, x.type, plan.precision);
}

// Fusing torch's GELU (Div by √2 → Erf → Add 1 → Mul by x → Mul by 0.5) into one elementwise
// op: one pass instead of five forward and back, as ONNX Runtime's optimizer fuses it too. The
// fused op computes the same expression with the graph's own constants, in the same order.
import type { GeluConstants } from './geluKernels.js';
import { gelu32, gelu64, geluBack32, geluBack64 } from './geluKernels.js';
import type { OpDef } from './op.js';
import { need } from './op.js';
import type { PlanNode } from './planNode.js';
import type { Tensor } from './tensor.js';
import { alloc, scratch } from './tensor.js';

function geluDef(k: GeluConstants): OpDef {
  return {
    flow: 'elementwise',
    grads: [0],
    forward(ctx, inputs, grad) {
      const x = need(inputs, 0, 'X');
      const y = alloc(x.dims, x.type, ctx.precision);
      // dy/dx per element when a backward pass follows
      const keep = grad === true ? scratch(x.data.length) : undefined;
      // a float32 result needs erf only to float32's accuracy; one loop per array type keeps each monomorphic
      if (x.data instanceof Float32Array && y.data instanceof Float32Array) gelu32(x.data, y.data, keep, k);
      else if (x.data instanceof Float64Array && y.data instanceof Float64Array) gelu64(x.data, y.data, keep, k);
      else gelu64(Float64Array.from(x.data), y.data as Float64Array, keep, k);
      return { outputs: [y], saved: keep };
    },
    backward({ ctx, inputs, dOut, saved }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const x = inputs[0]!;
      const dx = alloc(x.dims, x.type, ctx.precision);
      let keep = saved as Float64Array | undefined;
      if (keep === undefined) {
        // a forward run without `grad`: recompute dy/dx
        keep = scratch(x.data.length);
        const y = scratch(x.data.length);
        if (x.data instanceof Float32Array) gelu32(x.data, new Float32Array(x.data.length), keep, k);
        else gelu64(x.data, y, keep, k);
      }
      const [gd, out] = [g.data, dx.data];
      if (gd instanceof Float32Array && out instanceof Float32Array) geluBack32(gd, keep, out);
      else if (gd instanceof Float64Array && out instanceof Float64Array) geluBack64(gd, keep, out);
      else for (let i = 0; i < gd.length; i++) out[i] = gd[i]! * keep[i]!;
      return [dx];
    },
  };
}

/** The one scalar constant among a binary node's inputs, and the other input. */
function scalarAndOther(
  pn: PlanNode,
  constants: readonly (Tensor | undefined)[],
): { value: number; other: number; first: boolean } | undefined {
  const [a, b] = pn.inputs;
  const ca = a === undefined || a < 0 ? undefined : constants[a];
  const cb = b === undefined || b < 0 ? undefined : constants[b];
  if (cb !== undefined && cb.data.length === 1 && ca === undefined) return { value: cb.data[0]!, other: a!, first: false };
  if (ca !== undefined && ca.data.length === 1 && cb === undefined) return { value: ca.data[0]!, other: b!, first: true };
  return undefined;
}

/**
 * The nodes with every GELU pattern replaced by one fused node. `keep` holds tensors that must
 * stay computed (fetched ones); an intermediate read elsewhere stops a fusion.
 */
export function fuseGelu(nodes: readonly PlanNode[], constants: readonly (Tensor | undefined)[], keep: ReadonlySet<number>): PlanNode[] {
  const consumers = new Map<number, PlanNode[]>();
  for (const pn of nodes)
    for (const t of pn.inputs) {
      if (t < 0) continue;
      const list = consumers.get(t) ?? [];
      list.push(pn);
      consumers.set(t, list);
    }
  const only = (t: number, op: string): PlanNode | undefined => {
    const c = consumers.get(t);
    return !keep.has(t) && c?.length === 1 && c[0]!.ref.opType === op && c[0]!.domain === '' ? c[0] : undefined;
  };
  const removed = new Set<PlanNode>();
  const replaced = new Map<PlanNode, PlanNode>();
  for (const div of nodes) {
    if (div.ref.opType !== 'Div' || div.domain !== '') continue;
    const d = scalarAndOther(div, constants);
    if (d === undefined || d.first) continue;
    const x = d.other;
    const erfNode = only(div.outputs[0]!, 'Erf');
    const add = erfNode && only(erfNode.outputs[0]!, 'Add');
    const a = add && scalarAndOther(add, constants);
    const mul = add && a && only(add.outputs[0]!, 'Mul');
    const byX = mul && mul.inputs.includes(x) && mul.inputs.includes(add.outputs[0]!);
    const half = byX ? only(mul.outputs[0]!, 'Mul') : undefined;
    const h = half && scalarAndOther(half, constants);
    if (erfNode === undefined || !add || !a || !mul || !half || !h) continue;
    const def = geluDef({ c1: d.value, c2: a.value, c3: h.value });
    const fused: PlanNode = {
      ...erfNode,
      def,
      inputs: [x],
      outputs: [half.outputs[0]!],
      breaks: [],
      ctx: { ...erfNode.ctx, constant: [false] },
    };
    for (const pn of [div, erfNode, add, mul, half]) removed.add(pn);
    replaced.set(half, fused);
  }
  return nodes.flatMap((pn) => (replaced.has(pn) ? [replaced.get(pn)!] : removed.has(pn) ? [] : [pn]));
}

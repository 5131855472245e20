// Fusing torch's GELU (Div by √2 → Erf → Add 1 → Mul by x → Mul by 0.5) into one elementwise
// op: one pass instead of five forward and back, as ONNX Runtime's optimizer fuses it too. The
// fused op computes the same expression with the graph's own constants, in the same order.
import { erf, erf32, erfDerivative } from './erf.js';
import type { OpDef } from './op.js';
import { need } from './op.js';
import type { PlanNode } from './planNode.js';
import type { Data, Tensor } from './tensor.js';
import { alloc, scratch } from './tensor.js';

interface GeluConstants {
  /** The divisor of x inside erf. */
  readonly c1: number;
  /** Added to erf. */
  readonly c2: number;
  /** The final factor. */
  readonly c3: number;
}

function gelu32(xd: Float32Array, yd: Float32Array, kept: Float64Array | undefined, { c1, c2, c3 }: GeluConstants): void {
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const e = erf32(v / c1);
    if (kept !== undefined) kept[i] = e;
    yd[i] = v * (e + c2) * c3;
  }
}

function gelu64(xd: Data, yd: Data, kept: Float64Array | undefined, { c1, c2, c3 }: GeluConstants): void {
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const e = erf(v / c1);
    if (kept !== undefined) kept[i] = e;
    yd[i] = v * (e + c2) * c3;
  }
}

/** dx = g · c3 · (erf(x/c1) + c2 + x · erf'(x/c1) / c1), erf(x/c1) as the forward kept it. */
function geluBack32(xd: Float32Array, gd: Float32Array, kept: Float64Array, dx: Float32Array, { c1, c2, c3 }: GeluConstants): void {
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const u = v / c1;
    dx[i] = gd[i]! * c3 * (kept[i]! + c2 + (v * erfDerivative(u)) / c1);
  }
}

function geluBack64(xd: Data, gd: Data, kept: Float64Array | undefined, dx: Data, { c1, c2, c3 }: GeluConstants): void {
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const u = v / c1;
    const e = kept === undefined ? (dx instanceof Float32Array ? erf32(u) : erf(u)) : kept[i]!;
    dx[i] = gd[i]! * c3 * (e + c2 + (v * erfDerivative(u)) / c1);
  }
}

function geluDef(k: GeluConstants): OpDef {
  return {
    flow: 'elementwise',
    grads: [0],
    forward(ctx, inputs, grad) {
      const x = need(inputs, 0, 'X');
      const y = alloc(x.dims, x.type, ctx.precision);
      const kept = grad === true ? scratch(x.data.length) : undefined;
      // a float32 result needs erf only to float32's accuracy; one loop per array type keeps each monomorphic
      if (x.data instanceof Float32Array && y.data instanceof Float32Array) gelu32(x.data, y.data, kept, k);
      else gelu64(x.data, y.data, kept, k);
      return { outputs: [y], saved: kept };
    },
    backward({ ctx, inputs, dOut, saved }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const x = inputs[0]!;
      const dx = alloc(x.dims, x.type, ctx.precision);
      const kept = saved as Float64Array | undefined;
      if (x.data instanceof Float32Array && g.data instanceof Float32Array && dx.data instanceof Float32Array && kept !== undefined)
        geluBack32(x.data, g.data, kept, dx.data, k);
      else geluBack64(x.data, g.data, kept, dx.data, k);
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

// Fusing torch's GELU (Div by √2 → Erf → Add 1 → Mul by x → Mul by 0.5) into one elementwise
// op: one pass instead of five forward and back, as ONNX Runtime's optimizer fuses it too. The
// fused op computes the same expression with the graph's own constants, in the same order.
import { erfGeluLoop, geluOpDef } from './geluOp.js';
import type { PlanNode } from './planNode.js';
import type { Tensor } from './tensor.js';

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
    const byX = mul !== undefined && add !== undefined && mul.inputs.includes(x) && mul.inputs.includes(add.outputs[0]!);
    const half = byX ? only(mul.outputs[0]!, 'Mul') : undefined;
    const h = half && scalarAndOther(half, constants);
    if (erfNode === undefined || !add || !a || !mul || !half || !h) continue;
    const loop = erfGeluLoop({ c1: d.value, c2: a.value, c3: h.value });
    const def = geluOpDef(() => loop);
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

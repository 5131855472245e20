// Compiling a graph for the interpreter: tensors numbered, nodes in dependency order, every
// node that reads only constants evaluated once (constant folding), the nodes the fetched
// outputs need kept, and what stands in the way of running them (an op the interpreter does
// not know) or of differentiating them (an input whose derivative no op provides).
import type { GraphIndex } from '../graph.js';
import { nodeLabel, nodeRef } from '../graph.js';
import type { NodeProto } from '../proto.js';
import { fuseGelu } from './fuse.js';
import type { MatmulKernels } from './kernels.js';
import type { OpContext, OpDef } from './op.js';
import { OpError } from './op.js';
import type { Obstacle, PlanNode } from './planNode.js';
import { readTensor } from './readTensor.js';
import { domainOf, isKnownNonDifferentiable, opDef } from './registry.js';
import type { Precision, Tensor } from './tensor.js';
import { isFloatType } from './tensor.js';

export type { Obstacle, PlanNode } from './planNode.js';

export interface Plan {
  readonly precision: Precision;
  readonly ids: ReadonlyMap<string, number>;
  readonly names: readonly string[];
  /** Constant (and folded) tensors by id. */
  readonly constants: readonly (Tensor | undefined)[];
  readonly inputId: number;
  /** The nodes the fetched tensors need, in dependency order (constant ones folded away). */
  readonly nodes: readonly PlanNode[];
  /** Ops on the way that the interpreter does not run: the forward needs ONNX Runtime. */
  readonly unsupported: readonly Obstacle[];
  /** Differentiable paths through an input no op differentiates: gradients cannot be exact. */
  readonly noDerivative: readonly Obstacle[];
  /** Tensors that carry a derivative of the input (float, reached through differentiable positions). */
  readonly differentiable: ReadonlySet<number>;
  readonly kernels: MatmulKernels;
}

/** Positions listed by `grads`. */
function gradPositions(def: OpDef, count: number): number[] {
  if (def.grads === undefined) return [];
  if (def.grads === 'all') return Array.from({ length: count }, (_, i) => i);
  return [...def.grads];
}

function breaksOf(def: OpDef | undefined, node: NodeProto): readonly number[] {
  if (def?.breaks === undefined) return [];
  return typeof def.breaks === 'function' ? def.breaks(node) : def.breaks;
}

/** Nodes in an order where every input is produced before it is read (Kahn's algorithm, stable). */
function topoOrder(nodes: readonly NodeProto[], known: ReadonlySet<string>): NodeProto[] {
  const ready = new Set(known);
  const left = [...nodes];
  const out: NodeProto[] = [];
  while (left.length > 0) {
    const i = left.findIndex((n) => (n.input ?? []).every((t) => t === '' || ready.has(t)));
    if (i < 0) {
      out.push(...left); // a cycle or a dangling input: keep the file's order; running reports it
      break;
    }
    const [n] = left.splice(i, 1);
    out.push(n!);
    for (const t of n!.output ?? []) ready.add(t);
  }
  return out;
}

export interface PlanOptions {
  readonly precision: Precision;
  readonly kernels: MatmulKernels;
  /** The tensors to compute. */
  readonly fetch: readonly string[];
}

export function compilePlan(g: GraphIndex, o: PlanOptions): Plan {
  const ids = new Map<string, number>();
  const names: string[] = [];
  const id = (name: string): number => {
    if (name === '') return -1;
    let v = ids.get(name);
    if (v === undefined) {
      v = names.length;
      ids.set(name, v);
      names.push(name);
    }
    return v;
  };
  const constants: (Tensor | undefined)[] = [];
  for (const t of g.graph.initializer ?? []) {
    if (t.name === g.input.name) continue;
    try {
      constants[id(t.name ?? '')] = readTensor(t, o.precision);
    } catch {
      // an unreadable initializer: the nodes reading it stay unsupported
    }
  }
  const inputId = id(g.input.name);
  const all = topoOrder(g.graph.node ?? [], new Set([g.input.name, ...ids.keys()]));
  const dynamic: PlanNode[] = [];
  const foldFailures = new Map<number, Obstacle>();
  for (const node of all) {
    const domain = domainOf(node.domain);
    const def = opDef(domain, node.opType ?? '');
    const inputs = (node.input ?? []).map(id);
    const outputs = (node.output ?? []).map(id);
    const ctx: OpContext = {
      node,
      precision: o.precision,
      opset: g.opsets.get(domain) ?? 1,
      kernels: o.kernels,
      constant: inputs.map((t) => t >= 0 && constants[t] !== undefined),
    };
    const pn: PlanNode = { ref: nodeRef(g, node), node, domain, def, ctx, inputs, outputs, breaks: breaksOf(def, node) };
    const foldable = def !== undefined && inputs.every((t) => t < 0 || constants[t] !== undefined) && !inputs.includes(inputId);
    if (foldable) {
      try {
        const r = def.forward(
          ctx,
          inputs.map((t) => (t < 0 ? undefined : constants[t])),
        );
        outputs.forEach((t, k) => {
          if (t >= 0) constants[t] = r.outputs[k];
        });
        continue;
      } catch (e) {
        if (!(e instanceof OpError)) throw e;
        for (const t of outputs) if (t >= 0) foldFailures.set(t, { node: pn.ref, reason: `${nodeLabel(pn.ref)}: ${e.message}` });
        continue;
      }
    }
    dynamic.push(pn);
  }
  // Keep the nodes the fetched tensors need.
  const producer = new Map<number, PlanNode>();
  for (const pn of dynamic) for (const t of pn.outputs) if (t >= 0) producer.set(t, pn);
  const needed = new Set<PlanNode>();
  const blocked: Obstacle[] = [];
  const stack = o.fetch.map(id);
  const seen = new Set<number>();
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t < 0 || seen.has(t) || t === inputId || constants[t] !== undefined) continue;
    seen.add(t);
    const pn = producer.get(t);
    if (pn === undefined) {
      const failure = foldFailures.get(t);
      if (failure !== undefined) blocked.push(failure);
      else blocked.push({ node: { index: -1, name: names[t]!, opType: '?' }, reason: `tensor '${names[t]}' has no producer` });
      continue;
    }
    if (needed.has(pn)) continue;
    needed.add(pn);
    stack.push(...pn.inputs);
  }
  const fetched = new Set(o.fetch.map(id));
  const nodes = fuseGelu(
    dynamic.filter((pn) => needed.has(pn)),
    constants,
    fetched,
  );
  for (const pn of nodes)
    if (pn.def === undefined)
      blocked.push({
        node: pn.ref,
        reason: `${nodeLabel(pn.ref)}: ${pn.domain === '' ? '' : `${pn.domain}.`}${pn.ref.opType} is not in the interpreter's op set`,
      });
  return {
    precision: o.precision,
    ids,
    names,
    constants,
    inputId,
    nodes,
    ...differentiability(nodes, inputId),
    unsupported: blocked,
    kernels: o.kernels,
  };
}

/** Which tensors carry the input's derivative, and where a differentiable path meets an input no op differentiates. */
function differentiability(nodes: readonly PlanNode[], inputId: number): { differentiable: Set<number>; noDerivative: Obstacle[] } {
  const differentiable = new Set<number>([inputId]);
  const noDerivative: Obstacle[] = [];
  for (const pn of nodes) {
    const grads = pn.def === undefined ? [] : gradPositions(pn.def, pn.inputs.length);
    let carries = false;
    pn.inputs.forEach((t, p) => {
      if (t < 0 || !differentiable.has(t) || pn.breaks.includes(p) || pn.def?.shapeOnly?.includes(p)) return;
      if (grads.includes(p)) carries = true;
      else if (!(pn.def === undefined && isKnownNonDifferentiable(pn.domain, pn.ref.opType)))
        noDerivative.push({ node: pn.ref, reason: `${nodeLabel(pn.ref)}: no derivative of input ${p} ('${pn.node.input?.[p] ?? ''}')` });
    });
    if (carries) for (const t of pn.outputs) if (t >= 0) differentiable.add(t);
  }
  return { differentiable, noDerivative };
}

/** True when a fetched tensor's type is float (its derivative can be taken). */
export function isDifferentiableType(t: Tensor): boolean {
  return isFloatType(t.type);
}

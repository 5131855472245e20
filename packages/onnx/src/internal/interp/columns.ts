// Which input columns reach a point where the derivative is lost: a Cast to an integer, a
// Gather index, a comparison, a rounding, a tree ensemble. A one-row probe runs the graph and
// tracks, for every element of every tensor, the set of input columns it was computed from
// (moved elements keep theirs, elementwise results join their operands', anything else joins
// all of its inputs'). Past an op the interpreter cannot run, its outputs depend on all of its
// inputs' columns.
import type { NodeRef } from '../graph.js';
import { nodeLabel } from '../graph.js';
import { accessOf, at } from './broadcast.js';
import type { Forward, Inputs } from './op.js';
import type { Plan, PlanNode } from './plan.js';
import { isKnownNonDifferentiable } from './registry.js';
import type { Tensor } from './tensor.js';
import { ELEM, allocData } from './tensor.js';

/** A set of columns as bits. */
type Bits = Uint32Array;

/** Columns per element, or one set for every element; null: no column. */
type Prov = { readonly each: Bits[] } | { readonly all: Bits } | null;

/** A column that loses its derivative, and where. */
export interface ColumnBreak {
  readonly column: number;
  readonly node: NodeRef;
  readonly reason: string;
}

class Columns {
  constructor(private readonly words: number) {}

  empty(): Bits {
    return new Uint32Array(this.words);
  }

  or(into: Bits, b: Bits): void {
    for (let w = 0; w < into.length; w++) into[w]! |= b[w]!;
  }

  union(p: Prov): Bits {
    const out = this.empty();
    if (p === null) return out;
    if ('all' in p) return p.all.slice();
    for (const b of p.each) this.or(out, b);
    return out;
  }

  isEmpty(b: Bits): boolean {
    return b.every((w) => w === 0);
  }

  list(b: Bits): number[] {
    const out: number[] = [];
    for (let w = 0; w < b.length; w++) for (let k = 0; k < 32; k++) if ((b[w]! >>> k) & 1) out.push(w * 32 + k);
    return out;
  }

  /** The set of element e (null when none). */
  of(p: Prov, e: number): Bits | undefined {
    if (p === null) return undefined;
    return 'all' in p ? p.all : p.each[e];
  }
}

/** The reason a node's input p loses the derivative, for messages. */
function breakReason(pn: PlanNode, p: number): string {
  const op = pn.ref.opType;
  if (op === 'Cast') return `${nodeLabel(pn.ref)} casts it to an integer or bool`;
  if (op === 'Gather' || op === 'ArrayFeatureExtractor') return `${nodeLabel(pn.ref)} uses it as an index`;
  if (op === 'Where') return `${nodeLabel(pn.ref)} uses it as a condition`;
  if (pn.def === undefined) return `${nodeLabel(pn.ref)} is a ${pn.domain}.${op} (piecewise constant)`;
  return `${nodeLabel(pn.ref)} takes it as input ${p} of ${op} (no derivative)`;
}

/** Runs one node on element-id tensors to learn where each output element comes from. */
function moved(pn: PlanNode, values: Inputs, provs: readonly Prov[], cols: Columns): Prov[] | undefined {
  const moving = pn.def!.grads === 'all' ? pn.inputs.map((_, p) => p) : [...(pn.def!.grads ?? [])];
  let offset = 0;
  const owners: { start: number; prov: Prov }[] = [];
  const ins = values.map((t, p) => {
    if (t === undefined || !moving.includes(p)) return t;
    const data = allocData(ELEM.DOUBLE, t.data.length, 'float64');
    for (let i = 0; i < data.length; i++) data[i] = offset + i;
    owners.push({ start: offset, prov: provs[p]! });
    offset += data.length;
    return { dims: t.dims, type: t.type, data } as Tensor;
  });
  let r: Forward;
  try {
    r = pn.def!.forward(pn.ctx, ins);
  } catch {
    return undefined;
  }
  return r.outputs.map((o) => {
    const each: Bits[] = [];
    for (let e = 0; e < o.data.length; e++) {
      const id = o.data[e]!;
      let k = owners.length - 1;
      while (k > 0 && owners[k]!.start > id) k--;
      const owner = owners[k];
      each.push(owner === undefined ? cols.empty() : (cols.of(owner.prov, id - owner.start) ?? cols.empty()));
    }
    return { each };
  });
}

function elementwise(pn: PlanNode, out: Tensor, values: Inputs, provs: readonly Prov[], cols: Columns): Prov {
  const each: Bits[] = [];
  const reads = pn.inputs
    .map((_, p) => p)
    .filter((p) => values[p] !== undefined && provs[p] !== null && !pn.def?.shapeOnly?.includes(p))
    .map((p) => ({ prov: provs[p]!, acc: accessOf(out.dims, values[p]!.dims) }));
  for (let e = 0; e < out.data.length; e++) {
    const b = cols.empty();
    for (const r of reads) {
      const s = cols.of(r.prov, at(r.acc, e));
      if (s !== undefined) cols.or(b, s);
    }
    each.push(b);
  }
  return { each };
}

/**
 * The columns of the graph input (d of them) that reach a break on the way to the plan's
 * outputs, each with the first place it does; the probe feeds one row of zeros.
 */
export function columnBreaks(plan: Plan, d: number, inputType: number): ColumnBreak[] {
  const cols = new Columns(Math.ceil(d / 32));
  const values: (Tensor | undefined)[] = plan.constants.slice();
  const provs: Prov[] = plan.constants.map(() => null);
  values[plan.inputId] = { dims: [1, d], type: inputType, data: allocData(inputType, d, plan.precision) };
  provs[plan.inputId] = {
    each: Array.from({ length: d }, (_, j) => {
      const b = cols.empty();
      b[j >>> 5] = 1 << (j & 31);
      return b;
    }),
  };
  const found = new Map<number, ColumnBreak>();
  for (const pn of plan.nodes) {
    const ins = pn.inputs.map((t) => (t < 0 ? undefined : values[t]));
    const inProv = pn.inputs.map((t) => (t < 0 ? null : (provs[t] ?? null)));
    const cut = pn.def === undefined ? (isKnownNonDifferentiable(pn.domain, pn.ref.opType) ? pn.inputs.map((_, p) => p) : []) : pn.breaks;
    for (const p of cut)
      for (const c of cols.list(cols.union(inProv[p] ?? null)))
        if (!found.has(c)) found.set(c, { column: c, node: pn.ref, reason: breakReason(pn, p) });
    let outs: (Tensor | undefined)[] = pn.outputs.map(() => undefined);
    let outProv: Prov[] | undefined;
    if (pn.def !== undefined && ins.every((t, p) => t !== undefined || pn.inputs[p]! < 0)) {
      try {
        outs = [...pn.def.forward(pn.ctx, ins).outputs];
      } catch {
        outs = pn.outputs.map(() => undefined);
      }
      if (pn.def.flow === 'movement') outProv = moved(pn, ins, inProv, cols);
      else if (pn.def.flow === 'elementwise' && outs.every((o) => o !== undefined))
        outProv = outs.map((o) => elementwise(pn, o!, ins, inProv, cols));
    }
    if (outProv === undefined) {
      const all = cols.empty();
      inProv.forEach((p, k) => {
        if (!pn.def?.shapeOnly?.includes(k)) cols.or(all, cols.union(p));
      });
      outProv = pn.outputs.map(() => (cols.isEmpty(all) ? null : { all }));
    }
    pn.outputs.forEach((t, k) => {
      if (t < 0) return;
      values[t] = outs[k];
      provs[t] = outProv![k] ?? null;
    });
  }
  return [...found.values()].sort((a, b) => a.column - b.column);
}

// Elementwise functions of several tensors with multidirectional broadcasting: arithmetic
// (Add, Sub, Mul, Div, Pow, PRelu, Max, Min, Sum, Mean), Where, comparisons and logic.
// A broadcast operand's gradient is the result's gradient summed over the broadcast axes.
import type { Access } from '../broadcast.js';
import { accessOf, at, broadcastShapes, indicesOf, reduceTo } from '../broadcast.js';
import type { Backward, Inputs, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Data, Precision, Tensor } from '../tensor.js';
import { ELEM, alloc, dimsText, isFloatType, scratch, sizeOf } from '../tensor.js';

interface Broadcast {
  readonly dims: number[];
  readonly size: number;
  readonly acc: Access[];
}

function broadcast(ts: readonly Tensor[]): Broadcast {
  const dims = broadcastShapes(ts.map((t) => t.dims));
  if (dims === undefined) throw new OpError(`shapes ${ts.map((t) => dimsText(t.dims)).join(' and ')} do not broadcast`, 'SHAPE_MISMATCH');
  return { dims, size: sizeOf(dims), acc: ts.map((t) => accessOf(dims, t.dims)) };
}

/** out[e] = f(a[·], b[·]) over the broadcast result, with fast loops for the common layouts. */
function map2(
  b: Broadcast,
  a: ArrayLike<number>,
  c: ArrayLike<number>,
  out: { [i: number]: number },
  f: (x: number, y: number) => number,
): void {
  const [pa, pc] = [b.acc[0]!, b.acc[1]!];
  const n = b.size;
  if (pa.kind === 'same' && pc.kind === 'same') for (let e = 0; e < n; e++) out[e] = f(a[e]!, c[e]!);
  else if (pa.kind === 'same' && pc.kind === 'scalar') {
    const v = c[0]!;
    for (let e = 0; e < n; e++) out[e] = f(a[e]!, v);
  } else if (pa.kind === 'scalar' && pc.kind === 'same') {
    const v = a[0]!;
    for (let e = 0; e < n; e++) out[e] = f(v, c[e]!);
  } else for (let e = 0; e < n; e++) out[e] = f(a[at(pa, e)]!, c[at(pc, e)]!);
}

type ArithOp = 'Add' | 'Sub' | 'Mul' | 'Div' | 'Pow';
const ARITH: readonly ArithOp[] = ['Add', 'Sub', 'Mul', 'Div', 'Pow'];

/** How an operand is read at result element e: e itself (null), element 0 (scalar), or idx[e]. */
interface Reader {
  readonly idx: Int32Array | null;
  readonly scalar: boolean;
}

function readerOf(acc: Access, n: number): Reader {
  return { idx: acc.kind === 'scalar' ? null : indicesOf(acc, n), scalar: acc.kind === 'scalar' };
}

/** out = a ∘ b over the broadcast result (one loop per op, operands read through their readers). */
function arithForward(op: ArithOp, a: Data, ra: Reader, c: Data, rc: Reader, out: Data, n: number, integer: boolean): void {
  const { idx: ia, scalar: sa } = ra;
  const { idx: ic, scalar: sc } = rc;
  for (let e = 0; e < n; e++) {
    const u = a[ia === null ? (sa ? 0 : e) : ia[e]!]!;
    const v = c[ic === null ? (sc ? 0 : e) : ic[e]!]!;
    switch (op) {
      case 'Add':
        out[e] = u + v;
        break;
      case 'Sub':
        out[e] = u - v;
        break;
      case 'Mul':
        out[e] = u * v;
        break;
      case 'Div':
        out[e] = integer ? Math.trunc(u / v) : u / v;
        break;
      default:
        out[e] = u ** v;
    }
  }
}

/** ∂(a ∘ b)/∂a (side 0) or ∂/∂b (side 1) at one element, from a, b and y. */
function local(op: ArithOp, side: 0 | 1, u: number, v: number, y: number): number {
  switch (op) {
    case 'Add':
      return 1;
    case 'Sub':
      return side === 0 ? 1 : -1;
    case 'Mul':
      return side === 0 ? v : u;
    case 'Div':
      return side === 0 ? 1 / v : -y / v;
    default:
      // torch: the exponent's gradient is 0 where the base is 0 and the exponent ≥ 0
      if (side === 0) return v === 0 ? 0 : v * u ** (v - 1);
      return u === 0 && v >= 0 ? 0 : y * Math.log(u);
  }
}

/** The gradient of one operand: g ⊙ local, summed onto the operand's shape where it was broadcast. */
function arithGrad(op: ArithOp, side: 0 | 1, b: Backward, bc: Broadcast): Tensor {
  const g = b.dOut[0]!;
  const t = b.inputs[side]!;
  const [a, c, y] = [b.inputs[0]!.data, b.inputs[1]!.data, b.outputs[0]!.data];
  const n = bc.size;
  const ra = readerOf(bc.acc[0]!, n);
  const rc = readerOf(bc.acc[1]!, n);
  const own = side === 0 ? ra : rc;
  const same = own.idx === null && !own.scalar && t.data.length === n;
  // Add, and Sub's first operand: the gradient passes as it is
  if (same && (op === 'Add' || (op === 'Sub' && side === 0))) return { dims: t.dims, type: t.type, data: g.data };
  const out = alloc(t.dims, t.type, b.ctx.precision);
  const od = out.data;
  const gd = g.data;
  let sum = 0;
  for (let e = 0; e < n; e++) {
    const u = a[ra.idx === null ? (ra.scalar ? 0 : e) : ra.idx[e]!]!;
    const v = c[rc.idx === null ? (rc.scalar ? 0 : e) : rc.idx[e]!]!;
    const d = gd[e]! * local(op, side, u, v, y[e]!);
    if (same) od[e] = d;
    else if (own.scalar) sum += d;
    else od[own.idx![e]!] = od[own.idx![e]!]! + d;
  }
  if (own.scalar) od[0] = sum;
  return out;
}

function arithDef(op: ArithOp): OpDef {
  return {
    flow: 'elementwise',
    grads: [0, 1],
    forward(ctx, inputs) {
      const a = need(inputs, 0, 'A');
      const c = need(inputs, 1, 'B');
      const b = broadcast([a, c]);
      const y = alloc(b.dims, a.type, ctx.precision);
      arithForward(op, a.data, readerOf(b.acc[0]!, b.size), c.data, readerOf(b.acc[1]!, b.size), y.data, b.size, !isFloatType(a.type));
      return { outputs: [y], saved: b };
    },
    backward(b: Backward) {
      if (b.dOut[0] === undefined) return [undefined, undefined];
      const bc = b.saved as Broadcast;
      return [b.want[0] ? arithGrad(op, 0, b, bc) : undefined, b.want[1] ? arithGrad(op, 1, b, bc) : undefined];
    },
  };
}

const COMPARE: Readonly<Record<string, (a: number, b: number) => number>> = {
  Equal: (a, b) => (a === b ? 1 : 0),
  Less: (a, b) => (a < b ? 1 : 0),
  LessOrEqual: (a, b) => (a <= b ? 1 : 0),
  Greater: (a, b) => (a > b ? 1 : 0),
  GreaterOrEqual: (a, b) => (a >= b ? 1 : 0),
  And: (a, b) => (a !== 0 && b !== 0 ? 1 : 0),
  Or: (a, b) => (a !== 0 || b !== 0 ? 1 : 0),
  Xor: (a, b) => ((a !== 0) !== (b !== 0) ? 1 : 0),
};

/** The gradient of one broadcast operand: reduce(g ⊙ local) onto its shape. */
function operandGrad(b: Broadcast, k: number, t: Tensor, g: Tensor, local: (e: number) => number, precision: Precision): Tensor {
  const n = b.size;
  const prod = scratch(n);
  const gd = g.data;
  for (let e = 0; e < n; e++) prod[e] = gd[e]! * local(e);
  const out = alloc(t.dims, t.type, precision);
  if (b.acc[k]!.kind === 'same') out.data.set(prod);
  else reduceTo(b.acc[k]!, prod, out.data);
  return out;
}

function compareDef(op: string): OpDef {
  const f = COMPARE[op]!;
  return {
    flow: 'elementwise',
    breaks: [0, 1],
    forward(ctx, inputs) {
      const a = need(inputs, 0, 'A');
      const c = need(inputs, 1, 'B');
      const b = broadcast([a, c]);
      const y = alloc(b.dims, ELEM.BOOL, ctx.precision);
      map2(b, a.data, c.data, y.data, f);
      return { outputs: [y] };
    },
  };
}

const notDef: OpDef = {
  flow: 'elementwise',
  breaks: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const y = alloc(x.dims, ELEM.BOOL, ctx.precision);
    for (let i = 0; i < x.data.length; i++) y.data[i] = x.data[i] === 0 ? 1 : 0;
    return { outputs: [y] };
  },
};

/** PRelu(X, slope): slope broadcasts onto X. */
const preluDef: OpDef = {
  flow: 'elementwise',
  grads: [0, 1],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const s = need(inputs, 1, 'slope');
    const b = broadcast([x, s]);
    const y = alloc(b.dims, x.type, ctx.precision);
    map2(b, x.data, s.data, y.data, (u, v) => (u < 0 ? v * u : u));
    return { outputs: [y], saved: b };
  },
  backward({ ctx, inputs, dOut, want, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined, undefined];
    const b = saved as Broadcast;
    const [x, s] = [inputs[0]!, inputs[1]!];
    const [pa, pc] = [b.acc[0]!, b.acc[1]!];
    const xv = (e: number) => x.data[at(pa, e)]!;
    return [
      want[0] ? operandGrad(b, 0, x, g, (e) => (xv(e) < 0 ? s.data[at(pc, e)]! : 1), ctx.precision) : undefined,
      want[1] ? operandGrad(b, 1, s, g, (e) => Math.min(xv(e), 0), ctx.precision) : undefined,
    ];
  },
};

/** Where(condition, X, Y). */
const whereDef: OpDef = {
  flow: 'elementwise',
  grads: [1, 2],
  breaks: [0],
  forward(ctx, inputs) {
    const c = need(inputs, 0, 'condition');
    const x = need(inputs, 1, 'X');
    const z = need(inputs, 2, 'Y');
    const b = broadcast([c, x, z]);
    const y = alloc(b.dims, x.type, ctx.precision);
    const [pc, px, pz] = b.acc as [Access, Access, Access];
    for (let e = 0; e < b.size; e++) y.data[e] = c.data[at(pc, e)] !== 0 ? x.data[at(px, e)]! : z.data[at(pz, e)]!;
    return { outputs: [y], saved: b };
  },
  backward({ ctx, inputs, dOut, want, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined, undefined, undefined];
    const b = saved as Broadcast;
    const c = inputs[0]!;
    const pick = (e: number): boolean => c.data[at(b.acc[0]!, e)] !== 0;
    return [
      undefined,
      want[1] ? operandGrad(b, 1, inputs[1]!, g, (e) => (pick(e) ? 1 : 0), ctx.precision) : undefined,
      want[2] ? operandGrad(b, 2, inputs[2]!, g, (e) => (pick(e) ? 0 : 1), ctx.precision) : undefined,
    ];
  },
};

/** Max, Min, Sum, Mean over any number of broadcast inputs; ties of Max/Min share the gradient equally (as torch's maximum). */
function variadicDef(op: 'Max' | 'Min' | 'Sum' | 'Mean'): OpDef {
  const present = (inputs: Inputs): Tensor[] => inputs.filter((t): t is Tensor => t !== undefined);
  return {
    flow: 'elementwise',
    grads: 'all',
    forward(ctx, inputs) {
      const ts = present(inputs);
      if (ts.length === 0) throw new OpError(`${op} of no inputs`, 'BAD_INPUT');
      const b = broadcast(ts);
      const y = alloc(b.dims, ts[0]!.type, ctx.precision);
      for (let e = 0; e < b.size; e++) {
        let v = ts[0]!.data[at(b.acc[0]!, e)]!;
        for (let k = 1; k < ts.length; k++) {
          const u = ts[k]!.data[at(b.acc[k]!, e)]!;
          v = op === 'Max' ? (u > v || Number.isNaN(u) ? u : v) : op === 'Min' ? (u < v || Number.isNaN(u) ? u : v) : v + u;
        }
        y.data[e] = op === 'Mean' ? v / ts.length : v;
      }
      return { outputs: [y], saved: b };
    },
    backward({ ctx, inputs, outputs, dOut, want, saved }) {
      const g = dOut[0];
      if (g === undefined) return inputs.map(() => undefined);
      const b = saved as Broadcast;
      const ts = present(inputs);
      const y = outputs[0]!.data;
      const ties = (e: number): number => {
        let c = 0;
        for (let k = 0; k < ts.length; k++) if (ts[k]!.data[at(b.acc[k]!, e)] === y[e]) c++;
        return c;
      };
      return ts.map((t, k) => {
        if (!want[k]) return undefined;
        if (op === 'Sum') return operandGrad(b, k, t, g, () => 1, ctx.precision);
        if (op === 'Mean') return operandGrad(b, k, t, g, () => 1 / ts.length, ctx.precision);
        return operandGrad(b, k, t, g, (e) => (t.data[at(b.acc[k]!, e)] === y[e] ? 1 / ties(e) : 0), ctx.precision);
      });
    },
  };
}

export const BINARY_DEFS: Readonly<Record<string, OpDef>> = {
  ...Object.fromEntries(ARITH.map((op) => [op, arithDef(op)])),
  ...Object.fromEntries(Object.keys(COMPARE).map((op) => [op, compareDef(op)])),
  Not: notDef,
  PRelu: preluDef,
  Where: whereDef,
  Max: variadicDef('Max'),
  Min: variadicDef('Min'),
  Sum: variadicDef('Sum'),
  Mean: variadicDef('Mean'),
};

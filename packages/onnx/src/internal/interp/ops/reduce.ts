// Reductions over axes (ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceL1, ReduceL2,
// ReduceSumSquare, ReduceLogSumExp) and ArgMax/ArgMin. The axes are an attribute before
// opset 18 (ReduceSum: 13) and an input from then on.
import { attrInt, attrInts } from '../../proto.js';
import { indexMap } from '../broadcast.js';
import type { OpContext, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Inputs } from '../op.js';
import { ELEM, alloc, dimsText, normAxis, sizeOf } from '../tensor.js';

interface Reduction {
  readonly init: number;
  readonly step: (acc: number, x: number) => number;
  readonly finish: (acc: number, count: number) => number;
  /** ∂y/∂x given x, y and the count of reduced elements (Max/Min: ties counted separately). */
  readonly d: (x: number, y: number, count: number) => number;
}

const REDUCTIONS: Readonly<Record<string, Reduction>> = {
  ReduceSum: { init: 0, step: (a, x) => a + x, finish: (a) => a, d: () => 1 },
  ReduceMean: { init: 0, step: (a, x) => a + x, finish: (a, n) => a / n, d: (_x, _y, n) => 1 / n },
  ReduceMax: { init: -Infinity, step: (a, x) => (x > a || Number.isNaN(x) ? x : a), finish: (a) => a, d: (x, y) => (x === y ? 1 : 0) },
  ReduceMin: { init: Infinity, step: (a, x) => (x < a || Number.isNaN(x) ? x : a), finish: (a) => a, d: (x, y) => (x === y ? 1 : 0) },
  ReduceL1: { init: 0, step: (a, x) => a + Math.abs(x), finish: (a) => a, d: (x) => Math.sign(x) },
  ReduceL2: { init: 0, step: (a, x) => a + x * x, finish: (a) => Math.sqrt(a), d: (x, y) => (y === 0 ? 0 : x / y) },
  ReduceSumSquare: { init: 0, step: (a, x) => a + x * x, finish: (a) => a, d: (x) => 2 * x },
  ReduceLogSumExp: { init: 0, step: (a, x) => a + Math.exp(x), finish: (a) => Math.log(a), d: (x, y) => Math.exp(x - y) },
};

/** The axes reduced (sorted, non-negative), or all of them. */
function reducedAxes(ctx: OpContext, op: string, inputs: Inputs, rank: number): number[] {
  const fromInput = ctx.opset >= 18 || (op === 'ReduceSum' && ctx.opset >= 13);
  const given = fromInput ? (inputs[1] === undefined ? [] : Array.from(inputs[1].data)) : (attrInts(ctx.node, 'axes') ?? []);
  if (given.length === 0) return attrInt(ctx.node, 'noop_with_empty_axes', 0) === 1 ? [] : Array.from({ length: rank }, (_, i) => i);
  const axes = given.map((a) => {
    const n = normAxis(a, rank);
    if (n === undefined) throw new OpError(`axis ${a} is outside a rank-${rank} tensor`, 'SHAPE_MISMATCH');
    return n;
  });
  return [...new Set(axes)].sort((a, b) => a - b);
}

interface Layout {
  /** Dims with the reduced axes kept as 1 (what broadcasts back onto the input). */
  readonly kept: number[];
  readonly out: number[];
  readonly map: Int32Array;
  readonly count: number;
}

function layout(ctx: OpContext, op: string, inputs: Inputs, dims: readonly number[]): Layout {
  const axes = reducedAxes(ctx, op, inputs, dims.length);
  const kept = dims.map((d, i) => (axes.includes(i) ? 1 : d));
  const keep = attrInt(ctx.node, 'keepdims', 1) === 1;
  const out = keep ? kept : dims.filter((_, i) => !axes.includes(i));
  let count = 1;
  for (const a of axes) count *= dims[a]!;
  return { kept, out, map: indexMap(dims, kept), count };
}

function reduceDef(op: string): OpDef {
  const r = REDUCTIONS[op]!;
  return {
    grads: [0],
    forward(ctx, inputs) {
      const x = need(inputs, 0, 'data');
      const l = layout(ctx, op, inputs, x.dims);
      const acc = new Float64Array(sizeOf(l.kept)).fill(r.init);
      const xd = x.data;
      for (let e = 0; e < xd.length; e++) acc[l.map[e]!] = r.step(acc[l.map[e]!]!, xd[e]!);
      const y = alloc(l.out, x.type, ctx.precision);
      for (let i = 0; i < acc.length; i++) y.data[i] = r.finish(acc[i]!, l.count);
      return { outputs: [y], saved: l };
    },
    backward({ ctx, inputs, outputs, dOut, saved }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const l = saved as Layout;
      const x = inputs[0]!;
      const y = outputs[0]!.data;
      const dx = alloc(x.dims, x.type, ctx.precision);
      let ties: Float64Array | undefined;
      if (op === 'ReduceMax' || op === 'ReduceMin') {
        ties = new Float64Array(y.length);
        for (let e = 0; e < x.data.length; e++) if (x.data[e] === y[l.map[e]!]) ties[l.map[e]!]!++;
      }
      for (let e = 0; e < x.data.length; e++) {
        const o = l.map[e]!;
        const local = r.d(x.data[e]!, y[o]!, l.count);
        dx.data[e] = g.data[o]! * (ties === undefined ? local : local / ties[o]!);
      }
      return [dx];
    },
  };
}

function argDef(max: boolean): OpDef {
  return {
    breaks: [0],
    forward(ctx, inputs) {
      const x = need(inputs, 0, 'data');
      const axis = normAxis(attrInt(ctx.node, 'axis', 0), x.dims.length);
      if (axis === undefined) throw new OpError(`axis is outside ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
      const last = attrInt(ctx.node, 'select_last_index', 0) === 1;
      const kept = x.dims.map((d, i) => (i === axis ? 1 : d));
      const out = attrInt(ctx.node, 'keepdims', 1) === 1 ? kept : x.dims.filter((_, i) => i !== axis);
      const inner = x.dims.slice(axis + 1).reduce((a, b) => a * b, 1);
      const len = x.dims[axis]!;
      const y = alloc(out, ELEM.INT64, ctx.precision);
      for (let o = 0; o < y.data.length; o++) {
        const base = Math.floor(o / inner) * len * inner + (o % inner);
        let best = 0;
        for (let j = 1; j < len; j++) {
          const v = x.data[base + j * inner]!;
          const b = x.data[base + best * inner]!;
          if (max ? v > b || (last && v === b) : v < b || (last && v === b)) best = j;
        }
        y.data[o] = best;
      }
      return { outputs: [y] };
    },
  };
}

export const REDUCE_DEFS: Readonly<Record<string, OpDef>> = {
  ...Object.fromEntries(Object.keys(REDUCTIONS).map((op) => [op, reduceDef(op)])),
  ArgMax: argDef(true),
  ArgMin: argDef(false),
};

// Ops that move values without computing new ones (Reshape, Flatten, Squeeze, Unsqueeze,
// Transpose, Slice, Gather, Expand, Tile, Concat, Split, Identity, Dropout), the ops that
// read or make shapes (Shape, Size, ConstantOfShape, Range, Constant), and Cast. A moved
// element's gradient goes back to where it came from (summed where one element was copied
// several times).
import type { NodeProto } from '../../proto.js';
import { attrInt, attrInts, attribute } from '../../proto.js';
import { indexMap, broadcastShapes } from '../broadcast.js';
import type { Backward, Inputs, OpContext, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Tensor } from '../tensor.js';
import { ELEM, alloc, dimsText, fromValues, ints, isFloatType, normAxis, roundHalf, sizeOf, stridesOf } from '../tensor.js';
import { readTensor } from '../readTensor.js';

/** Output dims and, per output element, the flat index of the input element it holds (null: the same order). */
interface Route {
  readonly dims: number[];
  readonly src: Int32Array | null;
}

type Router = (ctx: OpContext, inputs: Inputs, x: Tensor) => Route;

/** An op whose output elements are elements of input 0, routed by `route`. */
function movement(route: Router, breaks?: readonly number[]): OpDef {
  return {
    flow: 'movement',
    grads: [0],
    ...(breaks !== undefined ? { breaks } : {}),
    forward(ctx, inputs) {
      const x = need(inputs, 0, 'data');
      const r = route(ctx, inputs, x);
      if (r.src === null)
        return { outputs: [{ dims: r.dims, type: x.type, data: x.data, ...(x.strings ? { strings: x.strings } : {}) }], saved: r };
      const y = alloc(r.dims, x.type, ctx.precision);
      const src = r.src;
      for (let e = 0; e < src.length; e++) y.data[e] = x.data[src[e]!]!;
      return { outputs: [x.strings ? { ...y, strings: x.strings } : y], saved: r };
    },
    backward({ ctx, inputs, dOut, saved }: Backward) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const x = inputs[0]!;
      const r = saved as Route;
      if (r.src === null) return [{ dims: x.dims, type: x.type, data: g.data }];
      const dx = alloc(x.dims, x.type, ctx.precision);
      const src = r.src;
      for (let e = 0; e < src.length; e++) dx.data[src[e]!] = dx.data[src[e]!]! + g.data[e]!;
      return [dx];
    },
  };
}

const intsOf = (t: Tensor | undefined): number[] => (t === undefined ? [] : Array.from(t.data));

function reshapeDims(x: readonly number[], shape: readonly number[], allowZero: boolean): number[] {
  const out = shape.map((d, i) => (d === 0 && !allowZero ? (x[i] ?? 0) : d));
  const known = out.filter((d) => d !== -1).reduce((a, b) => a * b, 1);
  const free = out.indexOf(-1);
  if (free >= 0) {
    if (known === 0 || sizeOf(x) % known !== 0) throw new OpError(`cannot reshape ${dimsText(x)} to ${dimsText(shape)}`, 'SHAPE_MISMATCH');
    out[free] = sizeOf(x) / known;
  }
  if (sizeOf(out) !== sizeOf(x))
    throw new OpError(`cannot reshape ${dimsText(x)} (${sizeOf(x)} values) to ${dimsText(shape)}`, 'SHAPE_MISMATCH');
  return out;
}

/** Axes from the attribute (older opsets) or input 1 (opset 13 on). */
function axesOf(ctx: OpContext, inputs: Inputs): number[] | undefined {
  if (ctx.opset >= 13) return inputs[1] === undefined ? undefined : intsOf(inputs[1]);
  return attrInts(ctx.node, 'axes');
}

const reshape: Router = (ctx, inputs, x) => ({
  dims: reshapeDims(x.dims, intsOf(need(inputs, 1, 'shape')), attrInt(ctx.node, 'allowzero', 0) === 1),
  src: null,
});

const flatten: Router = (ctx, _inputs, x) => {
  const axis = normAxis(attrInt(ctx.node, 'axis', 1), x.dims.length + 1);
  if (axis === undefined) throw new OpError(`axis is outside ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  return { dims: [sizeOf(x.dims.slice(0, axis)), sizeOf(x.dims.slice(axis))], src: null };
};

const squeeze: Router = (ctx, inputs, x) => {
  const axes = axesOf(ctx, inputs)?.map((a) => normAxis(a, x.dims.length));
  if (axes?.some((a) => a === undefined || x.dims[a] !== 1))
    throw new OpError(`cannot squeeze axes ${axesOf(ctx, inputs)} of ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  return { dims: x.dims.filter((d, i) => (axes === undefined ? d !== 1 : !axes.includes(i))), src: null };
};

const unsqueeze: Router = (ctx, inputs, x) => {
  const given = axesOf(ctx, inputs) ?? [];
  const rank = x.dims.length + given.length;
  const axes = given.map((a) => normAxis(a, rank));
  if (axes.some((a) => a === undefined)) throw new OpError(`cannot unsqueeze axes ${given} of ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  const dims: number[] = [];
  let k = 0;
  for (let i = 0; i < rank; i++) dims.push(axes.includes(i) ? 1 : x.dims[k++]!);
  return { dims, src: null };
};

const identity: Router = (_ctx, _inputs, x) => ({ dims: [...x.dims], src: null });

/** Output element → input element for a permutation of the axes. */
const transpose: Router = (ctx, _inputs, x) => {
  const rank = x.dims.length;
  const perm = attrInts(ctx.node, 'perm') ?? Array.from({ length: rank }, (_, i) => rank - 1 - i);
  const dims = perm.map((p) => x.dims[p]!);
  const inStrides = stridesOf(x.dims);
  const step = perm.map((p) => inStrides[p]!);
  return { dims, src: walk(dims, step, 0) };
};

/** Flat input index of every output element when output axis i advances the input by step[i]. */
function walk(dims: readonly number[], step: readonly number[], start: number): Int32Array {
  const n = sizeOf(dims);
  const out = new Int32Array(n);
  const rank = dims.length;
  const counter = new Array<number>(rank).fill(0);
  let at = start;
  for (let e = 0; e < n; e++) {
    out[e] = at;
    for (let ax = rank - 1; ax >= 0; ax--) {
      counter[ax]!++;
      at += step[ax]!;
      if (counter[ax]! < dims[ax]!) break;
      at -= step[ax]! * counter[ax]!;
      counter[ax] = 0;
    }
  }
  return out;
}

const slice: Router = (ctx, inputs, x) => {
  const rank = x.dims.length;
  const legacy = ctx.opset < 10;
  const starts = legacy ? (attrInts(ctx.node, 'starts') ?? []) : intsOf(need(inputs, 1, 'starts'));
  const ends = legacy ? (attrInts(ctx.node, 'ends') ?? []) : intsOf(need(inputs, 2, 'ends'));
  const axes = (legacy ? attrInts(ctx.node, 'axes') : inputs[3] === undefined ? undefined : intsOf(inputs[3])) ?? starts.map((_, i) => i);
  const steps = legacy || inputs[4] === undefined ? starts.map(() => 1) : intsOf(inputs[4]);
  const begin = new Array<number>(rank).fill(0);
  const step = new Array<number>(rank).fill(1);
  const dims = [...x.dims];
  axes.forEach((a0, i) => {
    const a = normAxis(a0, rank);
    if (a === undefined) throw new OpError(`slice axis ${a0} is outside ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
    const d = x.dims[a]!;
    const s = steps[i]!;
    if (s === 0) throw new OpError('slice step 0', 'BAD_INPUT');
    const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v < 0 ? v + d : v, lo), hi);
    const b = s > 0 ? clamp(starts[i]!, 0, d) : clamp(starts[i]!, 0, d - 1);
    const e = s > 0 ? clamp(ends[i]!, 0, d) : clamp(ends[i]!, -1, d - 1);
    begin[a] = b;
    step[a] = s;
    dims[a] = Math.max(0, Math.ceil((e - b) / s));
  });
  const strides = stridesOf(x.dims);
  let start = 0;
  for (let a = 0; a < rank; a++) start += begin[a]! * strides[a]!;
  return {
    dims,
    src: walk(
      dims,
      strides.map((st, a) => st * step[a]!),
      start,
    ),
  };
};

const gather: Router = (ctx, inputs, x) => {
  const idx = need(inputs, 1, 'indices');
  const axis = normAxis(attrInt(ctx.node, 'axis', 0), x.dims.length);
  if (axis === undefined) throw new OpError(`axis is outside ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  const d = x.dims[axis]!;
  const outer = sizeOf(x.dims.slice(0, axis));
  const inner = sizeOf(x.dims.slice(axis + 1));
  const dims = [...x.dims.slice(0, axis), ...idx.dims, ...x.dims.slice(axis + 1)];
  const k = idx.data.length;
  const src = new Int32Array(outer * k * inner);
  for (let j = 0; j < k; j++) {
    let i = idx.data[j]!;
    if (i < 0) i += d;
    if (!(i >= 0 && i < d) || !Number.isInteger(i))
      throw new OpError(`index ${idx.data[j]} is outside [${-d}, ${d - 1}] (axis ${axis} of ${dimsText(x.dims)})`, 'BAD_INPUT');
    for (let o = 0; o < outer; o++) for (let q = 0; q < inner; q++) src[(o * k + j) * inner + q] = (o * d + i) * inner + q;
  }
  return { dims, src };
};

const expand: Router = (_ctx, inputs, x) => {
  const shape = intsOf(need(inputs, 1, 'shape'));
  const dims = broadcastShapes([x.dims, shape]);
  if (dims === undefined) throw new OpError(`cannot expand ${dimsText(x.dims)} to ${dimsText(shape)}`, 'SHAPE_MISMATCH');
  return { dims, src: indexMap(dims, x.dims) };
};

const tile: Router = (_ctx, inputs, x) => {
  const reps = intsOf(need(inputs, 1, 'repeats'));
  if (reps.length !== x.dims.length) throw new OpError(`${reps.length} repeats for ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  const dims = x.dims.map((d, i) => d * reps[i]!);
  const n = sizeOf(dims);
  const src = new Int32Array(n);
  const outStrides = stridesOf(dims);
  const inStrides = stridesOf(x.dims);
  for (let e = 0; e < n; e++) {
    let rest = e;
    let at = 0;
    for (let a = 0; a < dims.length; a++) {
      const c = Math.floor(rest / outStrides[a]!);
      rest -= c * outStrides[a]!;
      at += (c % x.dims[a]!) * inStrides[a]!;
    }
    src[e] = at;
  }
  return { dims, src };
};

/** Concat along an axis: each input is a block of the output. */
const concatDef: OpDef = {
  flow: 'movement',
  grads: 'all',
  forward(ctx, inputs) {
    const ts = inputs.filter((t): t is Tensor => t !== undefined);
    const first = ts[0];
    if (first === undefined) throw new OpError('Concat of no inputs', 'BAD_INPUT');
    const rank = first.dims.length;
    const axis = normAxis(attrInt(ctx.node, 'axis', 0), rank);
    if (axis === undefined) throw new OpError(`axis is outside ${dimsText(first.dims)}`, 'SHAPE_MISMATCH');
    for (const t of ts)
      if (t.dims.length !== rank || t.dims.some((d, i) => i !== axis && d !== first.dims[i]))
        throw new OpError(`cannot join ${ts.map((u) => dimsText(u.dims)).join(', ')} along axis ${axis}`, 'SHAPE_MISMATCH');
    const dims = [...first.dims];
    dims[axis] = ts.reduce((s, t) => s + t.dims[axis]!, 0);
    const outer = sizeOf(first.dims.slice(0, axis));
    const rowLen = sizeOf(dims.slice(axis));
    const y = alloc(dims, first.type, ctx.precision);
    let offset = 0;
    for (const t of ts) {
      const len = sizeOf(t.dims.slice(axis));
      for (let o = 0; o < outer; o++) y.data.set(t.data.subarray(o * len, (o + 1) * len), o * rowLen + offset);
      offset += len;
    }
    return { outputs: [y], saved: { outer, rowLen } };
  },
  backward({ ctx, inputs, dOut, want, saved }) {
    const g = dOut[0];
    const { outer, rowLen } = saved as { outer: number; rowLen: number };
    let offset = 0;
    return inputs.map((t, k) => {
      if (t === undefined) return undefined;
      const len = outer === 0 ? 0 : t.data.length / outer;
      const at = offset;
      offset += len;
      if (g === undefined || !want[k]) return undefined;
      const dx = alloc(t.dims, t.type, ctx.precision);
      for (let o = 0; o < outer; o++) dx.data.set(g.data.subarray(o * rowLen + at, o * rowLen + at + len), o * len);
      return dx;
    });
  },
};

/** Split along an axis into the node's outputs: sizes from the attribute (before 13) or input 1, else equal parts. */
const splitDef: OpDef = {
  flow: 'movement',
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'input');
    const axis = normAxis(attrInt(ctx.node, 'axis', 0), x.dims.length);
    if (axis === undefined) throw new OpError(`axis is outside ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
    const parts = (ctx.node.output ?? []).length;
    const d = x.dims[axis]!;
    let sizes = ctx.opset >= 13 ? (inputs[1] === undefined ? undefined : intsOf(inputs[1])) : attrInts(ctx.node, 'split');
    if (sizes === undefined) {
      const each = Math.ceil(d / parts);
      sizes = Array.from({ length: parts }, (_, i) => Math.max(0, Math.min(each, d - i * each)));
    }
    if (sizes.reduce((a, b) => a + b, 0) !== d) throw new OpError(`split sizes ${sizes} do not add up to ${d}`, 'SHAPE_MISMATCH');
    const outer = sizeOf(x.dims.slice(0, axis));
    const inner = sizeOf(x.dims.slice(axis + 1));
    let at = 0;
    const outputs = sizes.map((s) => {
      const dims = [...x.dims];
      dims[axis] = s;
      const y = alloc(dims, x.type, ctx.precision);
      for (let o = 0; o < outer; o++) y.data.set(x.data.subarray((o * d + at) * inner, (o * d + at + s) * inner), o * s * inner);
      at += s;
      return y;
    });
    return { outputs, saved: { sizes, outer, inner, d } };
  },
  backward({ ctx, inputs, dOut, saved }) {
    const x = inputs[0]!;
    const { sizes, outer, inner, d } = saved as { sizes: number[]; outer: number; inner: number; d: number };
    const dx = alloc(x.dims, x.type, ctx.precision);
    let at = 0;
    sizes.forEach((s, k) => {
      const g = dOut[k];
      if (g !== undefined)
        for (let o = 0; o < outer; o++) dx.data.set(g.data.subarray(o * s * inner, (o + 1) * s * inner), (o * d + at) * inner);
      at += s;
    });
    return [dx];
  },
};

/** Dropout at inference: the input, and an all-true mask. */
const dropoutDef: OpDef = {
  flow: 'elementwise',
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'data');
    const training = inputs[2];
    if (training !== undefined && training.data[0] !== 0) throw new OpError('Dropout in training mode (random)');
    const mask = alloc(x.dims, ELEM.BOOL, ctx.precision);
    mask.data.fill(1);
    return { outputs: [x, mask] };
  },
  backward: ({ dOut, inputs }) => [dOut[0] === undefined ? undefined : { ...dOut[0], dims: inputs[0]!.dims }],
};

function castBreaks(node: NodeProto): readonly number[] {
  return isFloatType(attrInt(node, 'to', ELEM.FLOAT)) ? [] : [0];
}

const castDef: OpDef = {
  flow: 'elementwise',
  shapeOnly: [1],
  grads: [0],
  breaks: castBreaks,
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'input');
    const to = ctx.node.opType === 'CastLike' ? need(inputs, 1, 'target_type').type : attrInt(ctx.node, 'to', ELEM.FLOAT);
    if (to === ELEM.STRING || x.type === ELEM.STRING) throw new OpError('Cast to or from strings');
    const y = alloc(x.dims, to, ctx.precision);
    const src = x.data;
    if (isFloatType(to)) {
      y.data.set(src);
      if (to === ELEM.FLOAT16 && ctx.precision === 'float32') for (let i = 0; i < y.data.length; i++) y.data[i] = roundHalf(y.data[i]!);
    } else if (to === ELEM.BOOL) for (let i = 0; i < src.length; i++) y.data[i] = src[i] !== 0 ? 1 : 0;
    else for (let i = 0; i < src.length; i++) y.data[i] = Math.trunc(src[i]!);
    return { outputs: [y] };
  },
  backward({ ctx, inputs, dOut }) {
    const g = dOut[0];
    const x = inputs[0]!;
    if (g === undefined || !isFloatType(x.type)) return [undefined];
    const dx = alloc(x.dims, x.type, ctx.precision);
    dx.data.set(g.data);
    return [dx];
  },
};

const shapeDef: OpDef = {
  shapeOnly: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'data');
    const rank = x.dims.length;
    const clamp = (v: number): number => Math.min(Math.max(v < 0 ? v + rank : v, 0), rank);
    const start = clamp(attrInt(ctx.node, 'start', 0));
    const end = clamp(attrInt(ctx.node, 'end', rank));
    const dims = x.dims.slice(start, Math.max(start, end));
    return { outputs: [ints([dims.length], dims)] };
  },
};

const sizeDef: OpDef = {
  shapeOnly: [0],
  forward: (_ctx, inputs) => ({ outputs: [ints([], [need(inputs, 0, 'data').data.length])] }),
};

const constantOfShapeDef: OpDef = {
  forward(ctx, inputs) {
    const dims = intsOf(need(inputs, 0, 'input'));
    const t = attribute(ctx.node, 'value')?.t;
    const v =
      t === null || t === undefined
        ? { type: ELEM.FLOAT, value: 0 }
        : { type: t.dataType ?? ELEM.FLOAT, value: readTensor(t, ctx.precision).data[0] ?? 0 };
    const y = alloc(dims, v.type, ctx.precision);
    y.data.fill(v.value);
    return { outputs: [y] };
  },
};

const rangeDef: OpDef = {
  forward(ctx, inputs) {
    const [s, l, d] = [0, 1, 2].map((i) => need(inputs, i, ['start', 'limit', 'delta'][i]!));
    const [start, limit, delta] = [s!.data[0]!, l!.data[0]!, d!.data[0]!];
    const n = Math.max(Math.ceil((limit - start) / delta), 0);
    return {
      outputs: [
        fromValues(
          [n],
          s!.type,
          Array.from({ length: n }, (_, i) => start + i * delta),
          ctx.precision,
        ),
      ],
    };
  },
};

/** Constant: its value attribute (a tensor, or value_float(s) / value_int(s)). */
const constantDef: OpDef = {
  forward(ctx) {
    const node = ctx.node;
    const t = attribute(node, 'value')?.t;
    if (t !== null && t !== undefined) return { outputs: [readTensor(t, ctx.precision)] };
    const a = (node.attribute ?? [])[0];
    if (a?.name === 'value_float') return { outputs: [fromValues([], ELEM.FLOAT, [a.f ?? 0], ctx.precision)] };
    if (a?.name === 'value_floats') return { outputs: [fromValues([a.floats?.length ?? 0], ELEM.FLOAT, a.floats ?? [], ctx.precision)] };
    if (a?.name === 'value_int') return { outputs: [ints([], [attrInt(node, 'value_int', 0)])] };
    if (a?.name === 'value_ints') {
      const v = attrInts(node, 'value_ints') ?? [];
      return { outputs: [ints([v.length], v)] };
    }
    throw new OpError(`Constant with attribute ${a?.name ?? '(none)'}`);
  },
};

export const SHAPE_DEFS: Readonly<Record<string, OpDef>> = {
  Reshape: movement(reshape),
  Flatten: movement(flatten),
  Squeeze: movement(squeeze),
  Unsqueeze: movement(unsqueeze),
  Identity: movement(identity),
  Transpose: movement(transpose),
  Slice: movement(slice),
  Gather: movement(gather, [1]),
  Expand: movement(expand),
  Tile: movement(tile),
  Concat: concatDef,
  Split: splitDef,
  Dropout: dropoutDef,
  Cast: castDef,
  CastLike: castDef,
  Shape: shapeDef,
  Size: sizeDef,
  ConstantOfShape: constantOfShapeDef,
  Range: rangeDef,
  Constant: constantDef,
};

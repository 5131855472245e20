// Softmax and LogSoftmax along an axis, LayerNormalization over the trailing axes, and
// BatchNormalization in inference mode (per channel, axis 1).
import { attrFloat, attrInt } from '../../proto.js';
import { accessOf, at, reduceTo } from '../broadcast.js';
import type { OpContext, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Data, Tensor } from '../tensor.js';
import { alloc, allocUnset, dimsText, normAxis, scratch, sizeOf } from '../tensor.js';
import type { LayerNormStats } from '../layerNormKernels.js';
import { layerNorm32, layerNorm64, layerNormBack32, layerNormBack64 } from '../layerNormKernels.js';

/** The tensor seen as [outer, len, inner] around the op's axis (opset < 13: everything from the axis on is one row). */
function softmaxLayout(ctx: OpContext, dims: readonly number[]): { outer: number; len: number; inner: number } {
  const legacy = ctx.opset < 13;
  const rank = dims.length;
  const axis = normAxis(attrInt(ctx.node, 'axis', legacy ? 1 : -1), Math.max(rank, 1));
  if (axis === undefined) throw new OpError(`axis ${attrInt(ctx.node, 'axis', -1)} is outside ${dimsText(dims)}`, 'SHAPE_MISMATCH');
  const outer = sizeOf(dims.slice(0, axis));
  if (legacy) return { outer, len: sizeOf(dims.slice(axis)), inner: 1 };
  return { outer, len: dims[axis] ?? 1, inner: sizeOf(dims.slice(axis + 1)) };
}

function softmaxDef(log: boolean): OpDef {
  return {
    grads: [0],
    forward(ctx, inputs) {
      const x = need(inputs, 0, 'input');
      const { outer, len, inner } = softmaxLayout(ctx, x.dims);
      const y = alloc(x.dims, x.type, ctx.precision);
      const xd = x.data;
      const yd = y.data;
      const e = new Float64Array(len);
      for (let o = 0; o < outer; o++)
        for (let q = 0; q < inner; q++) {
          const base = o * len * inner + q;
          let mx = -Infinity;
          for (let j = 0; j < len; j++) mx = Math.max(mx, xd[base + j * inner]!);
          let s = 0;
          for (let j = 0; j < len; j++) {
            e[j] = Math.exp(xd[base + j * inner]! - mx);
            s += e[j]!;
          }
          if (log) {
            const ls = Math.log(s);
            for (let j = 0; j < len; j++) yd[base + j * inner] = xd[base + j * inner]! - mx - ls;
          } else for (let j = 0; j < len; j++) yd[base + j * inner] = e[j]! / s;
        }
      return { outputs: [y] };
    },
    backward({ ctx, outputs, dOut }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const y = outputs[0]!;
      const { outer, len, inner } = softmaxLayout(ctx, y.dims);
      const dx = alloc(y.dims, y.type, ctx.precision);
      const [gd, yd, out] = [g.data, y.data, dx.data];
      for (let o = 0; o < outer; o++)
        for (let q = 0; q < inner; q++) {
          const base = o * len * inner + q;
          let s = 0;
          // softmax: dx = y ⊙ (g − Σ g⊙y); log-softmax: dx = g − softmax · Σ g
          for (let j = 0; j < len; j++) s += log ? gd[base + j * inner]! : gd[base + j * inner]! * yd[base + j * inner]!;
          for (let j = 0; j < len; j++) {
            const k = base + j * inner;
            out[k] = log ? gd[k]! - Math.exp(yd[k]!) * s : yd[k]! * (gd[k]! - s);
          }
        }
      return [dx];
    },
  };
}

/** A Scale or B input read at every position of the normalised block (it broadcasts onto it). */
function perPosition(normDims: readonly number[], t: Tensor): Float64Array {
  const acc = accessOf(normDims, t.dims);
  const len = sizeOf(normDims);
  const out = new Float64Array(len);
  for (let j = 0; j < len; j++) out[j] = t.data[at(acc, j)]!;
  return out;
}

/** The forward's row statistics; x̂ is left out when the SIMD kernel ran (the backward recomputes it). */
interface LayerNormSaved {
  readonly len: number;
  readonly mean: Float64Array;
  readonly inv: Float64Array;
  xhat: Float64Array | undefined;
}

/** The saved statistics with x̂ = (x − mean) · inv filled in. */
function withXhat(st: LayerNormSaved, x: Data): LayerNormStats {
  if (st.xhat === undefined) {
    const { len, mean, inv } = st;
    const xhat = scratch(x.length, true);
    for (let e = 0; e < x.length; e++) {
      const o = (e / len) | 0;
      xhat[e] = (x[e]! - mean[o]!) * inv[o]!;
    }
    st.xhat = xhat;
  }
  return { mean: st.mean, inv: st.inv, xhat: st.xhat };
}

function layerNormAxis(ctx: OpContext, dims: readonly number[]): number {
  const a = normAxis(attrInt(ctx.node, 'axis', -1), dims.length);
  if (a === undefined) throw new OpError(`axis ${attrInt(ctx.node, 'axis', -1)} is outside ${dimsText(dims)}`, 'SHAPE_MISMATCH');
  return a;
}

const layerNormDef: OpDef = {
  grads: [0, 1, 2],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const scale = need(inputs, 1, 'Scale');
    const bias = inputs[2];
    const axis = layerNormAxis(ctx, x.dims);
    const eps = attrFloat(ctx.node, 'epsilon', 1e-5);
    const outer = sizeOf(x.dims.slice(0, axis));
    const len = sizeOf(x.dims.slice(axis));
    const normDims = x.dims.slice(axis);
    const sv = perPosition(normDims, scale);
    const bv = bias === undefined ? new Float64Array(len) : perPosition(normDims, bias);
    const y = allocUnset(x.dims, x.type, ctx.precision);
    const mean = new Float64Array(outer);
    const inv = new Float64Array(outer);
    const [xd, yd] = [x.data, y.data];
    const simd =
      xd instanceof Float32Array && yd instanceof Float32Array && ctx.kernels.layerNorm32?.(xd, yd, sv, bv, len, eps, mean, inv) === true;
    const st: LayerNormSaved = { len, mean, inv, xhat: simd ? undefined : scratch(x.data.length, true) };
    if (simd) {
      // the kernel wrote y and the statistics
    } else if (xd instanceof Float32Array && yd instanceof Float32Array) layerNorm32(xd, yd, sv, bv, len, eps, withXhat(st, xd));
    else if (xd instanceof Float64Array && yd instanceof Float64Array) layerNorm64(xd, yd, sv, bv, len, eps, withXhat(st, xd));
    else {
      const out = new Float64Array(yd.length);
      layerNorm64(Float64Array.from(xd), out, sv, bv, len, eps, withXhat(st, xd));
      yd.set(out);
    }
    const statDims = x.dims.map((d, i) => (i < axis ? d : 1));
    const stat = (v: Float64Array): Tensor => {
      const t = alloc(statDims, x.type, ctx.precision);
      t.data.set(v);
      return t;
    };
    return { outputs: [y, stat(st.mean), stat(st.inv)], saved: st };
  },
  backward({ ctx, inputs, dOut, want, saved }) {
    const g = dOut[0];
    if (dOut[1] !== undefined || dOut[2] !== undefined)
      throw new OpError('the gradient of LayerNormalization through its Mean or InvStdDev output');
    if (g === undefined) return [undefined, undefined, undefined];
    const st = saved as LayerNormSaved;
    const { len } = st;
    const [x, scale, bias] = [inputs[0]!, inputs[1]!, inputs[2]];
    const normDims = x.dims.slice(layerNormAxis(ctx, x.dims));
    const sa = accessOf(normDims, scale.dims);
    const sv = perPosition(normDims, scale);
    const gd = g.data;
    let dx: Tensor | undefined;
    if (want[0]) {
      dx = allocUnset(x.dims, x.type, ctx.precision);
      const [d, out, xd] = [new Float64Array(len), dx.data, x.data];
      const f32 = gd instanceof Float32Array && out instanceof Float32Array && xd instanceof Float32Array;
      if (f32 && ctx.kernels.layerNormBack32?.(gd, xd, out, sv, len, st.mean, st.inv) === true) {
        // the kernel wrote dx
      } else if (gd instanceof Float32Array && out instanceof Float32Array) layerNormBack32(gd, out, sv, len, withXhat(st, xd), d);
      else if (gd instanceof Float64Array && out instanceof Float64Array) layerNormBack64(gd, out, sv, len, withXhat(st, xd), d);
      else {
        const o64 = new Float64Array(out.length);
        layerNormBack64(Float64Array.from(gd), o64, sv, len, withXhat(st, xd), d);
        out.set(o64);
      }
    }
    const xhat = want[1] ? withXhat(st, x.data).xhat : undefined;
    const perColumn = (f: (e: number) => number, t: Tensor, acc: ReturnType<typeof accessOf>): Tensor => {
      const sum = new Float64Array(len);
      for (let e = 0; e < gd.length; e++) sum[e % len] = sum[e % len]! + f(e);
      const out = alloc(t.dims, t.type, ctx.precision);
      reduceTo(acc, sum, out.data);
      return out;
    };
    return [
      dx,
      xhat !== undefined ? perColumn((e) => gd[e]! * xhat[e]!, scale, sa) : undefined,
      want[2] && bias !== undefined ? perColumn((e) => gd[e]!, bias, accessOf(normDims, bias.dims)) : undefined,
    ];
  },
};

/** y = (x − mean) / sqrt(var + ε) · scale + B per channel (axis 1); inference mode only. */
const batchNormDef: OpDef = {
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const [scale, b, mean, variance] = [1, 2, 3, 4].map((i) => need(inputs, i, ['scale', 'B', 'input_mean', 'input_var'][i - 1]!));
    if (attrInt(ctx.node, 'training_mode', 0) !== 0) throw new OpError('BatchNormalization in training mode (batch statistics)');
    const eps = attrFloat(ctx.node, 'epsilon', 1e-5);
    const channels = x.dims.length > 1 ? x.dims[1]! : 1;
    const inner = sizeOf(x.dims.slice(2));
    if (scale!.data.length !== channels)
      throw new OpError(`${scale!.data.length} scales for ${channels} channels of ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
    const mul = new Float64Array(channels);
    for (let c = 0; c < channels; c++) mul[c] = scale!.data[c]! / Math.sqrt(variance!.data[c]! + eps);
    const y = alloc(x.dims, x.type, ctx.precision);
    for (let e = 0; e < x.data.length; e++) {
      const c = Math.floor(e / inner) % channels;
      // (x − mean) · mul + B, in the order the formula writes it
      y.data[e] = (x.data[e]! - mean!.data[c]!) * mul[c]! + b!.data[c]!;
    }
    return { outputs: [y], saved: { mul, inner, channels } };
  },
  backward({ ctx, inputs, dOut, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined];
    const { mul, inner, channels } = saved as { mul: Float64Array; inner: number; channels: number };
    const x = inputs[0]!;
    const dx = alloc(x.dims, x.type, ctx.precision);
    for (let e = 0; e < g.data.length; e++) dx.data[e] = g.data[e]! * mul[Math.floor(e / inner) % channels]!;
    return [dx];
  },
};

export const NORMALIZE_DEFS: Readonly<Record<string, OpDef>> = {
  Softmax: softmaxDef(false),
  LogSoftmax: softmaxDef(true),
  LayerNormalization: layerNormDef,
  BatchNormalization: batchNormDef,
};

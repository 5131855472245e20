// MatMul (numpy semantics: batched, 1-D operands promoted) and Gemm (alpha·A'·B' + beta·C).
// Products run on the kernels; a constant right operand stays laid out between calls.
import { attrFloat, attrInt } from '../../proto.js';
import { accessOf, at, broadcastShapes, indexMap, reduceTo } from '../broadcast.js';
import type { Backward, OpContext, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Data, Tensor } from '../tensor.js';
import { alloc, allocData, allocUnset, dimsText, sizeOf } from '../tensor.js';
import { transposeData } from '../kernels.js';

/** One product on the context's kernels: out = a (n x k) · B, B = b (k x m) or bᵀ (b m x k). */
function product(
  ctx: OpContext,
  a: Data,
  b: Data,
  n: number,
  k: number,
  m: number,
  bT: boolean,
  out: Data,
  constant: boolean,
  bias?: Data,
): void {
  ctx.kernels.mm(a, b, n, k, m, bT, a instanceof Float32Array && out instanceof Float32Array, out, constant, bias);
}

interface MatMulShape {
  /** Batch dims of the result (broadcast), and the matrix dims. */
  readonly batch: number[];
  readonly n: number;
  readonly k: number;
  readonly m: number;
  /** Result dims with 1-D promotions removed. */
  readonly out: number[];
  /** Batch index → batch offset of A / B (in matrices). */
  readonly aMap: Int32Array;
  readonly bMap: Int32Array;
  readonly aBatch: number[];
  readonly bBatch: number[];
}

function matmulShape(a: readonly number[], b: readonly number[]): MatMulShape {
  const aa = a.length === 1 ? [1, a[0]!] : [...a];
  const bb = b.length === 1 ? [b[0]!, 1] : [...b];
  if (aa.length < 2 || bb.length < 2) throw new OpError('MatMul of a scalar', 'SHAPE_MISMATCH');
  const [n, k] = [aa[aa.length - 2]!, aa[aa.length - 1]!];
  const [k2, m] = [bb[bb.length - 2]!, bb[bb.length - 1]!];
  if (k !== k2) throw new OpError(`MatMul of ${dimsText(a)} by ${dimsText(b)}: inner dims ${k} and ${k2} differ`, 'SHAPE_MISMATCH');
  const aBatch = aa.slice(0, -2);
  const bBatch = bb.slice(0, -2);
  const batch = broadcastShapes([aBatch, bBatch]);
  if (batch === undefined) throw new OpError(`MatMul batch dims of ${dimsText(a)} and ${dimsText(b)} do not broadcast`, 'SHAPE_MISMATCH');
  const out = [...batch];
  if (a.length > 1) out.push(n);
  if (b.length > 1) out.push(m);
  return { batch, n, k, m, out, aMap: indexMap(batch, aBatch), bMap: indexMap(batch, bBatch), aBatch, bBatch };
}

const matMulDef: OpDef = {
  grads: [0, 1],
  forward(ctx, inputs) {
    const a = need(inputs, 0, 'A');
    const b = need(inputs, 1, 'B');
    const s = matmulShape(a.dims, b.dims);
    const y = alloc(s.out, a.type, ctx.precision);
    const { n, k, m } = s;
    const batches = sizeOf(s.batch);
    const constantB = ctx.constant[1] === true && s.bBatch.length === 0;
    if (batches === 1) product(ctx, a.data, b.data, n, k, m, false, y.data, constantB);
    else {
      const tmp = allocData(a.type, n * m, ctx.precision);
      for (let t = 0; t < batches; t++) {
        const av = a.data.subarray(s.aMap[t]! * n * k, (s.aMap[t]! + 1) * n * k);
        const bv = b.data.subarray(s.bMap[t]! * k * m, (s.bMap[t]! + 1) * k * m);
        product(ctx, av, bv, n, k, m, false, tmp, constantB);
        y.data.set(tmp, t * n * m);
      }
    }
    return { outputs: [y], saved: s };
  },
  backward({ ctx, inputs, dOut, want, saved }: Backward) {
    const g = dOut[0];
    if (g === undefined) return [undefined, undefined];
    const s = saved as MatMulShape;
    const [a, b] = [inputs[0]!, inputs[1]!];
    const { n, k, m } = s;
    const batches = sizeOf(s.batch);
    const da = want[0] ? alloc(a.dims, a.type, ctx.precision) : undefined;
    const db = want[1] ? alloc(b.dims, b.type, ctx.precision) : undefined;
    const constantB = ctx.constant[1] === true && s.bBatch.length === 0;
    const tmpA = allocData(a.type, n * k, ctx.precision);
    const tmpB = allocData(b.type, k * m, ctx.precision);
    const at = allocData(a.type, n * k, ctx.precision);
    for (let t = 0; t < batches; t++) {
      const gv = g.data.subarray(t * n * m, (t + 1) * n * m);
      const bo = s.bMap[t]! * k * m;
      const ao = s.aMap[t]! * n * k;
      if (da !== undefined) {
        // dA = dY · Bᵀ
        product(ctx, gv, b.data.subarray(bo, bo + k * m), n, m, k, true, tmpA, constantB);
        if (batches === 1) da.data.set(tmpA);
        else for (let i = 0; i < n * k; i++) da.data[ao + i] = da.data[ao + i]! + tmpA[i]!;
      }
      if (db !== undefined) {
        // dB = Aᵀ · dY
        transposeData(a.data.subarray(ao, ao + n * k), n, k, at);
        product(ctx, at, gv, k, n, m, false, tmpB, false);
        for (let i = 0; i < k * m; i++) db.data[bo + i] = db.data[bo + i]! + tmpB[i]!;
      }
    }
    return [da, db];
  },
};

interface GemmSaved {
  readonly n: number;
  readonly k: number;
  readonly m: number;
  readonly transA: boolean;
  readonly transB: boolean;
  readonly alpha: number;
  readonly beta: number;
}

/** A as n x k (transposed when transA). */
function orientA(ctx: OpContext, a: Tensor, transA: boolean): Data {
  if (!transA) return a.data;
  return transposeData(a.data, a.dims[0]!, a.dims[1]!, allocData(a.type, a.data.length, ctx.precision));
}

const gemmDef: OpDef = {
  grads: [0, 1, 2],
  forward(ctx, inputs) {
    const a = need(inputs, 0, 'A');
    const b = need(inputs, 1, 'B');
    const c = inputs[2];
    if (a.dims.length !== 2 || b.dims.length !== 2)
      throw new OpError(`Gemm of ${dimsText(a.dims)} by ${dimsText(b.dims)} (2-D operands only)`, 'SHAPE_MISMATCH');
    const node = ctx.node;
    const transA = attrInt(node, 'transA', 0) === 1;
    const transB = attrInt(node, 'transB', 0) === 1;
    const alpha = attrFloat(node, 'alpha', 1);
    const beta = attrFloat(node, 'beta', 1);
    const [n, k] = transA ? [a.dims[1]!, a.dims[0]!] : [a.dims[0]!, a.dims[1]!];
    const [k2, m] = transB ? [b.dims[1]!, b.dims[0]!] : [b.dims[0]!, b.dims[1]!];
    if (k !== k2) throw new OpError(`Gemm inner dims ${k} and ${k2} differ (${dimsText(a.dims)}, ${dimsText(b.dims)})`, 'SHAPE_MISMATCH');
    // the product writes every element
    const y = allocUnset([n, m], a.type, ctx.precision);
    // a constant bias row (a Linear layer's) is added by the kernel
    const fused =
      c !== undefined &&
      alpha === 1 &&
      beta === 1 &&
      ctx.constant[2] === true &&
      c.data.length === m &&
      accessOf([n, m], c.dims).kind === 'row';
    product(ctx, orientA(ctx, a, transA), b.data, n, k, m, transB, y.data, ctx.constant[1] === true, fused ? c!.data : undefined);
    const yd = y.data;
    if (alpha !== 1) for (let i = 0; i < yd.length; i++) yd[i] = alpha * yd[i]!;
    if (c !== undefined && beta !== 0 && !fused) {
      const acc = accessOf([n, m], c.dims);
      const cd = c.data;
      if (acc.kind === 'row') for (let i = 0; i < yd.length; i++) yd[i] = yd[i]! + beta * cd[i % acc.period]!;
      else if (acc.kind === 'same') for (let i = 0; i < yd.length; i++) yd[i] = yd[i]! + beta * cd[i]!;
      else if (acc.kind === 'scalar') for (let i = 0; i < yd.length; i++) yd[i] = yd[i]! + beta * cd[0]!;
      else for (let i = 0; i < yd.length; i++) yd[i] = yd[i]! + beta * cd[at(acc, i)]!;
    }
    const saved: GemmSaved = { n, k, m, transA, transB, alpha, beta };
    return { outputs: [y], saved };
  },
  backward({ ctx, inputs, dOut, want, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined, undefined, undefined];
    const { n, k, m, transA, transB, alpha, beta } = saved as GemmSaved;
    const [a, b, c] = [inputs[0]!, inputs[1]!, inputs[2]];
    let ga = g.data;
    if (alpha !== 1) {
      ga = allocData(g.type, g.data.length, ctx.precision);
      for (let i = 0; i < ga.length; i++) ga[i] = alpha * g.data[i]!;
    }
    let da: Tensor | undefined;
    if (want[0]) {
      // dA' = α dY · B'ᵀ  (n x k); B' = B or Bᵀ
      const dOriented = allocData(a.type, n * k, ctx.precision);
      product(ctx, ga, b.data, n, m, k, !transB, dOriented, ctx.constant[1] === true);
      da = {
        dims: a.dims,
        type: a.type,
        data: transA ? transposeData(dOriented, n, k, allocData(a.type, n * k, ctx.precision)) : dOriented,
      };
    }
    let db: Tensor | undefined;
    if (want[1]) {
      // dB' = α A'ᵀ · dY (k x m)
      const aT = transposeData(orientA(ctx, a, transA), n, k, allocData(a.type, n * k, ctx.precision));
      const dOriented = allocData(b.type, k * m, ctx.precision);
      product(ctx, aT, ga, k, n, m, false, dOriented, false);
      db = {
        dims: b.dims,
        type: b.type,
        data: transB ? transposeData(dOriented, k, m, allocData(b.type, k * m, ctx.precision)) : dOriented,
      };
    }
    let dc: Tensor | undefined;
    if (want[2] && c !== undefined) {
      dc = alloc(c.dims, c.type, ctx.precision);
      const scaled = Float64Array.from(g.data, (v) => beta * v);
      reduceTo(accessOf([n, m], c.dims), scaled, dc.data);
    }
    return [da, db, dc];
  },
};

export const MATMUL_DEFS: Readonly<Record<string, OpDef>> = { MatMul: matMulDef, Gemm: gemmDef };

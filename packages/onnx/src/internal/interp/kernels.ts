// Matrix products for MatMul and Gemm (and the float32 GELU and LayerNormalization): @xai/core's WebAssembly SIMD kernels where available
// (float64 lanes, or float32 lanes with IEEE single + and ×), else scalar JS loops that sum in
// the same order with the same rounding. A constant right operand is laid out once in the
// instance's memory (as given and transposed) and kept there; the left operand and the
// result pass through a scratch area that grows with the batch.
import type { KernelBackend, SimdInstance } from '@xai/core';
import { SIMD_BIAS, SIMD_PLAIN, createSimdInstance, kernelBackend, reserveSimdMemory } from '@xai/core';
import type { GeluConstants } from './geluKernels.js';
import type { Data } from './tensor.js';

export interface MatmulKernels {
  readonly backend: KernelBackend;
  /**
   * out (n x m) = a (n x k) · B, row-major. B is `b` as k x m, or with `bT` its transpose
   * (`b` given m x k). `f32`: float32 arithmetic (operands Float32Array). `constant`: `b` is a
   * graph constant that may stay laid out between calls. `bias` (a constant of m values) is
   * added to every row after its sums.
   */
  mm(a: Data, b: Data, n: number, k: number, m: number, bT: boolean, f32: boolean, out: Data, constant: boolean, bias?: Data): void;
  /** The erf GELU over float32 arrays with dy/dx into `keep` (SIMD only: within float32 rounding of the exact values). */
  gelu32?(x: Float32Array, y: Float32Array, keep: Float32Array | undefined, k: GeluConstants): void;
  /** out = a · b elementwise over float32 arrays (GELU's backward step; the bits of `Math.fround(a · b)`). */
  mul32?(a: Float32Array, b: Float32Array, out: Float32Array): void;
  /**
   * LayerNormalization over float32 rows of `len` (sv, bv: scale and bias per position), the row
   * means and 1/√(var + eps) into `mean` and `inv`, in float64 inside; false (nothing written)
   * when the kernel does not take this row length.
   */
  layerNorm32?(
    x: Float32Array,
    y: Float32Array,
    sv: Float64Array,
    bv: Float64Array,
    len: number,
    eps: number,
    mean: Float64Array,
    inv: Float64Array,
  ): boolean;
  /** Its input gradient from the forward's `mean` and `inv`; false when the kernel does not take this row length. */
  layerNormBack32?(
    g: Float32Array,
    x: Float32Array,
    dx: Float32Array,
    sv: Float64Array,
    len: number,
    mean: Float64Array,
    inv: Float64Array,
  ): boolean;
}

const fr = Math.fround;

/** The transpose of an r x c row-major matrix. */
export function transposeData(src: Data, r: number, c: number, out: Data): Data {
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) out[j * r + i] = src[i * c + j]!;
  return out;
}

function jsMatmul(a: Data, b: Data, n: number, k: number, m: number, bT: boolean, f32: boolean, out: Data, bias?: Data): void {
  // element (p, j) of B
  const bs = bT ? 1 : m;
  const bj = bT ? k : 1;
  for (let i = 0; i < n; i++) {
    const ai = i * k;
    for (let j = 0; j < m; j++) {
      let s = 0;
      const b0 = j * bj;
      if (f32) for (let p = 0; p < k; p++) s = fr(s + fr(a[ai + p]! * b[b0 + p * bs]!));
      else for (let p = 0; p < k; p++) s += a[ai + p]! * b[b0 + p * bs]!;
      out[i * m + j] = bias === undefined ? s : s + bias[j]!;
    }
  }
}

const VEC = 16;
const roundUp = (bytes: number): number => Math.ceil(bytes / VEC) * VEC;

class SimdKernels implements MatmulKernels {
  readonly backend = 'simd' as const;
  /** Byte address of each resident constant, as given (`false`) or transposed (`true`). */
  private readonly resident = new Map<Data, { plain?: number; transposed?: number }>();
  /** First free byte after the resident constants: the scratch area starts here. */
  private top = VEC;

  constructor(private readonly instance: SimdInstance) {}

  /** Copies `src` (transposed from r x c when `transpose`) to byte address `at`. */
  private put(src: Data, at: number, f32: boolean, transpose: { r: number; c: number } | undefined): void {
    const buf = this.instance.memory.buffer;
    const dst = f32 ? new Float32Array(buf, at, src.length) : new Float64Array(buf, at, src.length);
    if (transpose === undefined) dst.set(src);
    else transposeData(src, transpose.r, transpose.c, dst);
  }

  /** The byte address of constant `b` laid out as the kernel's k x m operand. */
  private constantB(b: Data, k: number, m: number, bT: boolean, f32: boolean): number {
    let entry = this.resident.get(b);
    if (entry === undefined) {
      entry = {};
      this.resident.set(b, entry);
    }
    const have = bT ? entry.transposed : entry.plain;
    if (have !== undefined) return have;
    const at = this.top;
    const bytes = roundUp(b.length * (f32 ? 4 : 8));
    reserveSimdMemory(this.instance, at + bytes);
    this.put(b, at, f32, bT ? { r: m, c: k } : undefined);
    this.top = at + bytes;
    if (bT) entry.transposed = at;
    else entry.plain = at;
    return at;
  }

  mm(a: Data, b: Data, n: number, k: number, m: number, bT: boolean, f32: boolean, out: Data, constant: boolean, bias?: Data): void {
    if (n === 0 || m === 0 || k === 0) {
      out.fill(0, 0, n * m);
      if (bias !== undefined) for (let i = 0; i < n; i++) out.set(bias, i * m);
      return;
    }
    const el = f32 ? 4 : 8;
    const bAt = constant ? this.constantB(b, k, m, bT, f32) : -1;
    const biasAt = bias === undefined ? 0 : this.constantB(bias, 1, m, false, f32);
    let at = this.top;
    const aAt = at;
    at += roundUp(n * k * el);
    const bScratch = at;
    if (!constant) at += roundUp(k * m * el);
    const cAt = at;
    at += roundUp(n * m * el);
    reserveSimdMemory(this.instance, at);
    this.put(a, aAt, f32, undefined);
    if (!constant) this.put(b, bScratch, f32, bT ? { r: m, c: k } : undefined);
    const mm = f32 ? this.instance.mmF32 : this.instance.mmF64;
    mm(n, k, m, aAt, k, constant ? bAt : bScratch, m, cAt, m, biasAt, bias === undefined ? SIMD_PLAIN : SIMD_BIAS);
    const buf = this.instance.memory.buffer;
    out.set(f32 ? new Float32Array(buf, cAt, n * m) : new Float64Array(buf, cAt, n * m));
  }

  gelu32(x: Float32Array, y: Float32Array, keep: Float32Array | undefined, { c1, c2, c3 }: GeluConstants): void {
    const n = x.length;
    const bytes = roundUp(n * 4);
    const xAt = this.top;
    const keepAt = xAt + 2 * bytes;
    reserveSimdMemory(this.instance, keepAt + bytes);
    const buf = this.instance.memory.buffer;
    new Float32Array(buf, xAt, n).set(x);
    this.instance.geluF32(n, xAt, xAt + bytes, keep === undefined ? 0 : keepAt, 1 / c1, c2, c3);
    y.set(new Float32Array(buf, xAt + bytes, n));
    keep?.set(new Float32Array(buf, keepAt, n));
  }

  mul32(a: Float32Array, b: Float32Array, out: Float32Array): void {
    const n = a.length;
    const bytes = roundUp(n * 4);
    const aAt = this.top;
    reserveSimdMemory(this.instance, aAt + 3 * bytes);
    const buf = this.instance.memory.buffer;
    new Float32Array(buf, aAt, n).set(a);
    new Float32Array(buf, aAt + bytes, n).set(b);
    this.instance.mulF32(n, aAt, aAt + bytes, aAt + 2 * bytes);
    out.set(new Float32Array(buf, aAt + 2 * bytes, n));
  }

  layerNorm32(
    x: Float32Array,
    y: Float32Array,
    sv: Float64Array,
    bv: Float64Array,
    len: number,
    eps: number,
    mean: Float64Array,
    inv: Float64Array,
  ): boolean {
    if (len === 0 || len % 4 !== 0) return false;
    const [n, rows] = [x.length, mean.length];
    const xAt = this.top;
    const yAt = xAt + roundUp(n * 4);
    const sAt = yAt + roundUp(n * 4);
    const bAt = sAt + len * 8;
    const stAt = bAt + len * 8;
    reserveSimdMemory(this.instance, stAt + rows * 16);
    const buf = this.instance.memory.buffer;
    new Float32Array(buf, xAt, n).set(x);
    new Float64Array(buf, sAt, len).set(sv);
    new Float64Array(buf, bAt, len).set(bv);
    this.instance.layerNormF32(rows, len, xAt, yAt, sAt, bAt, stAt, eps);
    y.set(new Float32Array(buf, yAt, n));
    const st = new Float64Array(buf, stAt, 2 * rows);
    for (let o = 0; o < rows; o++) {
      mean[o] = st[2 * o]!;
      inv[o] = st[2 * o + 1]!;
    }
    return true;
  }

  layerNormBack32(
    g: Float32Array,
    x: Float32Array,
    dx: Float32Array,
    sv: Float64Array,
    len: number,
    mean: Float64Array,
    inv: Float64Array,
  ): boolean {
    if (len === 0 || len % 4 !== 0) return false;
    const [n, rows] = [x.length, mean.length];
    const gAt = this.top;
    const xAt = gAt + roundUp(n * 4);
    const dxAt = xAt + roundUp(n * 4);
    const sAt = dxAt + roundUp(n * 4);
    const stAt = sAt + len * 8;
    reserveSimdMemory(this.instance, stAt + rows * 16);
    const buf = this.instance.memory.buffer;
    new Float32Array(buf, gAt, n).set(g);
    new Float32Array(buf, xAt, n).set(x);
    new Float64Array(buf, sAt, len).set(sv);
    const st = new Float64Array(buf, stAt, 2 * rows);
    for (let o = 0; o < rows; o++) {
      st[2 * o] = mean[o]!;
      st[2 * o + 1] = inv[o]!;
    }
    this.instance.layerNormBackF32(rows, len, gAt, xAt, dxAt, sAt, stAt);
    dx.set(new Float32Array(buf, dxAt, n));
    return true;
  }
}

const jsKernels: MatmulKernels = {
  backend: 'js',
  mm: (a, b, n, k, m, bT, f32, out, _constant, bias) => jsMatmul(a, b, n, k, m, bT, f32, out, bias),
};

/** The SIMD kernels (one instance, own memory) unless `XAI_KERNELS=js` or WebAssembly SIMD is missing. */
export function matmulKernels(): MatmulKernels {
  const instance = kernelBackend() === 'simd' ? createSimdInstance() : null;
  return instance === null ? jsKernels : new SimdKernels(instance);
}

// Float32 emulation of a dense stack, for parity with code that computes in float32 torch
// (OpenXAI's released models). Every + − × ÷ is rounded with Math.fround right after it,
// accumulations included, which reproduces IEEE float32 arithmetic exactly: a double holds
// at least 2·24 + 2 bits, so rounding the double result once more gives the correctly
// rounded float32 result for these four operations. exp and tanh are the double functions
// rounded to float32, which can differ from torch's float32 kernels (SLEEF expf, 1-ulp
// bound) by 1 ulp; torch's sgemm may also add in a blocked order and use fused
// multiply-adds, so its dot products can differ in the last bits. Weights and inputs are
// read through Math.fround (a float32 tensor holds float32 values).
// Row by row, in plain loops: the order of every sum is fixed (dot products left to right,
// then + bias), so results are reproducible bit for bit.
import type { KernelBackend, Matrix } from '@xai/core';
import { createSimdInstance, kernelBackend } from '@xai/core';
import type { LayerShape } from './mlpCore.js';
import { copyRows } from './copyRows.js';
import type { SimdArray } from './simdStack.js';
import { SimdStack } from './simdStack.js';

const f = Math.fround;

/** float32 logistic function as torch evaluates it: 1 / (1 + exp(−z)). */
export function sigmoid32(z: number): number {
  return f(1 / f(1 + f(Math.exp(-z))));
}

export class Float32Kernel {
  readonly inputDim: number;
  readonly classes: number;
  private capacity = 0;
  /** Inputs rounded to float32 (n x inputDim). */
  private xin: SimdArray = new Float64Array(0);
  /** Post-activation output of every layer, n rows (the last one: logits). */
  private acts: SimdArray[] = [];
  /**
   * Native float32 WebAssembly SIMD kernels (IEEE single + and ×: the same bits as the
   * Math.fround emulation) holding the weights and xin/acts; null: the emulation; undefined:
   * not made yet. Chosen when the model is made (`XAI_KERNELS=js` keeps the emulation).
   */
  private simd: SimdStack<Float32Array> | null | undefined;
  /** Chosen once, when the model is made: `XAI_KERNELS=js` keeps it on the JS kernels. */
  readonly kernels: KernelBackend = kernelBackend();
  /** Per-row gradient vectors flowing backwards (ping-pong). */
  private gradA: Float64Array;
  private gradB: Float64Array;
  /** One row's softmax. */
  private p: Float64Array;

  constructor(
    readonly shapes: readonly LayerShape[],
    readonly params: Float64Array,
  ) {
    this.inputDim = shapes[0]?.inDim ?? 0;
    this.classes = shapes[shapes.length - 1]?.outDim ?? 0;
    let w = this.inputDim;
    for (const s of shapes) w = Math.max(w, s.outDim);
    this.gradA = new Float64Array(w);
    this.gradB = new Float64Array(w);
    this.p = new Float64Array(this.classes);
  }

  /** Every buffer that holds an intermediate value (for the float32 identity test). */
  buffers(): SimdArray[] {
    return [this.xin, ...this.acts, this.gradA, this.gradB, this.p];
  }

  release(): void {
    this.simd = undefined;
    this.capacity = 0;
    this.xin = new Float64Array(0);
    this.acts = [];
  }

  private ensure(n: number): void {
    if (n <= this.capacity && this.acts.length > 0) return;
    if (this.simd === undefined) {
      const instance = this.kernels === 'simd' ? createSimdInstance(true) : null;
      this.simd = instance === null ? null : new SimdStack(instance, this.shapes, this.params, Float32Array);
    }
    if (this.simd !== null) {
      this.simd.ensure(n);
      this.xin = this.simd.x;
      this.acts = this.simd.acts;
      this.capacity = n;
      return;
    }
    const cap = Math.max(n, Math.ceil(this.capacity * 1.5), 1);
    this.xin = new Float64Array(cap * this.inputDim);
    this.acts = this.shapes.map((s) => new Float64Array(cap * s.outDim));
    this.capacity = cap;
  }

  /** Copies x into xin, rounded to float32 (a float32 tensor holds float32 values). */
  private readInput(x: Matrix): void {
    const n = x.rows;
    const d = this.inputDim;
    this.ensure(n);
    if (this.simd) {
      this.simd.sync();
      this.simd.readInput(x); // a Float32Array store rounds like Math.fround
      return;
    }
    const xs = x.stride ?? x.cols;
    const xo = x.offset ?? 0;
    const X = this.xin;
    for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) X[i * d + k] = f(x.data[xo + i * xs + k]!);
  }

  /** Forward pass over x.rows rows (inputs rounded to float32). */
  forward(x: Matrix): void {
    const n = x.rows;
    this.readInput(x);
    let prev = this.xin;
    for (let l = 0; l < this.shapes.length; l++) {
      const out = this.acts[l]!;
      this.affine(l, prev, n, out, this.shapes[l]!.activation !== 'none');
      prev = out;
    }
  }

  /** out (n x outDim) = act(prev · Wᵀ + b) in float32; `activate` false gives the pre-activation. */
  affine(l: number, prev: SimdArray, n: number, out: SimdArray, activate: boolean): void {
    const s = this.shapes[l]!;
    if (this.simd) {
      this.simd.affine(l, n, prev as Float32Array, out as Float32Array, activate && s.activation === 'relu');
      const len = n * s.outDim;
      if (activate && s.activation === 'tanh') for (let k = 0; k < len; k++) out[k] = f(Math.tanh(out[k]!));
      else if (activate && s.activation === 'sigmoid') for (let k = 0; k < len; k++) out[k] = sigmoid32(out[k]!);
      return;
    }
    const P = this.params;
    const m = s.outDim;
    const k0 = s.inDim;
    const finish = (acc: number, j: number): number => {
      const z = f(acc + f(P[s.bOffset + j]!));
      if (!activate) return z;
      if (s.activation === 'relu') return Math.max(z, 0);
      if (s.activation === 'tanh') return f(Math.tanh(z));
      if (s.activation === 'sigmoid') return sigmoid32(z);
      return z;
    };
    for (let i = 0; i < n; i++) {
      const a = i * k0;
      let j = 0;
      // Four output units at a time: each keeps its own left-to-right sum (the same bits as
      // one at a time), but the four rounding chains overlap instead of waiting on each other.
      for (; j + 3 < m; j += 4) {
        const w0 = s.wOffset + j * k0;
        const w1 = w0 + k0;
        const w2 = w1 + k0;
        const w3 = w2 + k0;
        let c0 = 0;
        let c1 = 0;
        let c2 = 0;
        let c3 = 0;
        for (let k = 0; k < k0; k++) {
          const v = prev[a + k]!;
          c0 = f(c0 + f(f(P[w0 + k]!) * v));
          c1 = f(c1 + f(f(P[w1 + k]!) * v));
          c2 = f(c2 + f(f(P[w2 + k]!) * v));
          c3 = f(c3 + f(f(P[w3 + k]!) * v));
        }
        out[i * m + j] = finish(c0, j);
        out[i * m + j + 1] = finish(c1, j + 1);
        out[i * m + j + 2] = finish(c2, j + 2);
        out[i * m + j + 3] = finish(c3, j + 3);
      }
      for (; j < m; j++) {
        const w = s.wOffset + j * k0;
        let acc = 0;
        for (let k = 0; k < k0; k++) acc = f(acc + f(f(P[w + k]!) * prev[a + k]!));
        out[i * m + j] = finish(acc, j);
      }
    }
  }

  /**
   * The first layer's pre- or post-activation of x (only that layer is computed) into the
   * first x.rows rows of `out` (n x width, any stride). Callers chunk large batches.
   */
  hiddenInto(x: Matrix, post: boolean, out: Matrix): void {
    const n = x.rows;
    this.readInput(x);
    const h = this.acts[0]!;
    this.affine(0, this.xin, n, h, post);
    copyRows({ rows: n, cols: this.shapes[0]!.outDim, data: h }, out);
  }

  /** Row-wise float32 softmax of logits row i into `p` from `po`: e_j = exp(z_j − max), p_j = e_j · (1 / Σ e). */
  private softmaxRow(i: number, p: Float64Array, po = 0): void {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const z = i * c;
    let max = Z[z]!;
    for (let j = 1; j < c; j++) if (Z[z + j]! > max) max = Z[z + j]!;
    let sum = 0;
    for (let j = 0; j < c; j++) {
      const t = f(Z[z + j]! - max);
      const e = t === 0 ? 1 : f(Math.exp(t)); // exp(±0) is exactly 1: the row's maximum costs no exp
      p[po + j] = e;
      sum = f(sum + e);
    }
    // ATen's float32 softmax (_vec_softmax_lastdim) multiplies by 1/sum rather than dividing
    const inv = f(1 / sum);
    for (let j = 0; j < c; j++) p[po + j] = f(p[po + j]! * inv);
  }

  /** Softmax (or the raw outputs, `raw`) of the last forward pass into `out`. */
  outputsInto(n: number, out: Matrix, raw: boolean): void {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const os = out.stride ?? out.cols;
    const oo = out.offset ?? 0;
    if (raw) {
      copyRows({ rows: n, cols: c, data: Z }, out);
      return;
    }
    if (c === 2) this.softmaxPairs(n, out.data, oo, os);
    else for (let i = 0; i < n; i++) this.softmaxRow(i, out.data, oo + i * os);
  }

  /**
   * softmaxRow for two classes, unrolled: the same operations in the same order (the maximum
   * is the first of the two unless the second is larger; its exp is 1 when z − max is ±0, as
   * it is for every finite z; an infinite maximum gives NaN as the loop does).
   */
  private softmaxPairs(n: number, D: Float64Array, oo: number, os: number): void {
    const Z = this.acts[this.shapes.length - 1]!;
    for (let i = 0; i < n; i++) {
      const z0 = Z[2 * i]!;
      const z1 = Z[2 * i + 1]!;
      // biome-ignore lint/complexity/useMathMinMax: the loop's comparison, not Math.max (NaN, signed zeros)
      const max = z1 > z0 ? z1 : z0;
      const t0 = f(z0 - max);
      const t1 = f(z1 - max);
      const e0 = t0 === 0 ? 1 : f(Math.exp(t0));
      const e1 = t1 === 0 ? 1 : f(Math.exp(t1));
      const inv = f(1 / f(f(0 + e0) + e1));
      const o = oo + i * os;
      D[o] = f(e0 * inv);
      D[o + 1] = f(e1 * inv);
    }
  }

  /**
   * d output[t_i] / d x_i for every row of the last forward pass, as torch's autograd
   * computes it in float32: softmax backward dz_j = p_j · (g_j − Σ_k g_k p_k) with g = e_t
   * (probability) or dz = e_t (logit / raw value); then per layer dA_{l−1,k} = Σ_j dZ_j W_jk
   * after the activation's backward (relu: mask; tanh: g · (1 − y·y); sigmoid: g · (1 − y) · y).
   */
  inputGradientInto(n: number, targets: ArrayLike<number>, start: number, probability: boolean, out: Matrix): void {
    const c = this.classes;
    const L = this.shapes.length;
    const os = out.stride ?? out.cols;
    const oo = out.offset ?? 0;
    const p = this.p;
    if (this.simd) {
      this.inputGradientSimd(this.simd, n, targets, start, probability, out);
      return;
    }
    for (let i = 0; i < n; i++) {
      const t = targets[start + i]!;
      let cur = this.gradA;
      let next = this.gradB;
      if (probability) {
        this.softmaxRow(i, p);
        let dot = 0;
        for (let k = 0; k < c; k++) dot = f(dot + f((k === t ? 1 : 0) * p[k]!));
        for (let j = 0; j < c; j++) cur[j] = f(p[j]! * f((j === t ? 1 : 0) - dot));
      } else {
        for (let j = 0; j < c; j++) cur[j] = j === t ? 1 : 0;
      }
      for (let l = L - 1; l >= 0; l--) {
        const s = this.shapes[l]!;
        const m = s.outDim;
        if (s.activation !== 'none') {
          const A = this.acts[l]!;
          const a = i * m;
          if (s.activation === 'relu') {
            for (let j = 0; j < m; j++) if (A[a + j]! <= 0) cur[j] = 0;
          } else if (s.activation === 'tanh') {
            for (let j = 0; j < m; j++) {
              const y = A[a + j]!;
              cur[j] = f(cur[j]! * f(1 - f(y * y)));
            }
          } else {
            for (let j = 0; j < m; j++) {
              const y = A[a + j]!;
              cur[j] = f(f(cur[j]! * f(1 - y)) * y);
            }
          }
        }
        const k0 = s.inDim;
        const P = this.params;
        // dA_k = Σ_j dZ_j W_jk, j ascending for every k; looping j outside reads W row by row
        // (contiguous) and keeps each k's summation order, so the result is the same bits.
        for (let k = 0; k < k0; k++) next[k] = 0;
        for (let j = 0; j < m; j++) {
          const g = cur[j]!;
          const w = s.wOffset + j * k0;
          for (let k = 0; k < k0; k++) next[k] = f(next[k]! + f(g * f(P[w + k]!)));
        }
        const tmp = cur;
        cur = next;
        next = tmp;
      }
      for (let k = 0; k < this.inputDim; k++) out.data[oo + i * os + k] = cur[k]!;
    }
  }
  /**
   * inputGradientInto through the SIMD kernels, all rows at once: the same seeds and
   * activation backward steps element by element, then dA = dZ · W per layer, each sum over
   * j ascending in float32 (the kernel), so every value has the per-row loop's bits.
   */
  private inputGradientSimd(
    simd: SimdStack<Float32Array>,
    n: number,
    targets: ArrayLike<number>,
    start: number,
    probability: boolean,
    out: Matrix,
  ): void {
    const c = this.classes;
    const p = this.p;
    let cur = simd.gradA;
    let next = simd.gradB;
    for (let i = 0; i < n; i++) {
      const t = targets[start + i]!;
      const g = i * c;
      if (!probability) {
        for (let j = 0; j < c; j++) cur[g + j] = j === t ? 1 : 0;
        continue;
      }
      this.softmaxRow(i, p);
      let dot = 0;
      for (let k = 0; k < c; k++) dot = f(dot + f((k === t ? 1 : 0) * p[k]!));
      for (let j = 0; j < c; j++) cur[g + j] = f(p[j]! * f((j === t ? 1 : 0) - dot));
    }
    for (let l = this.shapes.length - 1; l >= 0; l--) {
      const s = this.shapes[l]!;
      const A = this.acts[l]!;
      const len = n * s.outDim;
      if (s.activation === 'relu') {
        simd.reluMask(len, cur, A as Float32Array);
      } else if (s.activation === 'tanh') {
        for (let k = 0; k < len; k++) cur[k] = f(cur[k]! * f(1 - f(A[k]! * A[k]!)));
      } else if (s.activation === 'sigmoid') {
        for (let k = 0; k < len; k++) cur[k] = f(f(cur[k]! * f(1 - A[k]!)) * A[k]!);
      }
      simd.backInput(l, n, cur, next);
      const tmp = cur;
      cur = next;
      next = tmp;
    }
    const d = this.inputDim;
    const os = out.stride ?? out.cols;
    const oo = out.offset ?? 0;
    for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) out.data[oo + i * os + k] = cur[i * d + k]!;
  }
}

// Unchecked forward/backward kernels of a dense stack. Callers validate shapes first.
// Every buffer is owned here and reused: `ensure(n)` grows them to n rows once, and the
// views below cover the first n rows, so a loop of equal-size calls allocates nothing
// beyond the small Matrix view objects.
import type { KernelBackend, Matrix } from '@xai/core';
import type { Activation } from '../denseLayer.js';
import { copyRows } from './copyRows.js';
import { createSimdInstance, kernelBackend, matmulKernel, matmulTransA, matmulTransB, transpose } from '@xai/core';
import { SimdStack } from './simdStack.js';

/**
 * Layers at least this wide take the transposed weight-gradient path (measured: +29% rows/s
 * for a 256-row ANN training step, +6% at 32 rows; for 2-wide output layers matmulTransA wins).
 */
const WIDE = 8;

/**
 * Batches of at least this many rows back-propagate through a transposed weight copy and
 * matmulTransB (dot products of contiguous rows), ~1.3x the i-k-j matmul kernel on ANN
 * shapes; below it the O(in·out) transpose would not pay for itself.
 */
const TRANSPOSE_ROWS = 16;

/** Where one layer lives in the flat parameter buffer. */
export interface LayerShape {
  readonly inDim: number;
  readonly outDim: number;
  /** Activation applied after the affine map ('none' on the output layer). */
  readonly activation: Activation;
  /** Offset of the out x in weight block. */
  readonly wOffset: number;
  /** Offset of the bias (right after the weight). */
  readonly bOffset: number;
}

/** Lays layers out back to back: weight (out x in, row-major) then bias. */
export function layoutLayers(dims: readonly number[], activations: readonly Activation[]): { shapes: LayerShape[]; size: number } {
  const shapes: LayerShape[] = [];
  let offset = 0;
  for (let l = 0; l + 1 < dims.length; l++) {
    const inDim = dims[l]!;
    const outDim = dims[l + 1]!;
    shapes.push({ inDim, outDim, activation: activations[l] ?? 'none', wOffset: offset, bOffset: offset + inDim * outDim });
    offset += inDim * outDim + outDim;
  }
  return { shapes, size: offset };
}

/** How the training loss treats the outputs. */
export interface LossSpec {
  /** Per-class weights (PyTorch `CrossEntropyLoss(weight=…)`, weighted mean); null = all 1. */
  readonly classWeights: Float64Array | null;
  /** Cross-entropy applied to softmax outputs instead of logits (OpenXAI's released code). */
  readonly doubleSoftmax: boolean;
}

export class MlpCore {
  readonly inputDim: number;
  readonly classes: number;
  private readonly maxWidth: number;
  private capacity = 0;
  /** Post-activation output of every layer (the last one holds the logits). */
  private acts: Float64Array[] = [];
  /** Ping-pong buffers for gradients flowing backwards. */
  private gradA: Float64Array = new Float64Array(0);
  private gradB: Float64Array = new Float64Array(0);
  /** Transposed copies for the weight-gradient product (see backward). */
  private tA = new Float64Array(0);
  private tB = new Float64Array(0);
  private rowScratch: Float64Array;
  /** Transposed copy of one weight matrix (the largest layer's size, allocated on first use). */
  private wT = new Float64Array(0);
  /**
   * The WebAssembly SIMD kernels holding the weights and the batch buffers (acts, gradA and
   * gradB are then views into its memory); null: the scalar JS kernels; undefined: not made yet.
   */
  private simd: SimdStack<Float64Array> | null | undefined;
  /** Chosen once, when the model is made: `XAI_KERNELS=js` keeps it on the JS kernels. */
  readonly kernels: KernelBackend = kernelBackend();

  constructor(
    readonly shapes: readonly LayerShape[],
    readonly params: Float64Array,
  ) {
    this.inputDim = shapes[0]!.inDim;
    this.classes = shapes[shapes.length - 1]!.outDim;
    let w = this.inputDim;
    for (const s of shapes) w = Math.max(w, s.outDim);
    this.maxWidth = w;
    this.rowScratch = new Float64Array(this.classes);
  }

  /** Grows the buffers to hold n rows (never shrinks). */
  ensure(n: number): void {
    if (n <= this.capacity && this.acts.length > 0) return;
    if (this.simd === undefined) {
      const instance = this.kernels === 'simd' ? createSimdInstance(true) : null;
      this.simd = instance === null ? null : new SimdStack(instance, this.shapes, this.params, Float64Array);
    }
    if (this.simd !== null) {
      this.simd.ensure(n);
      this.acts = this.simd.acts;
      this.gradA = this.simd.gradA;
      this.gradB = this.simd.gradB;
      this.capacity = n;
      return;
    }
    const cap = Math.max(n, Math.ceil(this.capacity * 1.5), 1);
    this.acts = this.shapes.map((s) => new Float64Array(cap * s.outDim));
    this.gradA = new Float64Array(cap * this.maxWidth);
    this.gradB = new Float64Array(cap * this.maxWidth);
    this.tA = new Float64Array(0);
    this.tB = new Float64Array(0);
    this.capacity = cap;
  }

  /** Drops every batch-sized buffer (they are re-created on the next call). */
  release(): void {
    this.simd = undefined;
    this.capacity = 0;
    this.acts = [];
    this.gradA = new Float64Array(0);
    this.gradB = new Float64Array(0);
    this.tA = new Float64Array(0);
    this.tB = new Float64Array(0);
    this.wT = new Float64Array(0);
  }

  /** Bytes held by the work buffers (for the release test). */
  bufferBytes(): number {
    let b = this.gradA.byteLength + this.gradB.byteLength + this.tA.byteLength + this.tB.byteLength + this.wT.byteLength;
    if (this.simd) return b - this.gradA.byteLength - this.gradB.byteLength + this.simd.memoryBytes();
    for (const a of this.acts) b += a.byteLength;
    return b;
  }

  weight(l: number): Matrix {
    const s = this.shapes[l]!;
    return { rows: s.outDim, cols: s.inDim, data: this.params, offset: s.wOffset };
  }

  /** View of layer l's activations for the first n rows. */
  act(l: number, n: number): Matrix {
    return { rows: n, cols: this.shapes[l]!.outDim, data: this.acts[l]! };
  }

  /** Forward pass over n = x.rows rows; afterwards `act(L-1, n)` holds the logits. */
  forward(x: Matrix): void {
    const n = x.rows;
    this.ensure(n);
    if (this.simd) {
      this.simdForward(this.simd, x);
      return;
    }
    let prev = x;
    for (let l = 0; l < this.shapes.length; l++) {
      const out = this.act(l, n);
      this.affine(l, prev, out, this.shapes[l]!.activation);
      prev = out;
    }
  }

  /** The forward pass through the SIMD kernels: bias and ReLU fused, tanh/sigmoid after, in JS. */
  private simdForward(simd: SimdStack<Float64Array>, x: Matrix): void {
    const n = x.rows;
    simd.sync();
    simd.readInput(x);
    let prev = simd.x;
    for (let l = 0; l < this.shapes.length; l++) {
      const act = this.shapes[l]!.activation;
      const out = this.acts[l]!;
      simd.affine(l, n, prev, out, act === 'relu');
      const len = n * this.shapes[l]!.outDim;
      if (act === 'tanh') for (let k = 0; k < len; k++) out[k] = Math.tanh(out[k]!);
      else if (act === 'sigmoid') for (let k = 0; k < len; k++) out[k] = sigmoid(out[k]!);
      prev = out;
    }
  }

  /** out = act(prev · W_lᵀ + b_l); out may be any (strided) n x out_l matrix. */
  affine(l: number, prev: Matrix, out: Matrix, activation: Activation): void {
    const s = this.shapes[l]!;
    matmulTransB(prev, this.weight(l), out);
    const P = this.params;
    const D = out.data;
    const m = s.outDim;
    const b = s.bOffset;
    const stride = out.stride ?? out.cols;
    const o0 = out.offset ?? 0;
    for (let i = 0; i < out.rows; i++) {
      const o = o0 + i * stride;
      if (activation === 'relu') {
        for (let j = 0; j < m; j++) {
          const v = D[o + j]! + P[b + j]!;
          D[o + j] = Math.max(v, 0);
        }
      } else if (activation === 'tanh') {
        for (let j = 0; j < m; j++) D[o + j] = Math.tanh(D[o + j]! + P[b + j]!);
      } else if (activation === 'sigmoid') {
        for (let j = 0; j < m; j++) D[o + j] = sigmoid(D[o + j]! + P[b + j]!);
      } else {
        for (let j = 0; j < m; j++) D[o + j] = D[o + j]! + P[b + j]!;
      }
    }
  }

  /** Row-wise softmax of the logits of the last forward pass into `out` (stable: max subtracted). */
  softmaxInto(n: number, out: Matrix): void {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const stride = out.stride ?? out.cols;
    const o0 = out.offset ?? 0;
    for (let i = 0; i < n; i++) softmaxRow(Z, i * c, c, out.data, o0 + i * stride);
  }

  /** Copies the logits of the last forward pass into `out`. */
  logitsInto(n: number, out: Matrix): void {
    copyRows({ rows: n, cols: this.classes, data: this.acts[this.shapes.length - 1]! }, out);
  }

  /**
   * Seeds the output gradient for input gradients: row i gets d output_i[t_i] / d logits,
   * i.e. the unit vector e_t (logit) or p_t (e_t − p) (probability).
   */
  seedTargetGradient(n: number, targets: ArrayLike<number>, start: number, probability: boolean): void {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const G = this.gradA;
    const p = this.rowScratch;
    for (let i = 0; i < n; i++) {
      const t = targets[start + i]!;
      const z = i * c;
      if (!probability) {
        for (let j = 0; j < c; j++) G[z + j] = 0;
        G[z + t] = 1;
        continue;
      }
      softmaxRow(Z, z, c, p, 0);
      const pt = p[t]!;
      for (let j = 0; j < c; j++) G[z + j] = -pt * p[j]!;
      G[z + t] = G[z + t]! + pt;
    }
  }

  /**
   * Seeds dLoss/dlogits for the (weighted-mean) cross-entropy and returns the loss.
   * `rowWeight[i] = classWeights[y_i]`; the mean divides by their sum (PyTorch semantics).
   */
  seedLossGradient(n: number, y: ArrayLike<number>, loss: LossSpec): number {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const G = this.gradA;
    const p = this.rowScratch;
    const cw = loss.classWeights;
    let wSum = 0;
    for (let i = 0; i < n; i++) wSum += cw === null ? 1 : cw[y[i]!]!;
    if (wSum === 0) wSum = 1; // all rows weighted 0: zero gradient rather than NaN
    let total = 0;
    for (let i = 0; i < n; i++) {
      const t = y[i]!;
      const z = i * c;
      const w = (cw === null ? 1 : cw[t]!) / wSum;
      const sum = softmaxRow(Z, z, c, p, 0);
      if (!loss.doubleSoftmax) {
        // -log p_t = logsumexp(z) - z_t, from the softmax's own max and Σ exp (no exp twice)
        total += w * -(Z[z + t]! - rowMax(Z, z, c) - Math.log(sum));
        for (let j = 0; j < c; j++) G[z + j] = w * p[j]!;
        G[z + t] = G[z + t]! - w;
        continue;
      }
      // Softmax outputs treated as logits: L = logsumexp(p) - p_t. dL/dp_j = q_j - δ_tj with
      // q = softmax(p); then back through the softmax Jacobian: dL/dz_k = p_k (g_k - Σ_j g_j p_j).
      const max = rowMax(p, 0, c);
      let sq = 0;
      for (let j = 0; j < c; j++) {
        const e = Math.exp(p[j]! - max);
        G[z + j] = e; // each exp once, kept for the gradient below
        sq += e;
      }
      total += w * (max + Math.log(sq) - p[t]!);
      let dot = 0;
      for (let j = 0; j < c; j++) {
        const g = G[z + j]! / sq - (j === t ? 1 : 0);
        G[z + j] = g; // temporarily dL/dp
        dot += g * p[j]!;
      }
      for (let j = 0; j < c; j++) G[z + j] = w * p[j]! * (G[z + j]! - dot);
    }
    return total;
  }

  /**
   * Seeds dLoss/doutputs for the mean squared error (torch `MSELoss`, mean over all n·k
   * entries) of an identity-head model against row-major targets `y[start ..]` (n x k), and
   * returns the loss.
   */
  seedSquaredErrorGradient(n: number, y: ArrayLike<number>, start: number): number {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const G = this.gradA;
    const len = n * c;
    const scale = len > 0 ? 2 / len : 0;
    let total = 0;
    for (let k = 0; k < len; k++) {
      const r = Z[k]! - y[start + k]!;
      total += r * r;
      G[k] = scale * r;
    }
    return len > 0 ? total / len : 0;
  }

  /**
   * Adds the last forward pass's regression statistics to `acc`: [0] Σ (f − y)², [1] count
   * of entries, [2] Σ (y − shift), [3] Σ (y − shift)² (for R²: shifted sums, so the variance
   * does not cancel when the targets are far from 0; the caller picks shift ≈ the targets).
   */
  scoreSquaredError(n: number, y: ArrayLike<number>, start: number, acc: Float64Array, shift: number): void {
    const len = n * this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    let sse = 0;
    let sy = 0;
    let syy = 0;
    for (let k = 0; k < len; k++) {
      const t = y[start + k]!;
      const r = Z[k]! - t;
      sse += r * r;
      const u = t - shift;
      sy += u;
      syy += u * u;
    }
    acc[0] = acc[0]! + sse;
    acc[1] = acc[1]! + len;
    acc[2] = acc[2]! + sy;
    acc[3] = acc[3]! + syy;
  }

  /**
   * Adds the last forward pass's statistics to `acc`: [0] Σ w_i ℓ_i, [1] Σ w_i,
   * [2] correct predictions (argmax, ties to the lower class), [3] rows predicted class 1.
   */
  score(n: number, y: ArrayLike<number>, loss: LossSpec, acc: Float64Array): void {
    const c = this.classes;
    const Z = this.acts[this.shapes.length - 1]!;
    const p = this.rowScratch;
    const cw = loss.classWeights;
    for (let i = 0; i < n; i++) {
      const t = y[i]!;
      const z = i * c;
      const w = cw === null ? 1 : cw[t]!;
      let best = 0;
      for (let j = 1; j < c; j++) if (Z[z + j]! > Z[z + best]!) best = j;
      let l: number;
      if (!loss.doubleSoftmax) {
        l = -logSoftmaxAt(Z, z, c, t);
      } else {
        softmaxRow(Z, z, c, p, 0);
        l = -logSoftmaxAt(p, 0, c, t);
      }
      acc[0] = acc[0]! + w * l;
      acc[1] = acc[1]! + w;
      if (best === t) acc[2] = acc[2]! + 1;
      if (best === 1) acc[3] = acc[3]! + 1;
    }
  }

  /**
   * Back-propagates the seeded output gradient (in gradA, n x classes) through every
   * layer. Writes parameter gradients into `paramGrads` (same layout as params) and/or the
   * input gradient into `inputGrad`.
   */
  backward(x: Matrix, paramGrads: Float64Array | null, inputGrad: Matrix | null): void {
    const n = x.rows;
    let cur = this.gradA;
    let next = this.gradB;
    for (let l = this.shapes.length - 1; l >= 0; l--) {
      const s = this.shapes[l]!;
      const dZ: Matrix = { rows: n, cols: s.outDim, data: cur };
      // Every supported activation's derivative is a function of its output a, so the
      // post-activation buffer is enough: relu' = [a > 0], tanh' = 1 − a², sigmoid' = a(1 − a).
      if (s.activation !== 'none') {
        const A = this.acts[l]!;
        const len = n * s.outDim;
        if (s.activation === 'relu' && this.simd) this.simd.reluMask(len, cur, A);
        else if (s.activation === 'relu') {
          for (let k = 0; k < len; k++) if (A[k]! <= 0) cur[k] = 0;
        } else if (s.activation === 'tanh') {
          for (let k = 0; k < len; k++) {
            const a = A[k]!;
            cur[k] = cur[k]! * (1 - a * a);
          }
        } else {
          for (let k = 0; k < len; k++) {
            const a = A[k]!;
            cur[k] = cur[k]! * (a * (1 - a));
          }
        }
      }
      if (paramGrads !== null) {
        const prev = l === 0 ? x : this.act(l - 1, n);
        const dW: Matrix = { rows: s.outDim, cols: s.inDim, data: paramGrads, offset: s.wOffset };
        if (s.outDim >= WIDE && this.simd) {
          // the forward pass's own copy of x: backward follows forward on the same rows
          this.simd.weightGradient(l, n, cur, l === 0 ? this.simd.x : this.acts[l - 1]!, paramGrads);
        } else if (s.outDim >= WIDE) {
          // dW = dZᵀ·A as dot products of long contiguous rows: transposing both operands
          // (O(n·(in+out))) makes the O(n·in·out) product ~1.5x faster than matmulTransA.
          if (this.tA.length < this.capacity * this.maxWidth) {
            this.tA = new Float64Array(this.capacity * this.maxWidth);
            this.tB = new Float64Array(this.capacity * this.maxWidth);
          }
          const dZt: Matrix = { rows: s.outDim, cols: n, data: this.tA };
          const At: Matrix = { rows: s.inDim, cols: n, data: this.tB };
          transpose(dZ, dZt);
          transpose(prev, At);
          matmulTransB(dZt, At, dW);
        } else {
          matmulTransA(dZ, prev, dW);
        }
        const b = s.bOffset;
        columnSums(cur, n, s.outDim, paramGrads, b);
      }
      if (l > 0) {
        this.backInput(l, dZ, { rows: n, cols: s.inDim, data: next });
        const t = cur;
        cur = next;
        next = t;
      } else if (inputGrad !== null) {
        this.backInput(0, dZ, inputGrad);
      }
    }
  }

  /** dA = dZ · W_l. From TRANSPOSE_ROWS rows on, via Wᵀ and the faster dot-product kernel. */
  private backInput(l: number, dZ: Matrix, out: Matrix): void {
    const s = this.shapes[l]!;
    if (this.simd) {
      // into the free ping-pong buffer, then out when out is the caller's matrix
      const inside = out.data === this.gradA || out.data === this.gradB;
      const target = inside ? out.data : dZ.data === this.gradA ? this.gradB : this.gradA;
      this.simd.backInput(l, dZ.rows, dZ.data, target);
      if (!inside) copyRows({ rows: dZ.rows, cols: s.inDim, data: target }, out);
      return;
    }
    if (dZ.rows < TRANSPOSE_ROWS || s.outDim < WIDE) {
      matmulKernel(dZ, this.weight(l), out);
      return;
    }
    // The weights may have changed since the last call (training, user writes), so the
    // in x out copy is made afresh: O(in·out), small beside the O(n·in·out) product.
    if (this.wT.length < s.inDim * s.outDim) {
      let largest = 0;
      for (const sh of this.shapes) largest = Math.max(largest, sh.inDim * sh.outDim);
      this.wT = new Float64Array(largest);
    }
    const wt: Matrix = { rows: s.inDim, cols: s.outDim, data: this.wT };
    transpose(this.weight(l), wt);
    matmulTransB(dZ, wt, out);
  }
}

/** Logistic function, written so that neither branch overflows exp. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/**
 * out[o + j] = Σ_i a[i·m + j] over the rows i = 0..n−1 in order, from +0 (the bias gradient of a
 * batch): four columns at a time, each sum in a local, instead of storing every partial sum.
 */
function columnSums(a: Float64Array, n: number, m: number, out: Float64Array, o: number): void {
  let j = 0;
  for (; j + 4 <= m; j += 4) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let i = 0, r = j; i < n; i++, r += m) {
      s0 += a[r]!;
      s1 += a[r + 1]!;
      s2 += a[r + 2]!;
      s3 += a[r + 3]!;
    }
    out[o + j] = s0;
    out[o + j + 1] = s1;
    out[o + j + 2] = s2;
    out[o + j + 3] = s3;
  }
  for (; j < m; j++) {
    let t = 0;
    for (let i = 0, r = j; i < n; i++, r += m) t += a[r]!;
    out[o + j] = t;
  }
}

/** max of Z[z .. z+c). */
function rowMax(Z: ArrayLike<number>, z: number, c: number): number {
  let max = Z[z]!;
  for (let j = 1; j < c; j++) if (Z[z + j]! > max) max = Z[z + j]!;
  return max;
}

/**
 * The one float64 softmax (predictProba, input gradients and training all use it, so their
 * p agree bit for bit): p_j = exp(z_j − max) / Σ exp(z_k − max) of Z[z .. z+c) into
 * D[o .. o+c). Returns Σ exp(z_k − max). (The float32 kernel keeps its own, ATen's form.)
 */
export function softmaxRow(Z: ArrayLike<number>, z: number, c: number, D: Float64Array, o: number): number {
  const max = rowMax(Z, z, c);
  let sum = 0;
  for (let j = 0; j < c; j++) {
    const t = Z[z + j]! - max;
    const e = t === 0 ? 1 : Math.exp(t); // exp(±0) is exactly 1: the row's maximum costs no exp
    D[o + j] = e;
    sum += e;
  }
  for (let j = 0; j < c; j++) D[o + j] = D[o + j]! / sum;
  return sum;
}

/** log softmax(Z[z .. z+c))[t] = z_t − max − log Σ exp(z_j − max). */
export function logSoftmaxAt(Z: Float64Array, z: number, c: number, t: number): number {
  const max = rowMax(Z, z, c);
  let sum = 0;
  for (let j = 0; j < c; j++) sum += Math.exp(Z[z + j]! - max);
  return Z[z + t]! - max - Math.log(sum);
}

// A dense stack's weights and batch buffers inside one WebAssembly SIMD instance: the
// weights are laid out once (transposed for the forward product, as given for the backward
// one) and again only when the parameters change; the batch buffers grow, never shrink.
// The kernels sum every dot product in the scalar kernels' order, so the bits are theirs.
import type { Matrix, SimdInstance, SimdMatmul, SimdReluMask, SimdSparseMatmul } from '@xai/core';
import { SIMD_BIAS, SIMD_BIAS_RELU, SIMD_PLAIN, reserveSimdMemory } from '@xai/core';
import type { LayerShape } from './mlpCore.js';

/** The element type: float64 (the default arithmetic) or float32 (torch parity). */
export type SimdArray = Float64Array | Float32Array;

interface LayerBlocks {
  /** in x out: Wᵀ, so the forward product runs along contiguous output columns. */
  readonly wt: number;
  /** out x in: W as stored, for the input-gradient product dA = dZ · W. */
  readonly w: number;
  readonly bias: number;
}

/**
 * Products at least this wide (output columns) and this deep (summed terms) skip A's zeros
 * (measured on the 100 x 100 layer of the default ANN, half its ReLU outputs zero: 1.4-1.6x;
 * a 20-column output or a 20-term sum runs faster dense).
 */
const SPARSE_MIN_COLS = 64;
const SPARSE_MIN_TERMS = 32;

/** Elements rounded up to a whole 16-byte vector. */
function vectorRound(count: number, bytes: number): number {
  const per = 16 / bytes;
  return Math.ceil(count / per) * per;
}

export class SimdStack<T extends SimdArray> {
  private readonly bytes: number;
  private readonly mm: SimdMatmul;
  private readonly mms: SimdSparseMatmul;
  private readonly mask: SimdReluMask;
  /** Byte address of the sparse kernel's list (2·maxWidth elements, then maxWidth int32s). */
  private readonly scratch: number;
  /** Per layer: every weight finite, so skipping a zero input term keeps the bits. */
  private readonly finite: boolean[];
  private readonly blocks: LayerBlocks[] = [];
  /** First element after the weights: where the batch buffers start. */
  private readonly weightsEnd: number;
  /** out x in scratch (the largest layer) for a weight gradient. */
  private readonly dW: number;
  private readonly maxWidth: number;
  /** The parameters the weights were laid out from (compared before every pass). */
  private readonly laidOut: Float64Array;
  private fresh = false;
  private capacity = 0;
  /** n x inputDim: the input rows, converted to the element type. */
  x!: T;
  /** n x out_l: every layer's output (the last one: the logits). */
  acts: T[] = [];
  /** n x maxWidth each: gradients flowing backwards (ping-pong). */
  gradA!: T;
  gradB!: T;
  /** n x maxWidth: a transposed output gradient (out x n) for the weight gradient. */
  private dZt!: T;

  constructor(
    private readonly instance: SimdInstance,
    private readonly shapes: readonly LayerShape[],
    private readonly params: Float64Array,
    private readonly Type: { new (buffer: ArrayBuffer, byteOffset: number, length: number): T; readonly BYTES_PER_ELEMENT: number },
  ) {
    this.bytes = Type.BYTES_PER_ELEMENT;
    this.mm = this.bytes === 8 ? instance.mmF64 : instance.mmF32;
    this.mms = this.bytes === 8 ? instance.mmsF64 : instance.mmsF32;
    this.mask = this.bytes === 8 ? instance.reluMaskF64 : instance.reluMaskF32;
    this.finite = shapes.map(() => false);
    let at = 16 / this.bytes; // address 0 stays unused
    let width = shapes[0]?.inDim ?? 0;
    for (const s of shapes) {
      const size = vectorRound(s.inDim * s.outDim, this.bytes);
      this.blocks.push({ wt: at, w: at + size, bias: at + 2 * size });
      at += 2 * size + vectorRound(s.outDim, this.bytes);
      width = Math.max(width, s.outDim);
    }
    let largest = 0;
    for (const s of shapes) largest = Math.max(largest, s.inDim * s.outDim);
    this.dW = at;
    at += vectorRound(largest, this.bytes);
    this.scratch = at * this.bytes;
    this.weightsEnd = at + vectorRound(2 * width, this.bytes) + vectorRound((width * 4) / this.bytes, this.bytes);
    this.maxWidth = width;
    this.laidOut = new Float64Array(params.length);
  }

  /** Bytes of the instance's memory. */
  memoryBytes(): number {
    return this.instance.memory.buffer.byteLength;
  }

  /** Grows the batch buffers to hold n rows (views are remade when the memory grows). */
  ensure(n: number): void {
    if (n <= this.capacity && this.acts.length > 0) return;
    const cap = Math.max(n, Math.ceil(this.capacity * 1.5), 1);
    const sizes = [this.shapes[0]!.inDim, ...this.shapes.map((s) => s.outDim), this.maxWidth, this.maxWidth, this.maxWidth].map((w) =>
      vectorRound(cap * w, this.bytes),
    );
    let end = this.weightsEnd;
    for (const s of sizes) end += s;
    reserveSimdMemory(this.instance, end * this.bytes);
    const buffer = this.instance.memory.buffer;
    let at = this.weightsEnd;
    const views = sizes.map((s, q) => {
      const v = new this.Type(buffer, at * this.bytes, q === 0 ? cap * this.shapes[0]!.inDim : s);
      at += s;
      return v;
    });
    this.x = views[0]!;
    this.acts = this.shapes.map((s, l) => views[l + 1]!.subarray(0, cap * s.outDim) as T);
    this.gradA = views[this.shapes.length + 1]!;
    this.gradB = views[this.shapes.length + 2]!;
    this.dZt = views[this.shapes.length + 3]!;
    this.capacity = cap;
  }

  /** Lays the weights out again if any parameter changed since the last time (bit for bit). */
  sync(): void {
    const P = this.params;
    const L = this.laidOut;
    let same = this.fresh;
    for (let k = 0; same && k < P.length; k++) {
      const a = P[k]!;
      const b = L[k]!;
      // NaN never matches (laid out again); a zero's sign cannot change a sum that starts at +0
      if (a !== b) same = false;
    }
    if (same) return;
    L.set(P);
    const mem = new this.Type(this.instance.memory.buffer, 0, this.weightsEnd);
    this.shapes.forEach((s, l) => {
      const { wt, w, bias } = this.blocks[l]!;
      const n = s.inDim;
      const m = s.outDim;
      // W row-major is P's own layout: one converting copy; then Wᵀ from the laid-out values
      mem.set(P.subarray(s.wOffset, s.wOffset + m * n), w);
      mem.set(P.subarray(s.bOffset, s.bOffset + m), bias);
      let finite = true;
      for (let j = 0; j < m; j++) {
        const row = w + j * n;
        for (let k = 0; k < n; k++) {
          const v = mem[row + k]!;
          mem[wt + k * m + j] = v;
          // the laid-out (possibly float32-rounded) values decide: 1e300 is finite, its float32 is not
          if (v - v !== 0) finite = false;
        }
      }
      this.finite[l] = finite;
    });
    this.fresh = true;
  }

  /** Copies the rows of x (any stride) into `this.x`, converting to the element type. */
  readInput(x: Matrix): void {
    const d = x.cols;
    const xs = x.stride ?? d;
    const xo = x.offset ?? 0;
    if (xs === d) this.x.set(x.data.subarray(xo, xo + x.rows * d));
    else for (let i = 0; i < x.rows; i++) this.x.set(x.data.subarray(xo + i * xs, xo + i * xs + d), i * d);
  }

  /** out (n x out_l) = prev · W_lᵀ + b_l, clamped at 0 when `relu`; prev is n x in_l. */
  affine(l: number, n: number, prev: T, out: T, relu: boolean): void {
    const s = this.shapes[l]!;
    const b = this.blocks[l]!;
    const e = this.bytes;
    const mode = relu ? SIMD_BIAS_RELU : SIMD_BIAS;
    if (this.sparse(l, s.inDim, s.outDim))
      this.mms(
        n,
        s.inDim,
        s.outDim,
        prev.byteOffset,
        s.inDim,
        b.wt * e,
        s.outDim,
        out.byteOffset,
        s.outDim,
        b.bias * e,
        mode,
        this.scratch,
      );
    else this.mm(n, s.inDim, s.outDim, prev.byteOffset, s.inDim, b.wt * e, s.outDim, out.byteOffset, s.outDim, b.bias * e, mode);
  }

  /** Whether layer l's product of `terms` terms into `cols` columns runs on the sparse kernel. */
  private sparse(l: number, terms: number, cols: number): boolean {
    return this.finite[l]! && cols >= SPARSE_MIN_COLS && terms >= SPARSE_MIN_TERMS;
  }

  /** ReLU's backward step on the first `len` elements: g = +0 wherever a <= 0 (both in this memory). */
  reluMask(len: number, g: T, a: T): void {
    this.mask(len, g.byteOffset, a.byteOffset);
  }

  /** out (n x in_l) = dZ (n x out_l) · W_l: the input-gradient product, each sum over j ascending. */
  backInput(l: number, n: number, dZ: T, out: T): void {
    const s = this.shapes[l]!;
    const b = this.blocks[l]!;
    const w = b.w * this.bytes;
    if (this.sparse(l, s.outDim, s.inDim))
      this.mms(n, s.outDim, s.inDim, dZ.byteOffset, s.outDim, w, s.inDim, out.byteOffset, s.inDim, 0, SIMD_PLAIN, this.scratch);
    else this.mm(n, s.outDim, s.inDim, dZ.byteOffset, s.outDim, w, s.inDim, out.byteOffset, s.inDim, 0, SIMD_PLAIN);
  }

  /**
   * dW_l = dZᵀ · prev (out x in) into `grads` at the layer's weight offset: dZ (n x out) is
   * transposed, then each dW[j][k] sums dZ[i][j]·prev[i][k] for i ascending from 0, the
   * order of matmulTransB over transposed operands.
   */
  weightGradient(l: number, n: number, dZ: T, prev: T, grads: Float64Array): void {
    const s = this.shapes[l]!;
    const m = s.outDim;
    const t = this.dZt;
    for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) t[j * n + i] = dZ[i * m + j]!;
    const e = this.bytes;
    this.mm(m, n, s.inDim, t.byteOffset, n, prev.byteOffset, s.inDim, this.dW * e, s.inDim, 0, SIMD_PLAIN);
    const size = m * s.inDim;
    grads.set(new this.Type(this.instance.memory.buffer, this.dW * e, size), s.wOffset);
  }
}

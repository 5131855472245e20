// The normal matrix of a weighted least-squares fit, A[j][k] = Σ_s (w_s c_sj) c_sk over a
// centred design c (rows x p), on @xai/core's WebAssembly SIMD matmul where it exists: the
// product (W C)ᵀ · C with every entry summed from +0 over s ascending, one product and one
// sum at a time (no fused multiply-add) — the bits of the scalar loop, which runs elsewhere
// (no WebAssembly SIMD, or XAI_KERNELS=js). One kernel instance per realm (process, worker
// or page), its memory grown to the largest design seen.
import type { SimdInstance } from '@xai/core';
import { SIMD_PLAIN, createSimdInstance, reserveSimdMemory } from '@xai/core';

let instance: SimdInstance | null | undefined;

/** The realm's kernel instance (null: scalar loops). */
function kernels(): SimdInstance | null {
  if (instance === undefined) instance = createSimdInstance();
  return instance;
}

/** Where the operands go in the kernel's memory, and their views (re-made when the memory grows). */
export interface GramBuffers {
  /** (W C)ᵀ: p x rows, row j = column j of W·C. */
  readonly wct: Float64Array;
  /** C: rows x p (row-major). */
  readonly c: Float64Array;
  /** The full p x p product (kernel path only). */
  readonly out: Float64Array | null;
}

/**
 * Buffers for a design of `rows` x `p`: views into the kernel's memory when SIMD runs, else
 * plain arrays (reused when `previous` is big enough).
 */
export function gramBuffers(rows: number, p: number, previous: GramBuffers | null): GramBuffers {
  const k = kernels();
  const n = rows * p;
  if (k === null) {
    if (previous !== null && previous.out === null && previous.c.length >= n) return previous;
    return { wct: new Float64Array(n), c: new Float64Array(n), out: null };
  }
  const bytes = 8 * (2 * n + p * p);
  const grew = reserveSimdMemory(k, bytes);
  if (!grew && previous !== null && previous.out !== null && previous.c.length === n && previous.out.length === p * p) return previous;
  const buf = k.memory.buffer;
  return {
    wct: new Float64Array(buf, 0, n),
    c: new Float64Array(buf, 8 * n, n),
    out: new Float64Array(buf, 16 * n, p * p),
  };
}

/**
 * The upper triangle of A = (W C)ᵀ C into a (p x p row-major) from buffers filled by the
 * caller; the lower triangle of a is left as it was.
 */
export function weightedGram(g: GramBuffers, rows: number, p: number, a: Float64Array): void {
  const k = kernels();
  if (k !== null && g.out !== null) {
    // A (p x rows) at 0, B (rows x p) at 8·rows·p, C (p x p) after both.
    k.mmF64(p, rows, p, 0, rows, 8 * rows * p, p, 16 * rows * p, p, 0, SIMD_PLAIN);
    const out = g.out;
    for (let j = 0; j < p; j++) for (let q = j; q < p; q++) a[j * p + q] = out[j * p + q]!;
    return;
  }
  scalarWeightedGram(g.wct, g.c, rows, p, a);
}

/** The scalar loop: rank-1 updates in s order, so each entry still sums its products from +0, s ascending. */
export function scalarWeightedGram(wct: Float64Array, c: Float64Array, rows: number, p: number, a: Float64Array): void {
  for (let j = 0; j < p; j++) a.fill(0, j * p + j, (j + 1) * p);
  for (let s = 0; s < rows; s++) {
    const o = s * p;
    for (let j = 0; j < p; j++) {
      const v = wct[j * rows + s]!;
      const row = j * p;
      for (let q = j; q < p; q++) a[row + q] = a[row + q]! + v * c[o + q]!;
    }
  }
}

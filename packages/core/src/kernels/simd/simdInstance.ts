// WebAssembly SIMD kernels, instantiated synchronously (the module is a few KB, which
// browsers allow off the main thread and Node everywhere). Each instance owns its memory, so
// a model can lay its weights and batch buffers out once and keep them between calls.
import { XaiError, describeValue } from '../../errors.js';
import type { WasmMemory } from '../../internal/wasmModule.js';
import { compileWasm, growMemory, instantiateWasm, jsKernelsForced } from '../../internal/wasmModule.js';
import { SIMD_MODULE_BASE64 } from './simdBytes.js';

/** A WebAssembly.Memory (lib ES2022 does not declare the WebAssembly API). */
export type { WasmMemory } from '../../internal/wasmModule.js';

/** Which kernels run: the WebAssembly SIMD ones, or the scalar JS ones they reproduce. */
export type KernelBackend = 'simd' | 'js';

/**
 * C (n x m) = A (n x k) · B (k x m) [+ bias] [max(·, 0)], every operand row-major in the
 * instance's memory at byte address a / b / c / bias with row strides sa / sb / sc in
 * elements; mode 0 plain, 1 + bias[j], 2 + bias[j] then max(·, 0). Each output element sums
 * A[i][p]·B[p][j] for p ascending from 0, in the element type's arithmetic.
 */
export type SimdMatmul = (
  n: number,
  k: number,
  m: number,
  a: number,
  sa: number,
  b: number,
  sb: number,
  c: number,
  sc: number,
  bias: number,
  mode: number,
) => void;

/**
 * `SimdMatmul` that skips the exact zeros of A (a ReLU layer's outputs, and the gradients
 * masked by it, are about half zeros), with `scratch` the byte address of 2k elements and then
 * k int32s of free memory. Rows that share most of their zeros (perturbations of one instance)
 * run in pairs over the union of their non-zero terms. The bits equal `SimdMatmul`'s whenever every entry of B is finite:
 * a sum that starts at +0 never becomes −0, so adding a product 0·B[p][j] = ±0 changes nothing.
 */
export type SimdSparseMatmul = (...args: [...Parameters<SimdMatmul>, scratch: number]) => void;

/**
 * A ReLU layer's backward step over `len` elements at byte addresses g and a: g[q] = +0
 * wherever a[q] <= 0 (NaN in a keeps g[q]), as the scalar `if (a[q] <= 0) g[q] = 0`.
 */
export type SimdReluMask = (len: number, g: number, a: number) => void;

/**
 * GELU over float32 elements, y = x · (erf(x·r) + c2) · c3, in whole vectors of 4 over ⌈len/4⌉·4
 * elements at byte addresses x and y (the caller pads to 16 bytes); dy/dx at `keep` unless it is
 * 0. erf without a table (scripts/geluWat.mjs): within float32 rounding of the exact value.
 */
export type SimdGelu = (len: number, x: number, y: number, keep: number, r: number, c2: number, c3: number) => void;

/**
 * out[q] = a[q] · b[q] over float32 elements, whole vectors of 4 over ⌈len/4⌉·4 elements at byte
 * addresses a, b and out (the caller pads to 16 bytes): the bits of `Math.fround(a[q] * b[q])`.
 */
export type SimdMul = (len: number, a: number, b: number, out: number) => void;

/**
 * LayerNormalization of `rows` float32 rows of `len` values (len a multiple of 4) at byte
 * address x into y: y = x̂ · scale + bias, scale and bias `len` float64 values, and per row the
 * float64 pair (mean, 1/√(var + eps)) at `stats`; computed in float64, each output rounded once.
 */
export type SimdLayerNorm = (
  rows: number,
  len: number,
  x: number,
  y: number,
  scale: number,
  bias: number,
  stats: number,
  eps: number,
) => void;

/**
 * The input gradient of `SimdLayerNorm`: dx = inv · (d − mean(d) − x̂ · mean(d · x̂)) per row,
 * d = g · scale, x̂ recomputed from x and the forward's stats; float64 inside, rounded once.
 */
export type SimdLayerNormBack = (rows: number, len: number, g: number, x: number, dx: number, scale: number, stats: number) => void;

/** One instance of the kernels with its own growable memory. */
export interface SimdInstance {
  readonly memory: WasmMemory;
  /** float64 kernel (f64x2 lanes). */
  readonly mmF64: SimdMatmul;
  /** float32 kernel (f32x4 lanes), IEEE single-precision + and ×. */
  readonly mmF32: SimdMatmul;
  /** mmF64 skipping A's exact zeros: the same bits when B is finite (see `SimdSparseMatmul`). */
  readonly mmsF64: SimdSparseMatmul;
  /** mmF32 skipping A's exact zeros: the same bits when B is finite. */
  readonly mmsF32: SimdSparseMatmul;
  /** The ReLU backward mask over float64 elements. */
  readonly reluMaskF64: SimdReluMask;
  /** The ReLU backward mask over float32 elements. */
  readonly reluMaskF32: SimdReluMask;
  /** The float32 GELU (erf form) with dy/dx. */
  readonly geluF32: SimdGelu;
  /** Elementwise float32 products (GELU's backward step). */
  readonly mulF32: SimdMul;
  /** LayerNormalization over float32 rows. */
  readonly layerNormF32: SimdLayerNorm;
  /** Its input gradient. */
  readonly layerNormBackF32: SimdLayerNormBack;
}

/** `mode` values of `SimdMatmul`. */
export const SIMD_PLAIN = 0;
export const SIMD_BIAS = 1;
export const SIMD_BIAS_RELU = 2;

let compiled: object | null | undefined;

/** The compiled module, or null where WebAssembly or its SIMD extension is missing. */
function simdModule(): object | null {
  if (compiled === undefined) compiled = compileWasm(SIMD_MODULE_BASE64);
  return compiled;
}

/**
 * The backend the built-in models use: 'simd' where WebAssembly SIMD is available, unless
 * the environment variable `XAI_KERNELS=js` forces the scalar JS kernels.
 * @example kernelBackend()  // 'simd' in Node 20 and current browsers
 * @since 0.3.0
 */
export function kernelBackend(): KernelBackend {
  if (jsKernelsForced()) return 'js';
  return simdModule() === null ? 'js' : 'simd';
}

/**
 * A new instance of the SIMD kernels (own memory), or null when `kernelBackend()` is 'js'
 * (pass `force: true` to ignore `XAI_KERNELS`, e.g. in tests that compare both paths).
 * @example const k = createSimdInstance(); if (k) k.mmF64(n, kk, m, a, kk, b, m, c, m, 0, SIMD_PLAIN)
 * @since 0.3.0
 */
export function createSimdInstance(force = false): SimdInstance | null {
  if (!force && kernelBackend() === 'js') return null;
  const mod = simdModule();
  if (mod === null) return null;
  const exports = instantiateWasm(mod) as unknown as {
    memory: WasmMemory;
    mm_f64: SimdMatmul;
    mm_f32: SimdMatmul;
    mms_f64: SimdSparseMatmul;
    mms_f32: SimdSparseMatmul;
    relu_mask_f64: SimdReluMask;
    relu_mask_f32: SimdReluMask;
    gelu_f32: SimdGelu;
    mul_f32: SimdMul;
    layer_norm_f32: SimdLayerNorm;
    layer_norm_back_f32: SimdLayerNormBack;
  };
  return {
    memory: exports.memory,
    mmF64: exports.mm_f64,
    mmF32: exports.mm_f32,
    mmsF64: exports.mms_f64,
    mmsF32: exports.mms_f32,
    reluMaskF64: exports.relu_mask_f64,
    reluMaskF32: exports.relu_mask_f32,
    geluF32: exports.gelu_f32,
    mulF32: exports.mul_f32,
    layerNormF32: exports.layer_norm_f32,
    layerNormBackF32: exports.layer_norm_back_f32,
  };
}

/**
 * Grows the instance's memory to at least `bytes`; true when it grew (every typed-array
 * view over the old buffer is then detached and must be made again).
 * @since 0.3.0
 */
export function reserveSimdMemory(instance: SimdInstance, bytes: number): boolean {
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    throw new XaiError('BAD_INPUT', `expected a non-negative integer byte count, got ${describeValue(bytes)}`, {
      fn: 'reserveSimdMemory',
      arg: 'bytes',
      value: bytes,
    });
  return growMemory(instance.memory, bytes);
}

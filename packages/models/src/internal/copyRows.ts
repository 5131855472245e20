import type { Matrix } from '@xai/core';

/**
 * Copies the rows of `src` into `out` (same shape; either may be a strided view): the one
 * row-copy behind every `out` buffer (logits, raw outputs, hidden layers, wrapped outputs).
 * `src` may hold float32 values in a Float32Array (the float32 SIMD kernels' buffers).
 */
export function copyRows(src: Omit<Matrix, 'data'> & { readonly data: Float64Array | Float32Array }, out: Matrix): void {
  const c = src.cols;
  const ss = src.stride ?? c;
  const so = src.offset ?? 0;
  const os = out.stride ?? out.cols;
  const oo = out.offset ?? 0;
  if (ss === c && os === c) {
    out.data.set(src.data.subarray(so, so + src.rows * c), oo);
    return;
  }
  for (let i = 0; i < src.rows; i++) out.data.set(src.data.subarray(so + i * ss, so + i * ss + c), oo + i * os);
}

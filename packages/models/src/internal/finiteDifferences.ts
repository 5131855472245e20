// Central finite differences of a batch function, batched: the perturbed rows of many
// inputs go to the function in one call (chunked only to bound memory).
import type { Matrix } from '@xai/core';

export interface FdSettings {
  /** Relative step: h = step · max(scale, |x_ij|). */
  readonly step: number;
  readonly scale: number;
  /** Upper bound on rows per call of `f` (each input row needs 2·d). */
  readonly maxRows: number;
}

/** cbrt(machine epsilon): the step that balances truncation and rounding for central differences. */
export const DEFAULT_FD_STEP: number = Math.cbrt(Number.EPSILON);

/**
 * out[i][j] = (f(x_i + h e_j)[t_i] − f(x_i − h e_j)[t_i]) / (2h), where f maps an
 * m x d batch to m x classes. The difference divides by the representable step
 * (x + h) − (x − h), not by 2h, so rounding of x ± h does not bias it.
 */
export function finiteDifferenceGradient(
  f: (x: Matrix) => Matrix,
  x: Matrix,
  targets: ArrayLike<number>,
  s: FdSettings,
  out: Matrix,
): void {
  const n = x.rows;
  const d = x.cols;
  const xs = x.stride ?? x.cols;
  const xo = x.offset ?? 0;
  const os = out.stride ?? out.cols;
  const oo = out.offset ?? 0;
  const per = 2 * d;
  const chunk = Math.max(1, Math.floor(s.maxRows / per));
  const buf = new Float64Array(Math.min(n, chunk) * per * d);
  const width = new Float64Array(Math.min(n, chunk) * d);
  for (let start = 0; start < n; start += chunk) {
    const rows = Math.min(chunk, n - start);
    for (let r = 0; r < rows; r++) {
      const src = xo + (start + r) * xs;
      for (let j = 0; j < d; j++) {
        const v = x.data[src + j]!;
        const h = s.step * Math.max(s.scale, Math.abs(v));
        const plus = v + h;
        const minus = v - h;
        width[r * d + j] = plus - minus;
        const base = (r * per + 2 * j) * d;
        buf.set(x.data.subarray(src, src + d), base);
        buf.set(x.data.subarray(src, src + d), base + d);
        buf[base + j] = plus;
        buf[base + d + j] = minus;
      }
    }
    const p = f({ rows: rows * per, cols: d, data: buf.subarray(0, rows * per * d) });
    const ps = p.stride ?? p.cols;
    const po = p.offset ?? 0;
    for (let r = 0; r < rows; r++) {
      const t = targets[start + r]!;
      for (let j = 0; j < d; j++) {
        const k = r * per + 2 * j;
        out.data[oo + (start + r) * os + j] = (p.data[po + k * ps + t]! - p.data[po + (k + 1) * ps + t]!) / width[r * d + j]!;
      }
    }
  }
}

// Central finite differences of a batch function, batched: the perturbed rows of many
// inputs go to the function in one call (chunked only to bound memory).
import type { Matrix } from '@xai/core';

export interface FdSettings {
  /**
   * Relative step. A number scale s: h = step · max(s, |x_ij|). Per-column scales S: h =
   * step · S_j, or step · |x_ij| where S_j is 0 (1 where x_ij is 0 too).
   */
  readonly step: number;
  readonly scale: number | ArrayLike<number>;
  /** Upper bound on rows per call of `f` (each input row needs 2·d). */
  readonly maxRows: number;
}

/** cbrt(machine epsilon): the step that balances truncation and rounding for central differences. */
export const DEFAULT_FD_STEP: number = Math.cbrt(Number.EPSILON);

/** The step for x_ij = v in column j. */
export function stepOf(s: FdSettings, j: number, v: number): number {
  const a = Math.abs(v);
  if (typeof s.scale === 'number') return s.step * Math.max(s.scale, a);
  const c = s.scale[j]!;
  return s.step * (c > 0 ? c : a > 0 ? a : 1);
}

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
        const h = stepOf(s, j, v);
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

/** How far two step sizes' central differences disagree, against the gradient's size. */
export interface FiniteDifferenceCheck {
  /** The largest |D(h) − D(2h)| over rows and columns: the error estimate of D(h). */
  readonly maxError: number;
  /** The largest |D(h)|. */
  readonly maxGradient: number;
  /** maxError / maxGradient (0 when both are 0, Infinity when only the gradient is 0). */
  readonly relative: number;
  /** Per column: the largest |D(h) − D(2h)| over the rows. */
  readonly columnError: Float64Array;
  /** The relative step h (the check also used 2h). */
  readonly step: number;
}

/** D(h) (the gradient returned) and D(2h), and their disagreement. */
export function finiteDifferenceCheck(
  f: (x: Matrix) => Matrix,
  x: Matrix,
  targets: ArrayLike<number>,
  s: FdSettings,
): FiniteDifferenceCheck {
  const n = x.rows;
  const d = x.cols;
  const fine = { rows: n, cols: d, data: new Float64Array(n * d) };
  const coarse = { rows: n, cols: d, data: new Float64Array(n * d) };
  finiteDifferenceGradient(f, x, targets, s, fine);
  finiteDifferenceGradient(f, x, targets, { ...s, step: 2 * s.step }, coarse);
  const columnError = new Float64Array(d);
  let maxGradient = 0;
  for (let i = 0; i < n * d; i++) {
    const e = Math.abs(fine.data[i]! - coarse.data[i]!);
    const j = i % d;
    if (!(e <= columnError[j]!)) columnError[j] = e; // NaN becomes the max
    maxGradient = Math.max(maxGradient, Math.abs(fine.data[i]!));
  }
  let maxError = 0;
  for (const e of columnError) if (!(e <= maxError)) maxError = e;
  const relative = maxError === 0 ? 0 : maxGradient === 0 ? Infinity : maxError / maxGradient;
  return { maxError, maxGradient, relative, columnError, step: s.step };
}

/**
 * Per-column step scales from training rows: each column's standard deviation, else its
 * range, else 0 (the step then follows |x|).
 */
export function columnSpread(train: Matrix): Float64Array {
  const { rows, cols } = train;
  const stride = train.stride ?? cols;
  const offset = train.offset ?? 0;
  const out = new Float64Array(cols);
  for (let j = 0; j < cols; j++) {
    let sum = 0;
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < rows; i++) {
      const v = train.data[offset + i * stride + j]!;
      sum += v;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    const mean = sum / Math.max(rows, 1);
    let ss = 0;
    for (let i = 0; i < rows; i++) ss += (train.data[offset + i * stride + j]! - mean) ** 2;
    const sd = rows > 1 ? Math.sqrt(ss / (rows - 1)) : 0;
    out[j] = sd > 0 && Number.isFinite(sd) ? sd : hi > lo && Number.isFinite(hi - lo) ? hi - lo : 0;
  }
  return out;
}

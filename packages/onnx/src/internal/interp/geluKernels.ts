// The fused GELU's loops over a whole batch: y = x · (erf(x / c1) + c2) · c3 and, when a
// backward pass follows, the local derivative dy/dx kept per element so the backward is one
// multiply. erf comes from erfTable.ts's interval polynomials with no call and no branch but the
// saturation test, and erf' = 2/√π · e^(−u²) from the derivative of the same interval
// polynomial (within 1e-15 absolute at degree 14 and 1e-9 at degree 7; Math.exp costs about
// as much as the whole rest of the loop). For |u| < 1/4 the table's first interval serves: GELU
// needs erf to an absolute, not a relative, accuracy there.
import { ERF_TABLE, ERF_TABLE_F32 } from './erfTable.js';

/** The fused node's constants: x divided by c1 inside erf, c2 added to erf, c3 the final factor. */
export interface GeluConstants {
  readonly c1: number;
  readonly c2: number;
  readonly c3: number;
}

/** Coefficients of p′ for each interval polynomial p of `degree` (lowest power first, degree − 1 of them). */
function derivativeTable(table: Float64Array, degree: number): Float64Array {
  const intervals = table.length / (degree + 1);
  const out = new Float64Array(intervals * degree);
  for (let i = 0; i < intervals; i++) for (let k = 1; k <= degree; k++) out[i * degree + k - 1] = k * table[i * (degree + 1) + k]!;
  return out;
}

const T7 = ERF_TABLE_F32;
const T14 = ERF_TABLE;
const D14 = derivativeTable(T14, 14);

// erf is odd: each loop evaluates it at |u| and multiplies by the sign of u computed without a
// branch (a GELU's inputs change sign at random, and a mispredicted branch costs more than the
// polynomial); x / c1 is x times 1 / c1.

/** float32 results: erf to 2e-11 (degree 7); `keep` receives dy/dx when given. */
export function gelu32(xd: Float32Array, yd: Float32Array, keep: Float64Array | undefined, { c1, c2, c3 }: GeluConstants): void {
  const r = 1 / c1;
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const u = v * r;
    const a = Math.abs(u);
    let e = 1;
    let de = 0;
    if (a < 6) {
      const j = (a * 4) | 0;
      const t = a - (j + 0.5) * 0.25;
      const t2 = t * t;
      const t4 = t2 * t2;
      const b = j * 8;
      // the interval's coefficients read once, for erf and for erf′ (whose coefficients are k·c_k)
      const k0 = T7[b]!;
      const k1 = T7[b + 1]!;
      const k2 = T7[b + 2]!;
      const k3 = T7[b + 3]!;
      const k4 = T7[b + 4]!;
      const k5 = T7[b + 5]!;
      const k6 = T7[b + 6]!;
      const k7 = T7[b + 7]!;
      e = k0 + t * k1 + t2 * (k2 + t * k3) + t4 * (k4 + t * k5 + t2 * (k6 + t * k7));
      if (keep !== undefined) de = k1 + t * (2 * k2) + t2 * (3 * k3 + t * (4 * k4)) + t4 * (5 * k5 + t * (6 * k6) + t2 * (7 * k7));
    }
    const signed = e * (+(u > 0) - +(u < 0));
    yd[i] = v * (signed + c2) * c3;
    if (keep !== undefined) keep[i] = c3 * (signed + c2 + v * de * r);
  }
}

/** Horner over one interval's coefficients `c[b … b + n)` at t. */
function horner(c: Float64Array, b: number, n: number, t: number): number {
  let s = c[b + n - 1]!;
  for (let k = n - 2; k >= 0; k--) s = s * t + c[b + k]!;
  return s;
}

/** float64 results: erf to float64 accuracy (degree 14); `keep` receives dy/dx when given. */
export function gelu64(xd: Float64Array, yd: Float64Array, keep: Float64Array | undefined, { c1, c2, c3 }: GeluConstants): void {
  const r = 1 / c1;
  for (let i = 0; i < xd.length; i++) {
    const v = xd[i]!;
    const u = v * r;
    const a = Math.abs(u);
    let e = 1;
    let de = 0;
    if (a < 6) {
      const j = (a * 4) | 0;
      const t = a - (j + 0.5) * 0.25;
      e = horner(T14, j * 15, 15, t);
      if (keep !== undefined) de = horner(D14, j * 14, 14, t);
    }
    const signed = e * (+(u > 0) - +(u < 0));
    yd[i] = v * (signed + c2) * c3;
    if (keep !== undefined) keep[i] = c3 * (signed + c2 + v * de * r);
  }
}

/** dx = g · dy/dx as the forward kept it (one copy per array type, each monomorphic). */
export function geluBack32(gd: Float32Array, keep: Float64Array, dx: Float32Array): void {
  for (let i = 0; i < gd.length; i++) dx[i] = gd[i]! * keep[i]!;
}

/** `geluBack32` with dy/dx kept in float32 (the SIMD kernel's). */
export function geluBack32f(gd: Float32Array, keep: Float32Array, dx: Float32Array): void {
  for (let i = 0; i < gd.length; i++) dx[i] = gd[i]! * keep[i]!;
}

/** `geluBack32` over float64 arrays. */
export function geluBack64(gd: Float64Array, keep: Float64Array, dx: Float64Array): void {
  for (let i = 0; i < gd.length; i++) dx[i] = gd[i]! * keep[i]!;
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
const TANH_C = 0.044715;

/** The tanh form y = x/2 · (1 + tanh(√(2/π) (x + 0.044715 x³))); `keep` receives dy/dx when given. */
export function geluTanh(xd: Float32Array | Float64Array, yd: Float32Array | Float64Array, keep: Float64Array | undefined): void {
  for (let i = 0; i < xd.length; i++) {
    const x = xd[i]!;
    const t = Math.tanh(SQRT_2_OVER_PI * (x + TANH_C * x * x * x));
    yd[i] = 0.5 * x * (1 + t);
    if (keep !== undefined) keep[i] = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * SQRT_2_OVER_PI * (1 + 3 * TANH_C * x * x);
  }
}

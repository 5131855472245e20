// The error function (JavaScript has no Math.erf). Below |x| = 1/4 its odd Taylor series in
// x; up to 6 a polynomial in the distance to the centre of one of 24 intervals of width 1/4
// (erfTable.ts, interpolated in 60-digit arithmetic by scripts/erf_table.py); beyond, ±1
// (erfc(6) < 2.2e-17). `erf` (degree 14) is within one ulp of mpmath; `erf32` (degree 7, for
// results rounded to float32) within 2e-11 relative, at half the cost.
import { ERF_TABLE, ERF_TABLE_F32 } from './erfTable.js';

const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
/** 2/√π · (−1)^n / (n! (2n + 1)), n = 0 … 10. */
const SERIES = Array.from({ length: 11 }, (_, n) => {
  let f = 1;
  for (let k = 2; k <= n; k++) f *= k;
  return (TWO_OVER_SQRT_PI * (n % 2 === 0 ? 1 : -1)) / (f * (2 * n + 1));
});

function tableErf(x: number, table: Float64Array, degree: number, terms: number): number {
  const a = Math.abs(x);
  if (a < 0.25) {
    const x2 = x * x;
    let s = SERIES[terms - 1]!;
    for (let n = terms - 2; n >= 0; n--) s = s * x2 + SERIES[n]!;
    return x * s;
  }
  if (!(a < 6)) return Number.isNaN(x) ? x : Math.sign(x);
  const i = Math.floor(a * 4);
  const t = a - (i + 0.5) * 0.25;
  const base = i * (degree + 1);
  let v = table[base + degree]!;
  for (let k = degree - 1; k >= 0; k--) v = v * t + table[base + k]!;
  return x < 0 ? -v : v;
}

export function erf(x: number): number {
  return tableErf(x, ERF_TABLE, 14, 11);
}

const [S0, S1, S2, S3, S4, S5] = SERIES as [number, number, number, number, number, number];
const T32 = ERF_TABLE_F32;

/** erf within 2e-11 relative (enough for a result rounded to float32): degree 7, written out in Estrin's form. */
export function erf32(x: number): number {
  const a = Math.abs(x);
  if (a < 0.25) {
    const x2 = x * x;
    const x4 = x2 * x2;
    return x * (S0 + x2 * S1 + x4 * (S2 + x2 * S3) + x4 * x4 * (S4 + x2 * S5));
  }
  if (!(a < 6)) return Number.isNaN(x) ? x : Math.sign(x);
  const i = Math.floor(a * 4);
  const t = a - (i + 0.5) * 0.25;
  const b = i * 8;
  const t2 = t * t;
  const t4 = t2 * t2;
  const lo = T32[b]! + t * T32[b + 1]! + t2 * (T32[b + 2]! + t * T32[b + 3]!);
  const hi = T32[b + 4]! + t * T32[b + 5]! + t2 * (T32[b + 6]! + t * T32[b + 7]!);
  const v = lo + t4 * hi;
  return x < 0 ? -v : v;
}

/** d erf / dx = 2/√π · e^(−x²). */
export function erfDerivative(x: number): number {
  return TWO_OVER_SQRT_PI * Math.exp(-x * x);
}

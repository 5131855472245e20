/**
 * Area under a curve sampled at k = 1..K with x = (k - 1)/(K - 1) (trapezoid rule), i.e.
 * the trapezoid mean of the per-k values, so a curve that is 1 everywhere scores 1.
 * With K = 1 the single value is returned. Reads `values[offset .. offset + K)`.
 */
export function trapezoidMean(values: ArrayLike<number>, K: number, offset = 0): number {
  if (K === 1) return values[offset]!;
  let s = 0.5 * (values[offset]! + values[offset + K - 1]!);
  for (let k = 1; k < K - 1; k++) s += values[offset + k]!;
  return s / (K - 1);
}

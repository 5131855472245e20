import { quantileSorted } from 'simple-statistics';

/** Mean and upper quantile of the defined (non-NaN) draws; NaN when none is defined. */
export function nullStats(draws: Float64Array, quantile: number): { mean: number; upper: number; defined: number } {
  const values: number[] = [];
  let sum = 0;
  for (let i = 0; i < draws.length; i++) {
    const v = draws[i]!;
    if (!Number.isNaN(v)) {
      values.push(v);
      sum += v;
    }
  }
  if (values.length === 0) return { mean: Number.NaN, upper: Number.NaN, defined: 0 };
  values.sort((a, b) => a - b);
  // R-7 linear interpolation (numpy's default), from simple-statistics.
  return { mean: sum / values.length, upper: quantileSorted(values, quantile), defined: values.length };
}

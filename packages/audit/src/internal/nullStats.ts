import { quantileSorted } from 'simple-statistics';

/** Summary of one null: mean, sample sd and upper quantile of the defined (non-NaN) draws. */
export interface NullSummary {
  readonly mean: number;
  /** Sample standard deviation (n − 1); 0 with one draw; NaN when none is defined. */
  readonly sd: number;
  readonly upper: number;
  readonly defined: number;
}

/** Mean, sd and upper quantile of the defined (non-NaN) draws; NaN when none is defined. */
export function nullStats(draws: Float64Array, quantile: number): NullSummary {
  const values: number[] = [];
  let sum = 0;
  for (let i = 0; i < draws.length; i++) {
    const v = draws[i]!;
    if (!Number.isNaN(v)) {
      values.push(v);
      sum += v;
    }
  }
  if (values.length === 0) return { mean: Number.NaN, sd: Number.NaN, upper: Number.NaN, defined: 0 };
  const mean = sum / values.length;
  let ss = 0;
  for (const v of values) ss += (v - mean) * (v - mean);
  values.sort((a, b) => a - b);
  // R-7 linear interpolation (numpy's default), from simple-statistics.
  return {
    mean,
    sd: values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0,
    upper: quantileSorted(values, quantile),
    defined: values.length,
  };
}

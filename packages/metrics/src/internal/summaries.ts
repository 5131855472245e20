// Robust summaries of per-instance values (NaN = undefined, excluded).
import { summarizeValues } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';

/** Type-7 (linear interpolation) quantile of ascending-sorted values. */
export function quantileSorted(sorted: Float64Array, q: number): number {
  const m = sorted.length;
  if (m === 0) return Number.NaN;
  const h = (m - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(m - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** The defined (non-NaN) values, sorted ascending. */
export function definedSorted(values: ArrayLike<number>): Float64Array {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) m++;
  const out = new Float64Array(m);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) out[k++] = values[i]!;
  return out.sort();
}

/** Indices where `counts[i] > 0`. */
export function positiveIndices(counts: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < counts.length; i++) if (counts[i]! > 0) out.push(i);
  return out;
}

/**
 * Core's summary plus the released runner's `std_err = np.std(v) / sqrt(n)` (ddof = 0)
 * over the defined values: sqrt(sum (v - mean)^2) / n.
 */
export function summarize(metric: string, values: Float64Array): MetricSummary {
  const base = summarizeValues(metric, values);
  const n = base.count;
  if (n === 0) return { ...base, seDdof0: Number.NaN };
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) ss += (v - base.mean) * (v - base.mean);
  }
  return { ...base, seDdof0: Math.sqrt(ss) / n };
}

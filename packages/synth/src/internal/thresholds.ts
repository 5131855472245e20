// Label thresholds of the two SynthGauss variants. Unchecked kernels: callers validate.

/** Median of `values` (mean of the two middle values when the length is even). */
export function median(values: Float64Array): number {
  const s = Float64Array.from(values).sort();
  const n = s.length;
  const mid = n >> 1;
  return n % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The released generator's threshold: of `size` evenly spaced thresholds in [0, 1]
 * (numpy linspace), the first whose rule `p > t` puts a share of positives closest to
 * `target`. Counting uses one sort and a binary search per threshold.
 */
export function gridThreshold(probabilities: Float64Array, size: number, target: number): number {
  const s = Float64Array.from(probabilities).sort();
  const n = s.length;
  const step = 1 / (size - 1);
  let best = 0;
  let bestDiff = Infinity;
  for (let j = 0; j < size; j++) {
    const t = j === size - 1 ? 1 : j * step;
    const positives = n - upperBound(s, t);
    const diff = Math.abs(target - positives / n);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = t;
    }
  }
  return best;
}

/** First index i with sorted[i] > t (sorted ascending). */
function upperBound(sorted: Float64Array, t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

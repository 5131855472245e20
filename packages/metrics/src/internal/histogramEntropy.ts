// Quantus' `discrete_entropy`: scipy.stats.entropy of np.histogram(a, bins) — equal-width bins
// over [min, max] (±0.5 around a constant), the last bin closed, natural logarithm.

/** Shannon entropy (nats) of the `bins`-bin histogram of `a`. */
export function histogramEntropy(a: ArrayLike<number>, bins: number, counts = new Float64Array(bins)): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < a.length; k++) {
    lo = Math.min(lo, a[k]!);
    hi = Math.max(hi, a[k]!);
  }
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  // np.linspace(lo, hi, bins + 1): edge k = k·step + lo, the last edge exactly hi.
  const step = (hi - lo) / bins;
  const edge = (k: number): number => (k === bins ? hi : k * step + lo);
  counts.fill(0);
  for (let k = 0; k < a.length; k++) {
    const v = a[k]!;
    let b = Math.min(bins - 1, Math.floor(((v - lo) / (hi - lo)) * bins));
    // numpy corrects the float guess against the edges themselves.
    if (v < edge(b)) b--;
    else if (b !== bins - 1 && v >= edge(b + 1)) b++;
    counts[b]! += 1;
  }
  let h = 0;
  for (let b = 0; b < bins; b++) {
    const p = counts[b]! / a.length;
    if (p > 0) h -= p * Math.log(p);
  }
  return h;
}

// Captum KernelShap's coalition-size distribution: P(k) ∝ (d−1)/(k(d−k)) for k = 1..d−1
// (probs[0] = 0 and k = d is not in the support), as a cumulative table.

/** cdf[k−1] = P(size ≤ k) for k = 1..d−1 (empty for d < 2). */
export function shapleySizeCdf(d: number): Float64Array {
  const cdf = new Float64Array(Math.max(0, d - 1));
  let acc = 0;
  for (let k = 1; k < d; k++) {
    acc += (d - 1) / (k * (d - k));
    cdf[k - 1] = acc;
  }
  for (let k = 0; k < cdf.length; k++) cdf[k] = cdf[k]! / acc;
  return cdf;
}

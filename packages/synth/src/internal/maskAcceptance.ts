// Chance that one mask draw is accepted by the redraw loop: P(Binomial(d, p) >= m).

/**
 * P(at least `m` of `d` independent Bernoulli(`p`) draws are 1). Sums the smaller tail
 * directly (the upper one when m is above the mean, so tiny chances keep their digits),
 * with terms built in log space so that (1 − p)^d underflowing at large d is harmless.
 */
export function maskAcceptance(d: number, p: number, m: number): number {
  if (m <= 0) return 1;
  if (m > d) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const upper = m > d * p;
  const logOdds = Math.log(p) - Math.log1p(-p);
  let logTerm = d * Math.log1p(-p); // log P(X = 0)
  let tail = 0; // P(X >= m) if upper, else P(X < m)
  for (let i = 0; i <= d; i++) {
    if (upper ? i >= m : i < m) tail += Math.exp(logTerm);
    else if (!upper) break;
    logTerm += Math.log((d - i) / (i + 1)) + logOdds;
  }
  return upper ? Math.min(1, tail) : Math.max(0, 1 - tail);
}

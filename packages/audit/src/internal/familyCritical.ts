import { quantileSorted } from 'simple-statistics';
import type { NullSummary } from './nullStats.js';

/**
 * Max-T (Westfall–Young single-step) critical value over a family of probes whose null
 * draws are shared: draw r re-places the same answers for every probe, so the per-draw
 * maximum of the probes' standardised excesses t_pr = (a_pr − mean_p) / sd_p is a draw of
 * the family's maximum under the null. Its `quantile` is the bound every probe's own
 * standardised excess must beat; the chance that *any* probe does so under the null is
 * then about 1 − quantile, whatever the number of probes and their correlation.
 *
 * Only `eligible` probes (those that can fire: enough covered items) enter the maximum.
 * A probe with sd = 0 (a degenerate null) contributes t = 0. Draws where no eligible probe
 * is defined are skipped. Returns NaN when no draw is usable.
 */
export function familyCritical(
  draws: readonly Float64Array[],
  stats: readonly NullSummary[],
  eligible: readonly boolean[],
  quantile: number,
): number {
  const R = draws.length > 0 ? draws[0]!.length : 0;
  const maxima: number[] = [];
  for (let r = 0; r < R; r++) {
    let m = -Infinity;
    for (let p = 0; p < draws.length; p++) {
      if (!eligible[p]) continue;
      const v = draws[p]![r]!;
      const st = stats[p]!;
      if (Number.isNaN(v) || !Number.isFinite(st.mean)) continue;
      const t = st.sd > 0 ? (v - st.mean) / st.sd : 0;
      if (t > m) m = t;
    }
    if (m > -Infinity) maxima.push(m);
  }
  if (maxima.length === 0) return Number.NaN;
  maxima.sort((a, b) => a - b);
  return quantileSorted(maxima, quantile);
}

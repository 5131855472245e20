import { decideFire } from './decideFire.js';
import { familyCritical } from './familyCritical.js';
import type { NullSummary } from './nullStats.js';
import { nullStats } from './nullStats.js';

/** What the family rule needs per probe: its observed score and its decision-null draws. */
export interface FamilyMember {
  readonly covered: number;
  readonly accuracy: number;
  readonly minAccuracy: number;
  /** Accuracy in each shared null draw (NaN when undefined in a draw). */
  readonly draws: Float64Array;
}

export interface FamilyScore {
  readonly stats: NullSummary[];
  /** Per probe, the accuracy bound to beat (before the margin). */
  readonly thresholds: number[];
  readonly fires: boolean[];
  /** The max-T critical value (NaN under 'none' or when no probe can fire). */
  readonly critical: number;
}

/**
 * Scores a battery whose null draws are shared. 'max-t': each probe's bound is
 * mean_p + c · sd_p with c the `quantile` of the per-draw maximum standardised excess over
 * the probes that can fire (see familyCritical). 'none': each probe's bound is its own
 * null's upper quantile (per-probe control only).
 */
export function scoreFamily(
  members: readonly FamilyMember[],
  rule: 'max-t' | 'none',
  quantile: number,
  minCovered: number,
  margin: number,
): FamilyScore {
  const stats = members.map((m) => nullStats(m.draws, quantile));
  const eligible = members.map((m) => m.covered >= minCovered && m.covered > 0);
  const critical =
    rule === 'max-t'
      ? familyCritical(
          members.map((m) => m.draws),
          stats,
          eligible,
          quantile,
        )
      : Number.NaN;
  const thresholds = stats.map((st) =>
    rule === 'max-t' ? (Number.isFinite(critical) ? st.mean + critical * st.sd : Number.NaN) : st.upper,
  );
  const fires = members.map((m, p) => decideFire(m.covered, m.accuracy, thresholds[p]!, minCovered, margin, m.minAccuracy));
  return { stats, thresholds, fires, critical };
}

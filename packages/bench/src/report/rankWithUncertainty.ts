// Ranks methods by a score with a standard error: a point rank (ties share it) and a rank
// interval from pairwise z-tests, so two methods whose scores overlap are not told apart.

/** z of a two-sided 95% test. */
export const RANK_Z = 1.96;

/** One method's score on the ranking scale (higher is better once `sign` is applied). */
export interface ScoredMethod {
  readonly id: string;
  readonly score: number;
  readonly se: number;
}

/** A method's place: competition rank (1, 2, 2, 4), whether it ties, and its rank interval. */
export interface MethodRank {
  readonly id: string;
  readonly rank: number;
  readonly tied: boolean;
  readonly best: number;
  readonly worst: number;
}

/**
 * Ranks finite scores, best first (`lowerIsBetter` flips the direction). j is surely ahead of
 * i when their gap exceeds `z`·√(se_i² + se_j²); i's interval is [1 + #surely ahead,
 * n − #surely behind]. Exactly equal scores share the point rank and are marked tied; a
 * non-finite score or SE is the caller's to leave out (it is refused here).
 * @since 0.2.0
 */
export function rankWithUncertainty(methods: readonly ScoredMethod[], lowerIsBetter: boolean, z = RANK_Z): MethodRank[] {
  for (const m of methods)
    if (!Number.isFinite(m.score)) throw new RangeError(`rankWithUncertainty: ${m.id} has a non-finite score ${m.score}`);
  const sign = lowerIsBetter ? -1 : 1;
  const good = (m: ScoredMethod): number => sign * m.score;
  const se = (m: ScoredMethod): number => (Number.isFinite(m.se) && m.se > 0 ? m.se : 0);
  const order = [...methods].sort((a, b) => good(b) - good(a));
  const n = order.length;
  return order.map((m) => {
    const ahead = order.filter((o) => good(o) > good(m)).length;
    const tied = order.some((o) => o !== m && good(o) === good(m));
    let surelyAhead = 0;
    let surelyBehind = 0;
    for (const o of order) {
      if (o === m) continue;
      const gap = good(o) - good(m);
      const bound = z * Math.sqrt(se(o) ** 2 + se(m) ** 2);
      if (gap > bound) surelyAhead++;
      else if (-gap > bound) surelyBehind++;
    }
    return { id: m.id, rank: ahead + 1, tied, best: surelyAhead + 1, worst: n - surelyBehind };
  });
}

/** `2 of 6`, `2= of 6` (tied), with its interval when wider: `2 of 6 (1–3)`. */
export function rankText(r: MethodRank, ranked: number): string {
  const point = `${r.rank}${r.tied ? '=' : ''} of ${ranked}`;
  return r.best === r.worst ? point : `${point} (${r.best}–${r.worst})`;
}

// How stable a method's place is across datasets x models: its point ranks on each metric.
import { EXPLAINERS, rankIn } from '../config/ids.js';
import type { LeaderboardRow } from './leaderboard.js';
import { explainerName, metricHeader } from './reportFormat.js';
import type { TableModel } from './reportDocument.js';

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * The rank-stability view: per method and metric, its point rank on each dataset x model that
 * ranks it — listed when there are at most three (`3, 5`), else the median with the best and
 * worst and how many (`median 2 (1–4) over 6`). Null when no metric is ranked on two or more
 * pairs (nothing to compare).
 * @since 0.2.0
 */
export function rankStabilityTable(rows: readonly LeaderboardRow[]): TableModel | null {
  const metrics = [...new Set(rows.map((r) => r.metric))].filter(
    (m) => rows.filter((r) => r.metric === m && r.ranked.length > 0).length >= 2,
  );
  if (metrics.length === 0) return null;
  const methods = [...new Set(rows.flatMap((r) => r.ranked.map((x) => x.explainer)))].sort(
    (a, b) => rankIn(EXPLAINERS, a) - rankIn(EXPLAINERS, b) || (a < b ? -1 : 1),
  );
  const cell = (e: string, metric: string): string => {
    const mine = rows.filter((r) => r.metric === metric);
    const ranks = mine.flatMap((r) => r.ranked.filter((x) => x.explainer === e).map((x) => x.rank));
    if (ranks.length === 0) return '—';
    if (ranks.length <= 3) return ranks.join(', ');
    const lo = Math.min(...ranks);
    const hi = Math.max(...ranks);
    return `median ${median(ranks)}${lo === hi ? '' : ` (${lo}–${hi})`} over ${ranks.length}`;
  };
  return {
    header: ['method', ...metrics.map(metricHeader)],
    rows: methods.map((e) => [explainerName(e), ...metrics.map((m) => cell(e, m))]),
    numeric: [false, ...metrics.map(() => true)],
  };
}

/** The line above the rank-stability table. */
export const RANK_STABILITY_NOTE =
  'Rank stability across datasets × models: the method’s point rank on each dataset × model that ranks it (in the leaderboard’s order of pairs), ' +
  'or with more than three pairs the median (best–worst) over N; ranks that stay close mean the ordering holds across data and models.';

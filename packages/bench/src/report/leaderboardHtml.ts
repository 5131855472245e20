import { leaderboardDocument } from './leaderboard.js';
import { renderHtml } from './renderHtml.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';

/**
 * `leaderboard.html`: the same document as leaderboard.md (notes, one table per metric with the
 * controls and receipt folded under each pair, rank stability, the receipt), as one
 * self-contained page (inline CSS, no script, no network); every user string escaped.
 * @since 0.2.0
 */
export function leaderboardHtml(summary: Summary, manifest: RunManifest): Promise<string> {
  return renderHtml(leaderboardDocument(summary, manifest));
}

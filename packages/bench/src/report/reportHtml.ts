// report.html: the report document rendered as one self-contained page.
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { buildReport } from './buildReport.js';
import { renderHtml } from './renderHtml.js';

export { DRILL_INSTANCES } from './buildReport.js';

/**
 * `report.html`: the report document ({@link buildReport}) as one self-contained page (inline
 * CSS and SVG, no script, no network): everything report.md holds plus Vega-Lite charts and
 * explanation plots compiled to SVG in Node, a per-instance drill-down (`<details>`), the
 * leaderboard and the receipt. A partial run says so at the top.
 * @since 0.1.0
 */
export function reportHtml(summary: Summary, manifest: RunManifest, rows: readonly ResultRow[] = []): Promise<string> {
  return renderHtml(buildReport(summary, manifest, rows));
}

// report.md: the report document rendered as Markdown.
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { buildReport } from './buildReport.js';
import { renderMarkdown } from './renderMarkdown.js';

export type { TableSlice } from './reportSlice.js';
export { tablePairs, tableSlice } from './reportSlice.js';

/**
 * `report.md`: the report document ({@link buildReport}) as Markdown — the one-screen verdicts
 * first, then the legend and per dataset x model its overview picture, facts and detailed
 * tables with their footnotes; figures as images of their files under `figures/`.
 * @since 0.1.0
 */
export function reportMarkdown(summary: Summary, manifest: RunManifest, rows: readonly ResultRow[] = []): string {
  return renderMarkdown(buildReport(summary, manifest, rows));
}

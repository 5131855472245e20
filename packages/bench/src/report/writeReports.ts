import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withIo } from '../system/ioError.js';
import type { Coverage } from './reportCoverage.js';
import type { ReportLayout } from '../config/benchConfig.js';
import { reportHtml } from './reportHtml.js';
import { leaderboardMarkdown, paperLayout } from './reportPaper.js';
import { reportMarkdown } from './reportMarkdown.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize, summaryToJson } from '../results/summarize.js';
import type { Summary } from '../results/summarize.js';
import { summaryToCsv } from '../results/summaryCsv.js';
import { modelNotes } from '../inputs/modelNotes.js';
import { leaderboardHtml } from './leaderboardHtml.js';
import { FIGURES_DIR, overviewPath, renderOverviews } from './overviewFigure.js';

/** The folder of figures beside report.md (replaced with the reports). */
export const REPORT_FIGURES = FIGURES_DIR;

/**
 * Writes `summary.json`, `summary.csv`, `report.md` and `report.html` into `dir` from the
 * result rows and the run's manifest (no recomputation). `coverage` (what of the plan the rows
 * hold) is carried into the summary, so every page says when results are partial. Also
 * `leaderboard.md` and `leaderboard.html`, and `figures/overview-<dataset>-<model>.svg` (the
 * overview picture of each pair, linked from report.md); with layout `paper`, `report-paper.md` and `paper.csv` (OpenXAI tables 2–5).
 * @since 0.1.0
 */
export async function writeReports(
  dir: string,
  rows: readonly ResultRow[],
  manifest: RunManifest,
  coverage: Coverage | null = null,
  layout: ReportLayout = manifest.config.layout ?? 'default',
): Promise<Summary> {
  const groupNames: Record<string, readonly string[]> = {};
  for (const d of manifest.datasets) if (d.sensitive) groupNames[d.id] = d.sensitive.groups;
  const summary: Summary = { ...summarize(rows, { groupNames, ...(coverage ? { coverage } : {}) }), models: modelNotes(manifest.models) };
  const write = (name: string, text: string): void => {
    const p = join(dir, name);
    withIo('write', p, 'writeReports', () => writeFileSync(p, text));
  };
  write('summary.json', summaryToJson(summary));
  write('summary.csv', summaryToCsv(summary));
  write('report.md', reportMarkdown(summary, manifest));
  write('report.html', await reportHtml(summary, manifest, rows));
  write('leaderboard.md', leaderboardMarkdown(summary, manifest));
  write('leaderboard.html', leaderboardHtml(summary, manifest));
  const figures = join(dir, FIGURES_DIR);
  withIo('remove', figures, 'writeReports', () => rmSync(figures, { recursive: true, force: true }));
  const overviews = await renderOverviews(summary);
  if (overviews.size > 0) withIo('write', figures, 'writeReports', () => mkdirSync(figures));
  for (const [key, svg] of overviews) {
    const [dataset, model] = key.split('\u0000') as [string, string];
    write(overviewPath(dataset, model), svg);
  }
  if (layout === 'paper') {
    const paper = paperLayout(summary, manifest);
    write('report-paper.md', paper.markdown);
    write('paper.csv', paper.csv);
  }
  return summary;
}

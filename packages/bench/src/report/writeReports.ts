import { mkdirSync, rmSync } from 'node:fs';
import { writeFileAtomicSync } from '@xai/core/node';
import { join } from 'node:path';
import { withIo } from '../system/ioError.js';
import type { Coverage } from './reportCoverage.js';
import type { ReportLayout } from '../config/benchConfig.js';
import { buildReport } from './buildReport.js';
import type { Block, FigureBlock } from './reportDocument.js';
import { renderHtml } from './renderHtml.js';
import { renderMarkdown } from './renderMarkdown.js';
import { renderFigureSvg } from './renderSvg.js';
import { leaderboardMarkdown, paperLayout } from './reportPaper.js';
import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import { summarize, summaryToJson } from '../results/summarize.js';
import type { Summary } from '../results/summarize.js';
import { summaryToCsv } from '../results/summaryCsv.js';
import { modelNotes } from '../inputs/modelNotes.js';
import { leaderboardHtml } from './leaderboardHtml.js';
import { FIGURES_DIR } from './overviewFigure.js';

/** The figures of a document that are also written to a file (report.md links them). */
function figuresWithFiles(blocks: readonly Block[]): FigureBlock[] {
  return blocks.flatMap((b): FigureBlock[] => {
    if (b.type === 'figure') return b.file === undefined ? [] : [b];
    if (b.type === 'figures') return b.figures.filter((f) => f.file !== undefined);
    if (b.type === 'section' || b.type === 'details') return figuresWithFiles(b.blocks);
    return [];
  });
}

/** The folder of figures beside report.md (replaced with the reports). */
export const REPORT_FIGURES = FIGURES_DIR;

/**
 * Writes `summary.json`, `summary.csv`, `report.md` and `report.html` into `dir` from the
 * result rows and the run's manifest (no recomputation). `coverage` (what of the plan the rows
 * hold) is carried into the summary, so every page says when results are partial. Also
 * `leaderboard.md` and `leaderboard.html`, and under `figures/` every figure report.md links
 * (the overview picture of each pair, its explanation plots); with layout `paper`,
 * `report-paper.md` and `paper.csv` (OpenXAI tables 2–5).
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
  const write = (name: string, text: string): void => writeFileAtomicSync(join(dir, name), text, 'writeReports');
  write('summary.json', summaryToJson(summary));
  write('summary.csv', summaryToCsv(summary));
  const doc = buildReport(summary, manifest, rows);
  write('report.md', renderMarkdown(doc));
  write('report.html', await renderHtml(doc));
  write('leaderboard.md', leaderboardMarkdown(summary, manifest));
  write('leaderboard.html', await leaderboardHtml(summary, manifest));
  const figures = join(dir, FIGURES_DIR);
  withIo('remove', figures, 'writeReports', () => rmSync(figures, { recursive: true, force: true }));
  const files = figuresWithFiles(doc.blocks);
  if (files.length > 0) withIo('write', figures, 'writeReports', () => mkdirSync(figures));
  for (const [k, f] of files.entries()) write(f.file!, await renderFigureSvg(f.spec, `figure${k}`));
  if (layout === 'paper') {
    const paper = paperLayout(summary, manifest);
    write('report-paper.md', paper.markdown);
    write('paper.csv', paper.csv);
  }
  return summary;
}

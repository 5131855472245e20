import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportHtml } from './reportHtml';
import { reportMarkdown } from './reportMarkdown';
import type { ResultRow } from './resultRow';
import type { RunManifest } from './runManifest';
import { summarize, summaryToJson } from './summarize';
import type { Summary } from './summarize';
import { summaryToCsv } from './summaryCsv';

/**
 * Writes `summary.json`, `summary.csv`, `report.md` and `report.html` into `dir` from the
 * result rows and the run's manifest (no recomputation). Returns the summary.
 * @since 0.1.0
 */
export async function writeReports(dir: string, rows: readonly ResultRow[], manifest: RunManifest): Promise<Summary> {
  const groupNames: Record<string, readonly string[]> = {};
  for (const d of manifest.datasets) if (d.sensitive) groupNames[d.id] = d.sensitive.groups;
  const summary = summarize(rows, { groupNames });
  writeFileSync(join(dir, 'summary.json'), summaryToJson(summary));
  writeFileSync(join(dir, 'summary.csv'), summaryToCsv(summary));
  writeFileSync(join(dir, 'report.md'), reportMarkdown(summary, manifest));
  writeFileSync(join(dir, 'report.html'), await reportHtml(summary, manifest));
  return summary;
}

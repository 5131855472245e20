import { join } from 'node:path';
import { XaiError, checkOptions } from '@xai/core';
import type { ReportLayout } from './benchConfig';
import { reportCoverage } from './reportCoverage';
import { loadResults } from './resultsFile';
import { readManifest } from './runManifest';
import type { Summary } from './summarize';
import { writeReports } from './writeReports';

export interface RebuildReportsOptions {
  /**
   * Report damaged results (CRC-corrupt or torn lines) anyway, saying on every page what is
   * missing. Without it a damaged file is an error naming `file:line`. @defaultValue false
   */
  readonly allowPartial?: boolean;
  /** `paper` also writes report-paper.md and paper.csv. @defaultValue the run's layout */
  readonly layout?: ReportLayout;
}

/** What a rebuild read and wrote. */
export interface RebuildReportsResult {
  readonly summary: Summary;
  readonly rows: number;
  readonly incompleteLines: number;
  /** True when the reports are marked partial (a shard, an unfinished run, damaged lines). */
  readonly partial: boolean;
}

/**
 * `xai report <dir>`: rebuilds summary.json/csv, report.md and report.html from a run's saved
 * `results.jsonl` and `manifest.json`, computing nothing again. A results line that fails its
 * checksum or is cut short throws (CHECKSUM_MISMATCH / PARSE_ERROR naming `results.jsonl:line`)
 * unless `allowPartial`; then, as for shards and unfinished runs, every page says what is missing.
 * @example await rebuildReports('xai-results', { allowPartial: true })
 * @since 0.1.0
 */
export async function rebuildReports(dir: string, options: RebuildReportsOptions = {}): Promise<RebuildReportsResult> {
  const { allowPartial = false, layout } = checkOptions(options, ['allowPartial', 'layout'], 'rebuildReports');
  const manifest = readManifest(dir);
  const path = join(dir, 'results.jsonl');
  const loaded = loadResults(path);
  const first = loaded.damaged[0];
  if (first !== undefined && !allowPartial) {
    const more =
      loaded.damaged.length > 1
        ? ` (and ${loaded.damaged.length - 1} more: ${loaded.damaged
            .slice(1, 6)
            .map((d) => `:${d.line}`)
            .join(' ')}${loaded.damaged.length > 6 ? ' …' : ''})`
        : '';
    const what =
      first.reason === 'checksum'
        ? 'fails its CRC-32 checksum (altered bytes)'
        : first.reason === 'torn'
          ? 'is cut short (a torn write)'
          : 'is not a result row';
    throw new XaiError(
      first.reason === 'checksum' ? 'CHECKSUM_MISMATCH' : 'PARSE_ERROR',
      `${path}:${first.line} ${what}${more}; its unit's rows would be missing from the report. Re-run the units (xai bench --resume) or report anyway with --allow-partial`,
      { fn: 'xai report', arg: `${path}:${first.line}`, value: first.reason, file: path, line: first.line },
    );
  }
  if (loaded.rows.length === 0) throw new XaiError('EMPTY', `no complete results in ${path}`, { fn: 'xai report', arg: 'dir', value: dir });
  const coverage = reportCoverage(manifest, loaded);
  const summary = await writeReports(dir, loaded.rows, manifest, coverage, layout ?? manifest.config.layout ?? 'default');
  return { summary, rows: loaded.rows.length, incompleteLines: loaded.discardedLines, partial: coverage.partial };
}

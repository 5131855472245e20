import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { XaiError, checkOptions } from '@xai/core';
import type { ReportLayout } from '../config/benchConfig.js';
import { makeDirs } from '../system/ioError.js';
import { selectShard } from '../run/planUnits.js';
import { planOfManifest, reportCoverage } from './reportCoverage.js';
import { loadResults } from '../results/resultsFile.js';
import type { LoadedResults } from '../results/resultsFile.js';
import { readManifest } from '../results/runManifest.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';
import { REPORT_FIGURES, writeReports } from './writeReports.js';
import { refuseOverwrite } from '../results/refuseOverwrite.js';
import { OUTPUT_FILES } from '../run/runBench.js';

export interface RebuildReportsOptions {
  /**
   * Report damaged results (CRC-corrupt or torn lines) anyway, saying on every page what is
   * missing. Without it a damaged file is an error naming `file:line`. @defaultValue false
   */
  readonly allowPartial?: boolean;
  /** `paper` also writes report-paper.md and paper.csv. @defaultValue the run's layout */
  readonly layout?: ReportLayout;
  /** Where to write the reports. @defaultValue `dir` (partial reports never replace complete ones there) */
  readonly out?: string;
  /** Replace the reports or results already in another `out` (without it they are refused). @defaultValue false */
  readonly force?: boolean;
}

/** What a rebuild read and wrote. */
export interface RebuildReportsResult {
  readonly summary: Summary;
  readonly rows: number;
  /** Lines left out: damaged, or of units missing rows. */
  readonly incompleteLines: number;
  /** Lines that repeat an earlier line (left out). */
  readonly duplicateLines: number;
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
  const {
    allowPartial = false,
    layout,
    out = dir,
    force = false,
  } = checkOptions(options, ['allowPartial', 'layout', 'out', 'force'], 'rebuildReports');
  // In place the run's own reports are rebuilt; another folder's outputs are never replaced silently.
  if (resolve(out) !== resolve(dir))
    refuseOverwrite(out, [...OUTPUT_FILES, REPORT_FIGURES], { force, fn: 'xai report', arg: '--out', how: '--force to replace it' });
  const manifest = readManifest(dir);
  const path = join(dir, 'results.jsonl');
  const loaded = loadResults(path);
  if (!allowPartial) refuseDamage(path, loaded, manifest);
  if (loaded.rows.length === 0) throw new XaiError('EMPTY', `no complete results in ${path}`, { fn: 'xai report', arg: 'dir', value: dir });
  const coverage = reportCoverage(manifest, loaded);
  if (coverage.partial && out === dir && holdsCompleteReports(dir))
    throw new XaiError(
      'BAD_OPTION',
      `${dir} holds complete reports and these results are partial (${coverage.reasons[0]}); write the partial reports elsewhere with --out <dir>`,
      { fn: 'xai report', arg: '--out', value: dir },
    );
  const created = out !== dir ? makeDirs(out, 'xai report') : [];
  let summary: Summary;
  try {
    summary = await writeReports(out, loaded.rows, manifest, coverage, layout ?? manifest.config.layout ?? 'default');
  } catch (e) {
    // A failed write (a full disk) leaves no folder it made.
    if (created.length > 0) rmSync(created[0]!, { recursive: true, force: true });
    throw e;
  }
  return {
    summary,
    rows: loaded.rows.length,
    incompleteLines: loaded.discardedLines - loaded.duplicateLines.length,
    duplicateLines: loaded.duplicateLines.length,
    partial: coverage.partial,
  };
}

const lineList = (lines: readonly number[]): string =>
  `${lines
    .slice(0, 6)
    .map((l) => `:${l}`)
    .join(' ')}${lines.length > 6 ? ' …' : ''}`;

/**
 * A results file that is not what its finished run wrote: a damaged line (CRC, torn, not a row),
 * a unit that lost rows, a unit of the plan that is gone, or a repeated line. Each is an error
 * naming `file:line` or the unit, unless the caller allows partial reports.
 */
function refuseDamage(path: string, loaded: LoadedResults, manifest: RunManifest): void {
  const fail = (code: 'CHECKSUM_MISMATCH' | 'PARSE_ERROR' | 'BAD_INPUT', what: string, line?: number): never => {
    throw new XaiError(
      code,
      `${path}${line !== undefined ? `:${line}` : ''} ${what}; the report would be missing rows. Re-run the units (xai bench --resume) or report anyway with --allow-partial`,
      {
        fn: 'xai report',
        arg: line !== undefined ? `${path}:${line}` : path,
        value: what,
        file: path,
        ...(line !== undefined ? { line } : {}),
      },
    );
  };
  const first = loaded.damaged[0];
  if (first !== undefined) {
    const more =
      loaded.damaged.length > 1 ? ` (and ${loaded.damaged.length - 1} more: ${lineList(loaded.damaged.slice(1).map((d) => d.line))})` : '';
    const what =
      first.reason === 'checksum'
        ? 'fails its CRC-32 checksum (altered bytes)'
        : first.reason === 'torn'
          ? 'is cut short (a torn write)'
          : 'is not a result row';
    fail(first.reason === 'checksum' ? 'CHECKSUM_MISMATCH' : 'PARSE_ERROR', `${what}${more}`, first.line);
  }
  const dup = loaded.duplicateLines[0];
  if (dup !== undefined)
    fail(
      'BAD_INPUT',
      `repeats line ${dup.of}${loaded.duplicateLines.length > 1 ? ` (${loaded.duplicateLines.length} repeated lines: ${lineList(loaded.duplicateLines.map((d) => d.line))})` : ''}: the file is not the one its run wrote`,
      dup.line,
    );
  const cut = loaded.incompleteUnits[0];
  if (cut !== undefined)
    fail(
      'BAD_INPUT',
      `lost lines: unit ${cut.unit} has ${cut.found} of its ${cut.lines} rows${loaded.incompleteUnits.length > 1 ? ` (${loaded.incompleteUnits.length} units are short)` : ''}`,
    );
  // (An empty file is the EMPTY error below, not a list of every unit.)
  if (manifest.status === 'complete' && loaded.rows.length > 0) {
    const gone = selectShard(planOfManifest(manifest), manifest.shard).filter((u) => !loaded.completeUnits.has(u.id));
    if (gone.length > 0) fail('BAD_INPUT', `lost every row of ${gone.length} unit(s) of the finished run (first: ${gone[0]!.id})`);
  }
}

/** True when `dir` holds reports that say they are complete (a summary.json with no partial coverage). */
function holdsCompleteReports(dir: string): boolean {
  const p = join(dir, 'summary.json');
  if (!existsSync(p)) return false;
  try {
    const s = JSON.parse(readFileSync(p, 'utf8')) as { coverage?: { partial?: boolean } };
    return s.coverage?.partial !== true;
  } catch {
    return false;
  }
}

import { join } from 'node:path';
import { XaiError } from '@xai/core';
import { loadResults } from './resultsFile';
import { readManifest } from './runManifest';
import type { Summary } from './summarize';
import { writeReports } from './writeReports';

/**
 * `xai report <dir>`: rebuilds summary.json/csv, report.md and report.html from a run's saved
 * `results.jsonl` and `manifest.json`, computing nothing again. Only complete units count.
 * @since 0.1.0
 */
export async function rebuildReports(dir: string): Promise<{ summary: Summary; rows: number; incompleteLines: number }> {
  const manifest = readManifest(dir);
  const loaded = loadResults(join(dir, 'results.jsonl'));
  if (loaded.rows.length === 0) throw new XaiError('EMPTY', `no complete results in ${join(dir, 'results.jsonl')}`, { fn: 'xai report', arg: 'dir', value: dir });
  const summary = await writeReports(dir, loaded.rows, manifest);
  return { summary, rows: loaded.rows.length, incompleteLines: loaded.discardedLines };
}

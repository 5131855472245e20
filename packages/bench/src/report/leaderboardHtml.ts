import { modelWarningLines } from '../inputs/modelNotes.js';
import { htmlText as esc } from './escapeText.js';
import { leaderboard, leaderboardNotes, leaderboardTables, receiptLines } from './leaderboard.js';
import { RANK_STABILITY_NOTE, rankStabilityTable } from './rankStability.js';
import { direction, metricHeader, partialLines } from './reportFormat.js';
import { htmlTableOf } from './reportTables.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary } from '../results/summarize.js';

const CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1200px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0 16px;font-variant-numeric:tabular-nums;font-size:13px}.scroll{overflow-x:auto}
th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;white-space:nowrap}th{background:#f4f4f4}
ul.notes{color:#444;max-width:900px}.partial{border:2px solid #d62728;background:#fff4f4;padding:8px 12px;margin:12px 0}
code{background:#f4f4f4;padding:0 3px}`;

/**
 * `leaderboard.html`: the same tables, notes and receipts as leaderboard.md, as one
 * self-contained page (inline CSS, no script, no network); every user string escaped.
 * @since 0.2.0
 */
export function leaderboardHtml(summary: Summary, manifest: RunManifest): string {
  const parts: string[] = ['<h1>xai bench leaderboard</h1>'];
  const banner = (title: string, lines: readonly string[]): string =>
    `<div class="partial" role="alert"><b>${title}</b><ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></div>`;
  const partial = partialLines(summary);
  if (partial.length > 0) parts.push(banner('PARTIAL RESULTS — not the whole run.', partial));
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) parts.push(banner('⚠ Models to read with care', warnings));
  parts.push(
    `<ul class="notes">${leaderboardNotes()
      .map((l) => `<li>${esc(l)}</li>`)
      .join('')}</ul>`,
  );
  for (const { metric, table } of leaderboardTables(summary, manifest))
    parts.push(`<section><h2>${esc(metricHeader(metric))} (${esc(direction(metric))})</h2>${htmlTableOf(table, 'leaderboard')}</section>`);
  const stability = rankStabilityTable(leaderboard(summary, manifest));
  if (stability !== null)
    parts.push(
      `<section id="rank-stability"><h2>Rank stability</h2><p>${esc(RANK_STABILITY_NOTE)}</p>${htmlTableOf(stability, 'ranks')}</section>`,
    );
  parts.push(
    `<section id="receipt"><h2>Receipt</h2><ul>${receiptLines(manifest)
      .map((l) => `<li><code>${esc(l)}</code></li>`)
      .join('')}</ul></section>`,
  );
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>xai bench leaderboard</title><style>${CSS}</style></head><body>\n${parts.join('\n')}\n</body></html>\n`;
}

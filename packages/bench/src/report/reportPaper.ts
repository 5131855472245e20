// The paper-layout export (`--layout paper`); the leaderboard lives in leaderboard.ts (re-exported here).
import { EXPLAINERS, GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS } from '../config/ids.js';
import { mdText } from './escapeText.js';
import { MODEL_NAMES, explainerName, fmtCell, metricHeader, partialLines } from './reportFormat.js';
import { tablePairs } from './reportSlice.js';
import type { TableModel } from './reportDocument.js';
import { mdTable } from './renderMarkdown.js';
import { seHeader } from './reportTables.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary, SummaryCell } from '../results/summarize.js';
import { csvText } from './escapeText.js';
import { presetLine } from '../config/presetStages.js';

export type { LeaderboardEntry, LeaderboardRow } from './leaderboard.js';
export { leaderboard, leaderboardMarkdown, leaderboardNotes, leaderboardTables, receiptLines } from './leaderboard.js';

/** The paper's tables: number, title, metrics (columns, in order) and which models. */
export const PAPER_TABLES: readonly {
  readonly table: string;
  readonly title: string;
  readonly metrics: readonly string[];
  readonly models: readonly string[];
}[] = [
  { table: '2', title: 'Ground-truth faithfulness', metrics: GROUND_TRUTH_METRICS, models: ['lr', 'ann'] },
  { table: '3', title: 'Predictive faithfulness', metrics: PREDICTION_METRICS, models: ['lr', 'ann'] },
  { table: '4', title: 'Stability, LR', metrics: STABILITY_METRICS, models: ['lr'] },
  { table: '5', title: 'Stability, ANN', metrics: STABILITY_METRICS, models: ['ann'] },
];

const cellOf = (s: Summary, dataset: string, model: string, explainer: string, metric: string): SummaryCell | undefined =>
  s.cells.find(
    (c) => c.kind === 'explainer' && c.dataset === dataset && c.model === model && c.explainer === explainer && c.metric === metric,
  );

const value = (c: SummaryCell | undefined): string => {
  if (c === undefined) return '—';
  const st = STABILITY_METRICS.includes(c.metric as never);
  return st ? fmtCell(c.logMean ?? Number.NaN, c.logSe ?? Number.NaN) : fmtCell(c.mean, c.se);
};

/**
 * Tables 2–5 in the paper's layout: per dataset and model, explainers as rows in OpenXAI's
 * order (Random, Gradient, SmoothGrad, IG, Gradient x Input, KernelSHAP, LIME) and exactly the
 * table's metrics as columns, each cell mean ± SE (stability: ln mean ± SE/mean); no controls.
 * Returns the Markdown and a long CSV (`table,dataset,model,explainer,metric,mean,se,logMean,logSe,count`).
 * @since 0.2.0
 */
export function paperLayout(summary: Summary, manifest: RunManifest): { markdown: string; csv: string } {
  const out: string[] = ['# xai bench: paper layout (OpenXAI tables 2–5)', ''];
  const partial = partialLines(summary);
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${mdText(r)}`), '');
  out.push(
    `Run identity \`${manifest.identityHash.slice(0, 16)}\` · preset \`${manifest.config.preset}\`${presetLine(manifest.config.preset).slice(manifest.config.preset.length)} · cells ${seHeader(false)}; stability ${seHeader(true)}.`,
    '',
  );
  const csv = ['table,dataset,model,explainer,metric,mean,se,logMean,logSe,count'];
  const num = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '' : String(v));
  const pairs = tablePairs(summary);
  for (const t of PAPER_TABLES) {
    const mine = pairs.filter(
      (p) =>
        t.models.includes(p.model) &&
        summary.cells.some((c) => c.dataset === p.dataset && c.model === p.model && t.metrics.includes(c.metric)),
    );
    if (mine.length === 0) continue;
    out.push(`## Table ${t.table}: ${t.title}`, '');
    for (const { dataset, model } of mine) {
      const explainers = EXPLAINERS.filter((e) =>
        summary.cells.some((c) => c.kind === 'explainer' && c.dataset === dataset && c.model === model && c.explainer === e),
      );
      const table: TableModel = {
        header: ['Method', ...t.metrics.map(metricHeader)],
        rows: explainers.map((e) => [explainerName(e), ...t.metrics.map((m) => value(cellOf(summary, dataset, model, e, m)))]),
        numeric: [false, ...t.metrics.map(() => true)],
      };
      out.push(`**${mdText(`${dataset} · ${MODEL_NAMES[model] ?? model}`)}**`, '', ...mdTable(table), '');
      for (const e of explainers) {
        for (const m of t.metrics) {
          const c = cellOf(summary, dataset, model, e, m);
          if (c)
            csv.push(
              [t.table, csvText(dataset), csvText(model), e, m, num(c.mean), num(c.se), num(c.logMean), num(c.logSe), String(c.count)].join(
                ',',
              ),
            );
        }
      }
    }
  }
  return { markdown: `${out.join('\n').trimEnd()}\n`, csv: `${csv.join('\n')}\n` };
}

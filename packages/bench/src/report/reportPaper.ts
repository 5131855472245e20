// The paper-layout export (`--layout paper`) and the leaderboard view across datasets.
import { isApproximateCell, modelWarningLines, noteOf } from '../inputs/modelNotes.js';
import {
  EXPLAINERS,
  GROUND_TRUTH_METRICS,
  LOWER_IS_BETTER,
  METRICS,
  PREDICTION_METRICS,
  STABILITY_METRICS,
  rankIn,
} from '../config/ids.js';
import { EXPLAINER_NAMES, MODEL_NAMES, direction, fmtCell, metricHeader, partialLines } from './reportFormat.js';
import { tablePairs } from './reportMarkdown.js';
import type { TableModel } from './reportTables.js';
import { mdTable, seHeader } from './reportTables.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary, SummaryCell } from '../results/summarize.js';

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
  return st ? fmtCell(c.logMean ?? Number.NaN, c.logSe ?? Number.NaN, 0, 2) : fmtCell(c.mean, c.se, 0, 3);
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
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${r}`), '');
  out.push(
    `Run identity \`${manifest.identityHash.slice(0, 16)}\` · preset \`${manifest.config.preset}\` · cells ${seHeader(false)}; stability ${seHeader(true)}.`,
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
        rows: explainers.map((e) => [EXPLAINER_NAMES[e] ?? e, ...t.metrics.map((m) => value(cellOf(summary, dataset, model, e, m)))]),
        numeric: [false, ...t.metrics.map(() => true)],
      };
      out.push(`**${dataset} · ${MODEL_NAMES[model] ?? model}**`, '', ...mdTable(table), '');
      for (const e of explainers) {
        for (const m of t.metrics) {
          const c = cellOf(summary, dataset, model, e, m);
          if (c) csv.push([t.table, dataset, model, e, m, num(c.mean), num(c.se), num(c.logMean), num(c.logSe), String(c.count)].join(','));
        }
      }
    }
  }
  return { markdown: `${out.join('\n').trimEnd()}\n`, csv: `${csv.join('\n')}\n` };
}

/** One leaderboard line: a dataset x model, its explainers ranked on one metric, and the receipt. */
export interface LeaderboardRow {
  readonly metric: string;
  readonly dataset: string;
  readonly model: string;
  /** Best first (by the metric's direction), undefined scores left out. */
  readonly ranked: readonly { readonly explainer: string; readonly mean: number; readonly se: number; readonly display: string }[];
  readonly receipt: { readonly run: string; readonly dataHash: string; readonly modelHash: string };
}

/**
 * The leaderboard: per metric, per dataset x model, the explainers ranked (best first by the
 * metric's direction; stability on the ln scale), each row with its receipt (run identity,
 * input and model hashes).
 * @since 0.2.0
 */
export function leaderboard(summary: Summary, manifest: RunManifest): LeaderboardRow[] {
  const rows: LeaderboardRow[] = [];
  const metrics = [...new Set(summary.cells.map((c) => c.metric))].sort((a, b) => rankIn(METRICS, a) - rankIn(METRICS, b));
  for (const metric of metrics) {
    for (const { dataset, model } of tablePairs(summary)) {
      const cells = summary.cells.filter(
        (c) => c.kind === 'explainer' && c.dataset === dataset && c.model === model && c.metric === metric && Number.isFinite(c.mean),
      );
      if (cells.length === 0) continue;
      const lower = LOWER_IS_BETTER.has(metric);
      const ranked = [...cells]
        .sort((a, b) => (lower ? a.mean - b.mean : b.mean - a.mean) || rankIn(EXPLAINERS, a.explainer) - rankIn(EXPLAINERS, b.explainer))
        .map((c) => ({ explainer: c.explainer, mean: c.mean, se: c.se, display: value(c) }));
      rows.push({
        metric,
        dataset,
        model,
        ranked,
        receipt: {
          run: manifest.identityHash.slice(0, 16),
          dataHash: manifest.datasets.find((d) => d.id === dataset)?.hash.slice(0, 16) ?? '?',
          modelHash: manifest.models.find((m) => m.dataset === dataset && m.model === model)?.hash.slice(0, 16) ?? '?',
        },
      });
    }
  }
  return rows;
}

/** The receipt every leaderboard cell points to: run identity, commands, commit, versions. */
export function receiptLines(manifest: RunManifest, withCommands = true): string[] {
  const cmds = manifest.invocations.map((i) => `${i.action}: xai ${i.argv.join(' ')}`.trim());
  return [
    `run identity ${manifest.identityHash}`,
    // report.html stays byte-identical across resume / shards + merge / commits: commands and
    // the git commit are in manifest.json and leaderboard.md.
    ...(withCommands
      ? cmds.map((c) => `command ${c}`)
      : ['commands and git commit: manifest.json "invocations" / "git", and leaderboard.md']),
    ...(withCommands ? [`git ${manifest.git ? `${manifest.git.commit}${manifest.git.dirty ? ' (dirty)' : ''}` : 'unknown'}`] : []),
    `versions ${Object.entries(manifest.versions)
      .map(([k, v]) => `${k}@${v}`)
      .join(', ')}`,
    `plan ${manifest.plan.units} units, sha256 ${manifest.plan.sha256.slice(0, 16)}`,
  ];
}

/** A row label's warning: a constant or no-better-than-base-rate model. */
function modelFlag(summary: Summary, dataset: string, model: string): string {
  const p = noteOf(summary.models ?? [], dataset, model)?.modelProblem;
  return p === 'constant' ? ' ⚠ constant model' : p === 'at-or-below-base-rate' ? ' ⚠ not above base rate' : '';
}

/**
 * The leaderboard as one table per metric (ranked explainers per dataset × model, then the
 * receipt), the same for `leaderboard.md` and the HTML report.
 * @since 0.2.0
 */
export function leaderboardTables(summary: Summary, manifest: RunManifest): { metric: string; table: TableModel }[] {
  const rows = leaderboard(summary, manifest);
  return [...new Set(rows.map((r) => r.metric))].map((metric) => {
    const mine = rows.filter((r) => r.metric === metric);
    const width = Math.max(...mine.map((r) => r.ranked.length));
    const ranks = Array.from({ length: width }, (_, k) => k);
    return {
      metric,
      table: {
        header: ['dataset · model', ...ranks.map((k) => `#${k + 1}`), 'receipt (run · data · model)'],
        rows: mine.map((r) => [
          `${r.dataset} · ${MODEL_NAMES[r.model] ?? r.model}${modelFlag(summary, r.dataset, r.model)}`,
          ...ranks.map((k) => {
            const x = r.ranked[k];
            const approx = isApproximateCell(summary.models ?? [], r.dataset, r.model, x?.explainer ?? '') ? ' ≈' : '';
            return x ? `${EXPLAINER_NAMES[x.explainer] ?? x.explainer} ${x.display}${approx}` : '';
          }),
          `${r.receipt.run} · ${r.receipt.dataHash} · ${r.receipt.modelHash}`,
        ]),
        numeric: [false, ...ranks.map(() => false), false],
      },
    };
  });
}

/** `leaderboard.md`: one table per metric, explainers ranked per dataset x model, receipts at the end. */
export function leaderboardMarkdown(summary: Summary, manifest: RunManifest): string {
  const out: string[] = ['# xai bench leaderboard', ''];
  const partial = partialLines(summary);
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${r}`), '');
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) out.push('> **⚠ Models to read with care**', ...warnings.map((w) => `> - ${w}`), '');
  out.push(
    `Per metric, the explainers of each dataset × model ranked best first (${seHeader(false)}; stability ${seHeader(true)}). Every row names its receipt: run identity, input hash and model hash; the run's commands and versions are listed at the end.`,
    '',
  );
  for (const { metric, table } of leaderboardTables(summary, manifest))
    out.push(`## ${metricHeader(metric)} (${direction(metric)})`, '', ...mdTable(table), '');
  out.push('## Receipt', '', ...receiptLines(manifest).map((l) => `- ${l}`), '');
  return `${out.join('\n').trimEnd()}\n`;
}

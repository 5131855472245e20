// The leaderboard across datasets: methods ranked with uncertainty; controls beside, never ranked.
import { isApproximateCell, modelWarningLines, noteOf } from '../inputs/modelNotes.js';
import { EXPLAINERS, LOWER_IS_BETTER, METRICS, STABILITY_METRICS, rankIn } from '../config/ids.js';
import { beatsControls, RANDOM_CONTROL } from './controlLift.js';
import { EXPLAINER_NAMES, MODEL_NAMES, direction, fmt, fmtCell, metricHeader, partialLines } from './reportFormat.js';
import { mdText } from './escapeText.js';
import { rankText, rankWithUncertainty, RANK_Z } from './rankWithUncertainty.js';
import { RANK_STABILITY_NOTE, rankStabilityTable } from './rankStability.js';
import { tablePairs } from './reportMarkdown.js';
import type { TableModel } from './reportTables.js';
import { mdTable, seHeader } from './reportTables.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary, SummaryCell } from '../results/summarize.js';

const isStability = (metric: string): boolean => STABILITY_METRICS.includes(metric as never);

/** The ranking scale of a cell: ln(mean ratio) ± SE/mean for stability, else mean ± SE. */
function scoreOf(c: SummaryCell): { score: number; se: number; display: string } {
  if (isStability(c.metric)) {
    const score = c.logMean ?? Number.NaN;
    return { score, se: c.logSe ?? Number.NaN, display: fmtCell(score, c.logSe ?? Number.NaN, 0, 2) };
  }
  return { score: c.mean, se: c.se, display: fmtCell(c.mean, c.se, 0, 3) };
}

/** One ranked method of a leaderboard line. */
export interface LeaderboardEntry {
  readonly explainer: string;
  /** The cell's mean and SE as summary.json holds them. */
  readonly mean: number;
  readonly se: number;
  readonly display: string;
  /** Competition rank (ties share it) and its 95% interval from the SEs. */
  readonly rank: number;
  readonly tied: boolean;
  readonly rankBest: number;
  readonly rankWorst: number;
  /** Beats the better of its controls (floor, null); null when no control is finite. */
  readonly beatsControls: boolean | null;
}

/** One leaderboard line: a dataset x model, its methods ranked on one metric, the controls and the receipt. */
export interface LeaderboardRow {
  readonly metric: string;
  readonly dataset: string;
  readonly model: string;
  /** Methods with a finite score, best first (by the metric's direction). */
  readonly ranked: readonly LeaderboardEntry[];
  /** Methods left out of the ranking and why (−∞: a constant explanation; no defined value). */
  readonly unranked: readonly { readonly explainer: string; readonly display: string; readonly reason: string }[];
  /** Reference rows, never ranked: the Random baseline and the best floor. */
  readonly controls: readonly { readonly explainer: string; readonly role: 'random' | 'floor'; readonly display: string }[];
  readonly receipt: { readonly run: string; readonly dataHash: string; readonly modelHash: string };
}

function unrankedReason(score: number): string {
  if (score === Number.NEGATIVE_INFINITY) return 'score −∞: a constant explanation (ratio 0), perfectly stable and uninformative';
  if (score === Number.POSITIVE_INFINITY) return 'score ∞';
  return 'no defined value';
}

/** The controls of one dataset x model x metric: Random and the best floor, with their scores. */
function controlsOf(summary: Summary, dataset: string, model: string, metric: string): LeaderboardRow['controls'] {
  const at = (kind: string, explainer: string): SummaryCell | undefined =>
    summary.cells.find(
      (c) => c.kind === kind && c.dataset === dataset && c.model === model && c.metric === metric && c.explainer === explainer,
    );
  const out: { explainer: string; role: 'random' | 'floor'; display: string }[] = [];
  const random = at('explainer', RANDOM_CONTROL);
  if (random) out.push({ explainer: RANDOM_CONTROL, role: 'random', display: scoreOf(random).display });
  const floorId = summary.controls.find(
    (k) => k.dataset === dataset && k.model === model && k.metric === metric && k.floorExplainer,
  )?.floorExplainer;
  const floor = floorId ? at('floor', floorId) : undefined;
  if (floor)
    out.push({ explainer: floor.explainer, role: 'floor', display: isStability(metric) ? fmt(floor.logMean, 2) : scoreOf(floor).display });
  return out;
}

/** One dataset x model x metric line of the leaderboard. */
function leaderboardRow(summary: Summary, manifest: RunManifest, dataset: string, model: string, metric: string): LeaderboardRow | null {
  const cells = summary.cells.filter(
    (c) => c.kind === 'explainer' && c.dataset === dataset && c.model === model && c.metric === metric && c.explainer !== RANDOM_CONTROL,
  );
  const controls = controlsOf(summary, dataset, model, metric);
  if (cells.length === 0 && controls.length === 0) return null;
  const finite = cells.filter((c) => Number.isFinite(scoreOf(c).score));
  const ranks = rankWithUncertainty(
    finite.map((c) => ({ id: c.explainer, ...scoreOf(c) })),
    LOWER_IS_BETTER.has(metric),
  );
  const byId = new Map(finite.map((c) => [c.explainer, c]));
  const ctl = (e: string) =>
    summary.controls.find((k) => k.dataset === dataset && k.model === model && k.metric === metric && k.explainer === e);
  const ranked = ranks
    .map((r) => {
      const c = byId.get(r.id)!;
      return {
        explainer: r.id,
        mean: c.mean,
        se: c.se,
        display: scoreOf(c).display,
        rank: r.rank,
        tied: r.tied,
        rankBest: r.best,
        rankWorst: r.worst,
        beatsControls: beatsControls(metric, ctl(r.id)),
      };
    })
    .sort((a, b) => a.rank - b.rank || rankIn(EXPLAINERS, a.explainer) - rankIn(EXPLAINERS, b.explainer));
  const unranked = cells
    .filter((c) => !byId.has(c.explainer))
    .map((c) => ({ explainer: c.explainer, display: scoreOf(c).display, reason: unrankedReason(scoreOf(c).score) }));
  return {
    metric,
    dataset,
    model,
    ranked,
    unranked,
    controls,
    receipt: {
      run: manifest.identityHash.slice(0, 16),
      dataHash: manifest.datasets.find((d) => d.id === dataset)?.hash.slice(0, 16) ?? '?',
      modelHash: manifest.models.find((m) => m.dataset === dataset && m.model === model)?.hash.slice(0, 16) ?? '?',
    },
  };
}

/**
 * The leaderboard: per metric, per dataset x model, the methods ranked best first by the
 * metric's direction (stability on the ln scale) with a rank interval from their SEs; the
 * Random baseline and the floors beside them as controls, never ranked; a method scoring −∞
 * (a constant explanation) or with no defined value listed as not ranked. Each line has its
 * receipt (run identity, input and model hashes).
 * @since 0.2.0
 */
export function leaderboard(summary: Summary, manifest: RunManifest): LeaderboardRow[] {
  const rows: LeaderboardRow[] = [];
  const metrics = [...new Set(summary.cells.map((c) => c.metric))].sort((a, b) => rankIn(METRICS, a) - rankIn(METRICS, b));
  for (const metric of metrics)
    for (const { dataset, model } of tablePairs(summary)) {
      const r = leaderboardRow(summary, manifest, dataset, model, metric);
      if (r !== null) rows.push(r);
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

const nameOf = (e: string): string => EXPLAINER_NAMES[e] ?? e;

/** The cells of one leaderboard line: ranked methods, then not ranked, controls and the receipt. */
function lineCells(summary: Summary, r: LeaderboardRow, width: number): string[] {
  const ranked = Array.from({ length: width }, (_, k) => {
    const x = r.ranked[k];
    if (x === undefined) return '';
    const approx = isApproximateCell(summary.models ?? [], r.dataset, r.model, x.explainer) ? ' ≈' : '';
    const rank = rankText({ id: x.explainer, rank: x.rank, tied: x.tied, best: x.rankBest, worst: x.rankWorst });
    return `${rank} ${nameOf(x.explainer)} ${x.display}${approx}${x.beatsControls === false ? ' ✕' : ''}`;
  });
  return [
    `${r.dataset} · ${MODEL_NAMES[r.model] ?? r.model}${modelFlag(summary, r.dataset, r.model)}`,
    ...ranked,
    r.unranked.map((u) => `${nameOf(u.explainer)} ${u.display}`).join('; ') || '—',
    r.controls.map((c) => `${c.role === 'random' ? nameOf(c.explainer) : `floor ${c.explainer}`} ${c.display}`).join('; ') || '—',
    `${r.receipt.run} · ${r.receipt.dataHash} · ${r.receipt.modelHash}`,
  ];
}

/**
 * The leaderboard as one table per metric (ranked methods per dataset × model, those not
 * ranked, the controls, the receipt), the same for `leaderboard.md`, `leaderboard.html` and
 * the HTML report.
 * @since 0.2.0
 */
export function leaderboardTables(summary: Summary, manifest: RunManifest): { metric: string; table: TableModel }[] {
  const rows = leaderboard(summary, manifest);
  return [...new Set(rows.map((r) => r.metric))].map((metric) => {
    const mine = rows.filter((r) => r.metric === metric);
    const width = Math.max(0, ...mine.map((r) => r.ranked.length));
    const ranks = Array.from({ length: width }, (_, k) => `${k + 1}.`);
    return {
      metric,
      table: {
        header: ['dataset · model', ...ranks, 'not ranked', 'controls (reference, not ranked)', 'receipt (run · data · model)'],
        rows: mine.map((r) => lineCells(summary, r, width)),
        numeric: [false, ...ranks.map(() => false), false, false, false],
      },
    };
  });
}

/** How to read the leaderboard, one point a line (leaderboard.md and leaderboard.html). */
export function leaderboardNotes(): string[] {
  return [
    `Scores: ${seHeader(false)} over instances; stability ${seHeader(true)} (lower is more stable).`,
    `Rank: #2 is the point rank, #2= a tie, (1–3) its 95% interval: another method is surely ahead when the gap exceeds ${RANK_Z}·√(SE₁² + SE₂²).`,
    'Controls (the Random baseline and the best floor, a shortcut that does not look at the instance) are reference values, never ranked.',
    'Not ranked: a method scoring −∞ (a constant explanation, ratio 0: perfectly stable, explains nothing) or with no defined value.',
    '✕: the method does not beat the better of its controls (floor, null); ≈: gradients approximated by finite differences.',
    'Every row names its receipt: run identity, input hash and model hash; the commands and versions are listed at the end.',
  ];
}

/** `leaderboard.md`: one table per metric, methods ranked per dataset x model, receipts at the end. */
export function leaderboardMarkdown(summary: Summary, manifest: RunManifest): string {
  const out: string[] = ['# xai bench leaderboard', ''];
  const partial = partialLines(summary);
  if (partial.length > 0) out.push('> **PARTIAL RESULTS — not the whole run.**', ...partial.map((r) => `> - ${mdText(r)}`), '');
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) out.push('> **⚠ Models to read with care**', ...warnings.map((w) => `> - ${mdText(w)}`), '');
  out.push(...leaderboardNotes().map((l) => `- ${l}`), '');
  for (const { metric, table } of leaderboardTables(summary, manifest))
    out.push(`## ${mdText(metricHeader(metric))} (${direction(metric)})`, '', ...mdTable(table), '');
  const stability = rankStabilityTable(leaderboard(summary, manifest));
  if (stability !== null) out.push('## Rank stability', '', RANK_STABILITY_NOTE, '', ...mdTable(stability), '');
  out.push('## Receipt', '', ...receiptLines(manifest).map((l) => `- ${mdText(l)}`), '');
  return `${out.join('\n').trimEnd()}\n`;
}

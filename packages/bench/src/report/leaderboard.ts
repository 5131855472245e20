// The leaderboard across datasets: methods ranked with uncertainty; controls beside, never ranked.
import { isApproximateCell, modelWarningLines, noteOf } from '../inputs/modelNotes.js';
import { renderMarkdown } from './renderMarkdown.js';
import { direction, metricHeader } from './reportFormat.js';
import { RANK_STABILITY_NOTE, rankStabilityTable } from './rankStability.js';
import type { ControlVerdict } from '@xai/audit/controls';
import { ALL_METRICS, EXPLAINERS, LOWER_IS_BETTER, STABILITY_METRICS, rankIn } from '../config/ids.js';
import { RANDOM_CONTROL } from './controlLift.js';
import { MODEL_NAMES, explainerName, fmtCell, partialLines } from './reportFormat.js';
import { rankText, rankWithUncertainty, RANK_Z } from './rankWithUncertainty.js';
import type { ReportDocument, TableModel } from './reportDocument.js';
import { tablePairs, tableSlice } from './reportSlice.js';
import { seHeader } from './reportTables.js';
import { VERDICT_LEGEND, cellVerdict, footnoteCounter, verdictContext } from './verdicts.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Summary, SummaryCell } from '../results/summarize.js';

const isStability = (metric: string): boolean => STABILITY_METRICS.includes(metric as never);

/** The ranking scale of a cell: ln(mean ratio) ± SE/mean for stability, else mean ± SE. */
function scoreOf(c: SummaryCell): { score: number; se: number; display: string } {
  if (isStability(c.metric)) {
    const score = c.logMean ?? Number.NaN;
    return { score, se: c.logSe ?? Number.NaN, display: fmtCell(score, c.logSe ?? Number.NaN) };
  }
  return { score: c.mean, se: c.se, display: fmtCell(c.mean, c.se) };
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
  /** ✓ beats both controls, ✕ does not, ○ not testable here (the report's verdict). */
  readonly verdict: ControlVerdict;
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
  if (floor) out.push({ explainer: floor.explainer, role: 'floor', display: scoreOf(floor).display });
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
  const slice = tableSlice(summary, dataset, model);
  const context = verdictContext(manifest, dataset, model);
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
        verdict: cellVerdict(slice, r.id, metric, context),
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
  const metrics = [...new Set(summary.cells.map((c) => c.metric))].sort((a, b) => rankIn(ALL_METRICS, a) - rankIn(ALL_METRICS, b));
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

/** What is folded under a pair's rows: the controls (never ranked), the methods not ranked, the receipt. */
function foldText(r: LeaderboardRow): string {
  const controls = r.controls
    .map((c) => `${c.role === 'random' ? explainerName(c.explainer) : `floor ${c.explainer}`} ${c.display}`)
    .join('; ');
  const unranked = r.unranked.map((u) => `${explainerName(u.explainer)} ${u.display} (${u.reason})`).join('; ');
  return [
    `controls (reference, never ranked): ${controls || '—'}`,
    ...(unranked ? [`not ranked: ${unranked}`] : []),
    `receipt: run ${r.receipt.run} · data ${r.receipt.dataHash} · model ${r.receipt.modelHash}`,
  ].join(' · ');
}

/** The rows of one pair: one per ranked method (rank, name, score, verdict), the fold under the last. */
function pairRows(
  summary: Summary,
  r: LeaderboardRow,
  notes: ReturnType<typeof footnoteCounter>,
): { rows: string[][]; roles: (string | null)[][]; titles: (string | null)[][] } {
  const label = `${r.dataset} · ${MODEL_NAMES[r.model] ?? r.model}${modelFlag(summary, r.dataset, r.model)}`;
  const rows: string[][] = [];
  const roles: (string | null)[][] = [];
  const titles: (string | null)[][] = [];
  r.ranked.forEach((x, k) => {
    const approx = isApproximateCell(summary.models ?? [], r.dataset, r.model, x.explainer) ? ' ≈' : '';
    const rank = rankText({ id: x.explainer, rank: x.rank, tied: x.tied, best: x.rankBest, worst: x.rankWorst }, r.ranked.length);
    const v = x.verdict;
    const verdict =
      v.kind === 'untestable'
        ? `${v.mark} ${v.words}${notes.mark(v.detail ?? '')}`
        : v.detail
          ? `${v.mark} ${v.detail}`
          : `${v.mark} ${v.words}`;
    rows.push([k === 0 ? label : '', rank, explainerName(x.explainer), `${x.display}${approx}`, verdict]);
    roles.push([null, null, null, null, v.kind]);
    titles.push([null, null, null, null, v.detail]);
  });
  if (rows.length === 0) {
    rows.push([label, '—', 'nothing ranked', '', '']);
    roles.push([]);
    titles.push([]);
  }
  return { rows, roles, titles };
}

/**
 * The leaderboard as one table per metric, the same for `leaderboard.md`, `leaderboard.html` and
 * the HTML report: per dataset × model one row per ranked method (rank "2 of 6 (1–3)", name,
 * score, verdict), and folded under the pair the controls, the methods not ranked and the
 * receipt, so a table fits a 1200 px page. Footnotes: the reasons behind ○.
 * @since 0.2.0
 */
export function leaderboardTables(summary: Summary, manifest: RunManifest): { metric: string; table: TableModel; footnotes: string[] }[] {
  const rows = leaderboard(summary, manifest);
  return [...new Set(rows.map((r) => r.metric))].map((metric) => {
    const notes = footnoteCounter();
    const body: string[][] = [];
    const roles: (string | null)[][] = [];
    const titles: (string | null)[][] = [];
    const folds: (string | null)[] = [];
    for (const r of rows.filter((x) => x.metric === metric)) {
      const p = pairRows(summary, r, notes);
      body.push(...p.rows);
      roles.push(...p.roles);
      titles.push(...p.titles);
      folds.push(...p.rows.map((_, k) => (k === p.rows.length - 1 ? foldText(r) : null)));
    }
    return {
      metric,
      table: {
        header: ['dataset · model', 'rank', 'method', 'score', 'verdict'],
        rows: body,
        numeric: [false, false, false, true, false],
        folds,
        foldLabel: 'controls, not ranked, receipt',
        cellRoles: roles,
        cellTitles: titles,
      },
      footnotes: notes.lines('not testable here: '),
    };
  });
}

/** How to read the leaderboard, one point a line (leaderboard.md and leaderboard.html). */
export function leaderboardNotes(): string[] {
  return [
    `Scores: ${seHeader(false)} over instances; stability ${seHeader(true)} (lower is more stable).`,
    `Rank: "2 of 6" is the point rank among the 6 methods ranked, "2=" a tie, "(1–3)" its 95% interval: another method is surely ahead when the gap exceeds ${RANK_Z}·√(SE₁² + SE₂²).`,
    'Controls (the Random baseline and the best floor, a shortcut that does not look at the instance) are reference values, never ranked; they are folded under each dataset × model with the methods not ranked and the receipt.',
    'Not ranked: a method scoring −∞ (a constant explanation, ratio 0: perfectly stable, explains nothing) or with no defined value.',
    `Verdict: ${VERDICT_LEGEND} ≈: gradients approximated by finite differences.`,
    'Every pair names its receipt: run identity, input hash and model hash; the commands and versions are listed at the end.',
  ];
}

/** The leaderboard as one document: notes, one table per metric, rank stability, the receipt with the commands. */
export function leaderboardDocument(summary: Summary, manifest: RunManifest): ReportDocument {
  const blocks: ReportDocument['blocks'][number][] = [];
  const partial = partialLines(summary);
  if (partial.length > 0) blocks.push({ type: 'banner', title: 'PARTIAL RESULTS — not the whole run.', items: partial });
  const warnings = modelWarningLines(summary.models);
  if (warnings.length > 0) blocks.push({ type: 'banner', title: '⚠ Models to read with care', items: warnings });
  blocks.push({ type: 'list', items: leaderboardNotes().map((l) => [l]) });
  for (const { metric, table, footnotes } of leaderboardTables(summary, manifest))
    blocks.push({
      type: 'section',
      id: `metric-${metric}`,
      blocks: [
        { type: 'heading', level: 2, text: `${metricHeader(metric)} (${direction(metric)})` },
        { type: 'table', table, role: 'leaderboard', footnotes },
      ],
    });
  const stability = rankStabilityTable(leaderboard(summary, manifest));
  if (stability !== null)
    blocks.push({
      type: 'section',
      id: 'rank-stability',
      blocks: [
        { type: 'heading', level: 2, text: 'Rank stability' },
        { type: 'paragraph', content: [RANK_STABILITY_NOTE] },
        { type: 'table', table: stability, role: 'ranks' },
      ],
    });
  blocks.push({
    type: 'section',
    id: 'receipt',
    blocks: [
      { type: 'heading', level: 2, text: 'Receipt' },
      { type: 'list', role: 'receipt', items: receiptLines(manifest).map((l) => [{ code: l }]) },
    ],
  });
  return { title: 'xai bench leaderboard', blocks };
}

/** `leaderboard.md`: one table per metric, methods ranked per dataset x model, receipts at the end. */
export function leaderboardMarkdown(summary: Summary, manifest: RunManifest): string {
  return renderMarkdown(leaderboardDocument(summary, manifest));
}

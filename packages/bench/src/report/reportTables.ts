// Table models shared by report.md and report.html (and the paper / leaderboard exports): a
// header and rows of display strings, rendered by renderMarkdown's mdTable or renderHtml's htmlTableOf.
import { EXTENDED_FAMILY_METRICS, GROUND_TRUTH_METRICS, PREDICTION_METRICS, STABILITY_METRICS } from '../config/ids.js';
import { formatValue } from '@xai/core';
import { extendedMetricNotes, metricInfoOf } from '@xai/metrics';
import { extendedInfo, isExtendedMetric } from '../run/extendedScores.js';
import {
  explainerLabel,
  explainerName,
  fmt,
  fmtCell,
  fmtInterval,
  fmtLift,
  metricHeader,
  metricWithArrow,
  partialMark,
} from './reportFormat.js';
import type { TableModel } from './reportDocument.js';
import type { TableSlice } from './reportSlice.js';
import { RANDOM_CONTROL } from './controlLift.js';
import type { VerdictContext } from './verdicts.js';
import { cellVerdict, footnoteCounter } from './verdicts.js';
import type { RunManifest } from '../results/runManifest.js';
import { sanityWarning } from '../inputs/modelSanity.js';
import type { DiagnosticCell, Summary, SummaryCell } from '../results/summarize.js';

export type { TableModel } from './reportDocument.js';

/** Legend lines: metric, what it measures (its registry description), direction. */
export function legendTable(metrics: readonly string[]): TableModel {
  return {
    header: ['metric', 'measures', 'better'],
    rows: metrics.map((m) => {
      const info = metricInfoOf(m);
      const x = extendedInfo(m);
      const what = info?.description ? `${info.name}: ${info.description}` : x ? `${x.name} (${x.family}; ${x.reference})` : m;
      return [metricHeader(m), what, info?.direction === 'lower-is-better' ? 'lower ↓' : 'higher ↑'];
    }),
    numeric: [false, false, false],
  };
}

/** The SE convention named in table headers. */
export const seHeader = (stability: boolean): string => (stability ? 'ln mean ± SE/mean' : 'mean ± SE (sd/√n)');

const isStability = (m: string): boolean => STABILITY_METRICS.includes(m as never);

/** A cell's score: mean ± SE, or ln mean ± SE/mean for stability; the undefined count and a partial mark after it. */
export function scoreText(c: SummaryCell | undefined): string {
  if (c === undefined) return 'n/a';
  const [v, se] = isStability(c.metric) ? [c.logMean ?? Number.NaN, c.logSe ?? Number.NaN] : [c.mean, c.se];
  return fmtCell(v, se, c.undefined) + partialMark(c);
}

/** The value a compact view shows: the mean (stability: ln mean) at the precision its SE supports. */
export function valueText(c: SummaryCell | undefined): string {
  if (c === undefined) return '';
  const [v, se] = isStability(c.metric) ? [c.logMean ?? Number.NaN, c.logSe ?? Number.NaN] : [c.mean, c.se];
  return formatValue(v, se);
}

/** A table with its footnotes (the reasons behind ○, why a null is not shown). */
export interface NotedTable {
  readonly table: TableModel;
  readonly footnotes: readonly string[];
}

/** The verdict cell of a detailed row: the mark, and what was not beaten or why it cannot be tested. */
function verdictCell(slice: TableSlice, e: string, m: string, context: VerdictContext, notes: ReturnType<typeof footnoteCounter>) {
  const v = cellVerdict(slice, e, m, context);
  if (v.kind === 'untestable') return { text: `${v.mark} ${v.words}${notes.mark(`${v.words}: ${v.detail}`)}`, v };
  return { text: v.detail ? `${v.mark} ${v.detail}` : v.mark, v };
}

/**
 * One row per explainer and metric — score ± SE (stability: ln mean ± SE/mean, as the family's
 * title says), n, the null, the lifts over the floor and the
 * null at the precision of their paired SEs, the verdict — and under each metric's explainers a
 * control row with its best floor (which floor, its score). Footnotes: the reasons behind ○ and
 * why a null is not shown (from @xai/metrics' notes).
 * @since 0.2.0
 */
export function compactTable(slice: TableSlice, metrics: readonly string[], context: VerdictContext): NotedTable | null {
  const shown = metrics.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return null;
  const rows: string[][] = [];
  const roles: (string | null)[][] = [];
  const titles: (string | null)[][] = [];
  const rowRoles: (string | null)[] = [];
  const notes = footnoteCounter();
  for (const m of shown) {
    const x = extendedInfo(m);
    const nullShown = !isStability(m) && x?.nullMeaningful !== false;
    for (const e of slice.explainers) {
      const c = slice.cell('explainer', e, m);
      if (c === undefined) continue;
      const ctl = slice.control(e, m);
      const n = slice.cell('null', e, m);
      const verdict = verdictCell(slice, e, m, context, notes);
      const nul = isStability(m)
        ? '= score (perm.-inv.)'
        : !nullShown
          ? `not meaningful${notes.mark(`${m} null: ${isExtendedMetric(m) ? extendedMetricNotes(m, context.preset).nullNote : ''}`)}`
          : n
            ? fmtCell(n.mean, n.se)
            : '—';
      rows.push([
        metricWithArrow(m),
        explainerLabel(e),
        scoreText(c),
        String(c.count),
        nul,
        fmtLift(ctl?.liftOverFloor, ctl?.liftOverFloorSe),
        nullShown ? fmtLift(ctl?.liftOverNull, ctl?.liftOverNullSe) : '—',
        verdict.text,
      ]);
      roles.push([null, null, null, null, null, null, null, verdict.v.kind]);
      titles.push([null, null, null, null, null, null, null, verdict.v.detail]);
      rowRoles.push(e === RANDOM_CONTROL ? 'control' : null);
    }
    const f = slice.floor(m);
    if (f) {
      rows.push([metricWithArrow(m), `floor (${f.explainer})`, scoreText(f), String(f.count), '', '', '', '']);
      roles.push([]);
      titles.push([]);
      rowRoles.push('control');
    }
  }
  return {
    table: {
      header: ['metric', 'explainer', 'score ± SE', 'n', 'null (permuted)', 'lift vs floor', 'lift vs null', 'verdict'],
      rows,
      numeric: [false, false, true, true, true, true, true, false],
      rowRoles,
      cellRoles: roles,
      cellTitles: titles,
    },
    footnotes: notes.lines(),
  };
}

/**
 * The one-screen verdict of a dataset x model: explainers x metrics, each cell the value and its
 * mark (✓ beats both controls, ✕ does not, ○ not testable here, with the reason as a numbered
 * footnote), a count of the testable metrics each explainer wins, and the controls' own values
 * (Random, the best floor) as reference rows. Null when the pair has no explainer cells.
 * @since 0.3.0
 */
export function verdictTable(slice: TableSlice, context: VerdictContext, metricOrder: readonly string[]): NotedTable | null {
  const metrics = metricOrder.filter((m) =>
    slice.explainers.some((e) => Number.isFinite(slice.cell('explainer', e, m)?.mean ?? Number.NaN)),
  );
  const methods = slice.explainers.filter((e) => e !== RANDOM_CONTROL);
  if (metrics.length === 0 || methods.length === 0) return null;
  const notes = footnoteCounter();
  const rows: string[][] = [];
  const roles: (string | null)[][] = [];
  const titles: (string | null)[][] = [];
  const rowRoles: (string | null)[] = [];
  for (const e of methods) {
    let wins = 0;
    let testable = 0;
    const cells = metrics.map((m) => {
      const c = slice.cell('explainer', e, m);
      if (c === undefined) return { text: '', kind: null, title: null };
      const v = cellVerdict(slice, e, m, context);
      if (v.kind !== 'untestable') testable++;
      if (v.kind === 'beats') wins++;
      const ref = v.kind === 'untestable' ? notes.mark(v.detail ?? '') : '';
      return { text: `${valueText(c)} ${v.mark}${ref}`, kind: v.kind, title: v.detail ? `${v.words}: ${v.detail}` : v.words };
    });
    rows.push([explainerName(e), ...cells.map((c) => c.text), testable === 0 ? 'none testable' : `${wins} of ${testable}`]);
    roles.push([null, ...cells.map((c) => c.kind), null]);
    titles.push([null, ...cells.map((c) => c.title), null]);
    rowRoles.push(null);
  }
  const controlRow = (label: string, cellOf: (m: string) => SummaryCell | undefined): void => {
    rows.push([label, ...metrics.map((m) => valueText(cellOf(m))), '']);
    roles.push([]);
    titles.push([null, ...metrics.map((m) => cellOf(m)?.explainer ?? null), null]);
    rowRoles.push('control');
  };
  if (slice.explainers.includes(RANDOM_CONTROL))
    controlRow(explainerName(RANDOM_CONTROL), (m) => slice.cell('explainer', RANDOM_CONTROL, m));
  controlRow('floor (best shortcut)', (m) => slice.floor(m));
  return {
    table: {
      header: ['explainer', ...metrics.map(metricWithArrow), 'beats both controls'],
      rows,
      numeric: [false, ...metrics.map(() => true), true],
      rowRoles,
      cellRoles: roles,
      cellTitles: titles,
    },
    footnotes: notes.lines('not testable here: '),
  };
}

/** The metric families, in table order. */
export const FAMILY_TABLES: readonly { readonly title: string; readonly metrics: readonly string[] }[] = [
  { title: 'Ground-truth faithfulness', metrics: GROUND_TRUTH_METRICS },
  { title: 'Predictive faithfulness', metrics: PREDICTION_METRICS },
  { title: 'Stability', metrics: STABILITY_METRICS },
  // The extended metrics, by Quantus' families; opt-in (--metrics all or by id).
  { title: 'Faithfulness (extended)', metrics: EXTENDED_FAMILY_METRICS.faithfulness },
  { title: 'Robustness (extended)', metrics: EXTENDED_FAMILY_METRICS.robustness },
  { title: 'Localisation against the ground truth (extended)', metrics: EXTENDED_FAMILY_METRICS.localisation },
  { title: 'Complexity (extended)', metrics: EXTENDED_FAMILY_METRICS.complexity },
  { title: 'Randomisation / sanity checks (extended)', metrics: EXTENDED_FAMILY_METRICS.randomisation },
  { title: 'Axiomatic (extended)', metrics: EXTENDED_FAMILY_METRICS.axiomatic },
  { title: 'Rank agreement (extended)', metrics: EXTENDED_FAMILY_METRICS.agreement },
];

/** Stability medians and quartiles, neighbours kept and the seed-to-seed variation. */
export function quantileTable(slice: TableSlice, diagnostics: readonly DiagnosticCell[]): TableModel | null {
  const shown = STABILITY_METRICS.filter((m) => slice.explainers.some((e) => slice.cell('explainer', e, m)));
  if (shown.length === 0) return null;
  const rows = [...slice.explainers, ...slice.floors].map((e) => {
    const kind = slice.explainers.includes(e) ? 'explainer' : 'floor';
    const diag = (name: string): string => fmt(diagnostics.find((d) => d.explainer === e && d.kind === kind && d.name === name)?.mean);
    return [
      explainerLabel(e),
      ...shown.map((m) => {
        const c = slice.cell(kind, e, m);
        return c === undefined ? 'n/a' : `${fmt(c.median)} [${fmt(c.q25)}, ${fmt(c.q75)}]`;
      }),
      diag('neighbours'),
      diag('explainerNoise'),
    ];
  });
  return {
    header: ['explainer', ...shown.map((m) => `${m} median [q25, q75]`), 'neighbours kept', 'seed-to-seed ‖e−e′‖/‖e‖'],
    rows,
    numeric: [false, ...shown.map(() => true), true, true],
  };
}

/** Subgroup means ± SE and the disparity with its bootstrap interval. */
export function subgroupTableModel(summary: Summary, dataset: string, model: string): TableModel | null {
  const cells = summary.subgroups.filter((s) => s.dataset === dataset && s.model === model);
  if (cells.length === 0) return null;
  const groups = [...new Map(cells.map((c) => [c.group, c.groupName])).entries()].sort((a, b) => a[0] - b[0]);
  const gapName = groups.length >= 2 ? `${groups[0]![1]} − ${groups[1]![1]}` : 'gap';
  const rows: string[][] = [];
  for (const k of [...new Set(cells.map((c) => `${c.explainer}\u0000${c.metric}`))]) {
    const [e, m] = k.split('\u0000') as [string, string];
    const vals = groups.map(([g]) => cells.find((c) => c.explainer === e && c.metric === m && c.group === g));
    const d = summary.disparities.find((x) => x.dataset === dataset && x.model === model && x.explainer === e && x.metric === m);
    rows.push([
      explainerLabel(e),
      metricHeader(m),
      ...vals.map((v) => (v ? fmtCell(v.mean, v.se) : '—')),
      d ? fmtInterval(d.disparity, d.lower, d.upper) : '—',
    ]);
  }
  return {
    header: ['explainer', 'metric', ...groups.map(([, n]) => n), `disparity (${gapName}) [95% CI]`],
    rows,
    numeric: [false, false, ...groups.map(() => true), true],
  };
}

/**
 * Test accuracy beside the base rate (every model, file models included), and when the model is
 * constant or not above the base rate the warning the commands print (one rule and wording:
 * @xai/models' sanityWarning).
 */
function sanityFacts(s: NonNullable<RunManifest['models'][number]['sanity']>, file: boolean, where: string): string[] {
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  const out: string[] = [];
  if (file) out.push(`accuracy on the ${s.rows} test rows: ${fmt(s.accuracy)} (base rate ${fmt(s.baseRate)}; computed by the bench)`);
  else out.push(`base rate of the test label ${fmt(s.baseRate)}; most common prediction ${pct(s.constantShare)} of rows`);
  const warning = sanityWarning(s, where);
  if (warning !== null) out.push(`⚠ ${s.problem === 'constant' ? 'CONSTANT MODEL' : 'MODEL AT OR BELOW THE BASE RATE'}: ${warning}`);
  return out;
}

/** Model accuracy (validation, test), chosen epoch and training settings of one dataset x model. */
export function modelFacts(manifest: RunManifest, dataset: string, model: string): string[] {
  const mh = manifest.models.find((m) => m.dataset === dataset && m.model === model);
  const r = mh?.report as
    | undefined
    | {
        accuracy?: { train?: number; validation?: number | null; test?: number | null };
        bestEpoch?: number;
        epochsRun?: number;
        selection?: string;
        stoppedEarly?: boolean;
        task?: string;
        settings?: Record<string, unknown>;
      };
  if (mh === undefined) return [];
  const out: string[] = [];
  if (r?.accuracy) {
    const a = r.accuracy;
    const label = r.task === 'regression' ? 'R²' : 'accuracy';
    out.push(
      `${label}: validation ${fmt(a.validation ?? Number.NaN)}, test ${fmt(a.test ?? Number.NaN)} (train ${fmt(a.train ?? Number.NaN)})`,
    );
  } else if (mh.sanity === undefined) {
    out.push('accuracy: not recorded (model trained by an older version; delete the model cache to retrain)');
  }
  if (mh.sanity !== undefined) out.push(...sanityFacts(mh.sanity, mh.source?.kind === 'file', `${dataset} · ${model}`));
  if (mh.inputSpace !== undefined) out.push(`input space: ${mh.inputSpace.space} — ${mh.inputSpace.note}`);
  if (r?.bestEpoch !== undefined)
    out.push(`chosen epoch ${r.bestEpoch} of ${r.epochsRun ?? '?'} (${r.selection ?? '?'}${r.stoppedEarly ? ', stopped early' : ''})`);
  if (r?.settings) {
    const s = Object.entries(r.settings)
      .filter(([, v]) => v !== null && typeof v !== 'object')
      .map(([k, v]) => `${k} ${String(v)}`);
    if (s.length > 0) out.push(`training: ${s.join(', ')}`);
  }
  if (mh.source?.kind === 'file')
    out.push(
      `model file \`${mh.path.replace(/^.*[\\/]/, '')}\` (${mh.source.format}${mh.source.backend ? `, run by ${mh.source.backend}` : ''})`,
    );
  else if (mh.source?.backend)
    out.push(
      `forward passes: ${mh.source.backend === 'ort' ? 'ONNX Runtime (float32; input gradients too, in the run precision)' : mh.source.backend}`,
    );
  if (mh.approximateGradients)
    out.push(
      `⚠ gradients APPROXIMATE: ${mh.gradients ?? 'finite differences'} — gradient-based explainers (grad, sg, ig, itg, …) and the metrics that re-explain with them carry finite-difference error`,
    );
  else if (mh.source?.kind === 'file' && mh.gradients) out.push(`gradients ${mh.gradients}`);
  out.push(`model hash ${mh.hash.slice(0, 16)}`);
  return out;
}

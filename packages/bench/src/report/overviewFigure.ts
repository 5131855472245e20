// The overview picture of one dataset x model: explainers x metrics, colour = lift over the
// better control, so a reader sees at a glance which explainer beats its controls where.
import type { TopLevelSpec } from 'vega-lite';
import { STABILITY_METRICS } from '../config/ids.js';
import { beatsControls, liftOverControls, RANDOM_CONTROL } from './controlLift.js';
import { fileSlug, mdText } from './escapeText.js';
import { EXPLAINER_NAMES, MODEL_NAMES, fmt, fmtLift, metricHeader } from './reportFormat.js';
import { tablePairs, tableSlice } from './reportMarkdown.js';
import { renderSvg } from './renderSvg.js';
import type { Summary, SummaryCell } from '../results/summarize.js';

/** Folder beside report.md holding the overview pictures. */
export const FIGURES_DIR = 'figures';

/** One cell of the overview. `shade`: lift scaled to [−1, 1] within its metric; null = grey (a control, or no finite control). */
export interface OverviewCell {
  readonly row: string;
  readonly role: 'method' | 'control';
  readonly metric: string;
  readonly lift: number | null;
  readonly shade: number | null;
  readonly beats: boolean | null;
  readonly text: string;
}

const isStability = (m: string): boolean => STABILITY_METRICS.includes(m as never);
const scoreText = (c: SummaryCell | undefined): string =>
  c === undefined ? '' : isStability(c.metric) ? fmt(c.logMean, 2) : fmt(c.mean, Math.abs(c.mean) < 1 ? 3 : 2);
const nameOf = (e: string): string => EXPLAINER_NAMES[e] ?? e;

/** A lift for a cell: `tie` when exactly 0 (e.g. LR's gradient is its weights, the global floor), two significant digits when tiny. */
function liftText(lift: number): string {
  if (lift === 0) return 'tie';
  const a = Math.abs(lift);
  if (a >= 0.001) return fmtLift(lift, a < 0.1 ? 3 : 2);
  return `${lift > 0 ? '+' : '−'}${a.toExponential(1)}`;
}

/** The cells of one dataset x model, methods first (ranked order is the leaderboard's), then the controls. */
export function overviewCells(
  summary: Summary,
  dataset: string,
  model: string,
): { cells: OverviewCell[]; metrics: string[]; rows: string[] } {
  const slice = tableSlice(summary, dataset, model);
  // Metrics with a defined value for some explainer (RRS is not defined for LR).
  const defined = (c: SummaryCell | undefined): c is SummaryCell => c !== undefined && typeof c.mean === 'number' && !Number.isNaN(c.mean);
  const metrics = [
    ...new Set(
      summary.cells.filter((c) => c.dataset === dataset && c.model === model && c.kind === 'explainer' && defined(c)).map((c) => c.metric),
    ),
  ];
  const methods = slice.explainers.filter((e) => e !== RANDOM_CONTROL);
  const cells: OverviewCell[] = [];
  for (const metric of metrics) {
    const lifts = methods.map((e) => (slice.cell('explainer', e, metric) ? liftOverControls(metric, slice.control(e, metric)) : null));
    const scale = Math.max(0, ...lifts.map((l) => (l === null ? 0 : Math.abs(l))));
    methods.forEach((e, k) => {
      const c = slice.cell('explainer', e, metric);
      if (!defined(c)) return;
      const lift = lifts[k]!;
      const beats = beatsControls(metric, slice.control(e, metric));
      cells.push({
        row: nameOf(e),
        role: 'method',
        metric: metricHeader(metric),
        lift,
        shade: lift === null ? null : scale > 0 ? lift / scale : 0,
        beats,
        text: lift === null ? `${scoreText(c)} ·` : `${beats === false ? '✕ ' : ''}${liftText(lift)}`,
      });
    });
    const random = slice.cell('explainer', RANDOM_CONTROL, metric);
    if (random)
      cells.push({
        row: `${nameOf(RANDOM_CONTROL)} (control)`,
        role: 'control',
        metric: metricHeader(metric),
        lift: null,
        shade: null,
        beats: null,
        text: scoreText(random),
      });
    const floorId = slice.explainers.map((e) => slice.control(e, metric)?.floorExplainer).find((f) => f);
    const floor = floorId ? slice.cell('floor', floorId, metric) : undefined;
    if (floor)
      cells.push({
        row: 'floor (best shortcut)',
        role: 'control',
        metric: metricHeader(metric),
        lift: null,
        shade: null,
        beats: null,
        text: scoreText(floor),
      });
  }
  const rows = [...new Set([...cells.filter((c) => c.role === 'method'), ...cells.filter((c) => c.role === 'control')].map((c) => c.row))];
  return { cells, metrics: metrics.map(metricHeader), rows };
}

/** The caption every overview carries (report.html and report.md). */
export const OVERVIEW_CAPTION =
  'Each cell: lift over the better control (floor or null), positive = better by the metric’s direction; ' +
  'colour scaled within each metric (blue beats both controls, red does not); ✕ = does not beat its controls (tie = equals one); ' +
  'grey “value ·” = no finite control (e.g. a constant floor is perfectly stable), the score is shown; ' +
  'the bottom rows are the controls’ own scores, for reference, never ranked. Stability on the ln scale.';

/**
 * The Vega-Lite spec of one overview: a heat map (rect + text) of explainers x metrics with the
 * controls as grey reference rows at the bottom. Null when the pair has no explainer cells.
 * @since 0.2.0
 */
export function overviewSpec(summary: Summary, dataset: string, model: string): TopLevelSpec | null {
  const { cells, metrics, rows } = overviewCells(summary, dataset, model);
  if (cells.length === 0) return null;
  const title = `${dataset} · ${MODEL_NAMES[model] ?? model}: lift over the better control`;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: title, fontSize: 14, anchor: 'start' },
    background: '#ffffff',
    padding: 8,
    width: Math.max(240, metrics.length * 62),
    height: rows.length * 24,
    data: { values: cells },
    encoding: {
      x: {
        field: 'metric',
        type: 'nominal',
        sort: metrics,
        title: null,
        axis: { orient: 'top', labelAngle: 0, labelFontSize: 11, domain: false, ticks: false },
      },
      y: {
        field: 'row',
        type: 'nominal',
        sort: rows,
        title: null,
        axis: { labelFontSize: 11, domain: false, ticks: false, labelLimit: 220 },
      },
    },
    layer: [
      {
        // 'show': a null shade is a grey cell (the condition), not a dropped one.
        mark: { type: 'rect', stroke: '#ffffff', strokeWidth: 1.5, invalid: 'show' },
        encoding: {
          color: {
            condition: { test: 'datum.shade === null', value: '#e9e9e9' },
            field: 'shade',
            type: 'quantitative',
            scale: { domain: [-1, 1], scheme: 'redblue' },
            legend: { title: ['lift (scaled', 'per metric)'], orient: 'right', gradientLength: 120, values: [-1, 0, 1] },
          },
        },
      },
      {
        mark: { type: 'text', fontSize: 10.5 },
        encoding: {
          text: { field: 'text' },
          color: { condition: { test: 'datum.shade !== null && abs(datum.shade) > 0.55', value: '#ffffff' }, value: '#222222' },
        },
      },
    ],
  } as TopLevelSpec;
}

/** Path of a pair's overview SVG, relative to the report folder (user ids slugged). */
export function overviewPath(dataset: string, model: string): string {
  return `${FIGURES_DIR}/overview-${fileSlug(dataset)}-${fileSlug(model)}.svg`;
}

/** report.md lines linking a pair's overview picture. */
export function overviewMarkdown(dataset: string, model: string): string[] {
  return [
    `![${mdText(`Overview of ${dataset} · ${MODEL_NAMES[model] ?? model}`)}](${overviewPath(dataset, model)})`,
    '',
    `*${OVERVIEW_CAPTION}*`,
    '',
  ];
}

/**
 * Vega numbers its gradient ids from a process-wide counter: renumbered by first use within
 * the picture, under a per-picture prefix, so the same results give the same bytes and two
 * pictures inlined in one page never share an id.
 */
function stableIds(svg: string, prefix: string): string {
  const ids = new Map<string, string>();
  return svg.replace(/\bgradient_\d+\b/g, (id) => {
    if (!ids.has(id)) ids.set(id, `${prefix}-gradient${ids.size}`);
    return ids.get(id)!;
  });
}

/** Every pair's overview rendered to SVG, keyed `dataset\u0000model`, in canonical pair order. */
export async function renderOverviews(summary: Summary): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { dataset, model } of tablePairs(summary)) {
    const spec = overviewSpec(summary, dataset, model);
    if (spec !== null) out.set(`${dataset}\u0000${model}`, stableIds(await renderSvg(spec), `overview${out.size}`));
  }
  return out;
}

// The overview picture of one dataset x model: explainers x metrics, colour = lift over the
// better control, so a reader sees at a glance which explainer beats its controls where.
import type { TopLevelSpec } from 'vega-lite';
import { formatValue } from '@xai/core';
import { STABILITY_METRICS } from '../config/ids.js';
import { liftOverControls, RANDOM_CONTROL } from './controlLift.js';
import { fileSlug } from './escapeText.js';
import { MODEL_NAMES, explainerName, metricHeader } from './reportFormat.js';
import { tablePairs, tableSlice } from './reportSlice.js';
import { renderFigureSvg } from './renderSvg.js';
import type { Summary, SummaryCell } from '../results/summarize.js';
import type { VerdictContext } from './verdicts.js';
import { cellVerdict } from './verdicts.js';

/** Folder beside report.md holding the overview pictures. */
export const FIGURES_DIR = 'figures';

/** One cell of the overview. `shade`: lift scaled to [−1, 1] within its metric; null = grey (a control, or no finite control). */
export interface OverviewCell {
  readonly row: string;
  readonly role: 'method' | 'control';
  readonly metric: string;
  readonly lift: number | null;
  readonly shade: number | null;
  /** The verdict ('beats', 'fails', 'untestable'); null for a control row. */
  readonly verdict: string | null;
  readonly text: string;
}

const isStability = (m: string): boolean => STABILITY_METRICS.includes(m as never);
const scoreText = (c: SummaryCell | undefined): string =>
  c === undefined ? '' : isStability(c.metric) ? formatValue(c.logMean, c.logSe) : formatValue(c.mean, c.se);
const nameOf = explainerName;

/** The lift over the control nearest to being better, at the precision of its paired SE. */
function liftText(summaryLift: number, se: number | null | undefined): string {
  return summaryLift === 0 ? '0' : formatValue(summaryLift, se, { signed: true });
}

/** The cells of one dataset x model, methods first (ranked order is the leaderboard's), then the controls. */
export function overviewCells(
  summary: Summary,
  dataset: string,
  model: string,
  context: VerdictContext = { linearModel: false, groundTruthIsModel: false },
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
      const v = cellVerdict(slice, e, metric, context);
      const ctl = slice.control(e, metric);
      const se = lift === ctl?.liftOverFloor ? ctl?.liftOverFloorSe : ctl?.liftOverNullSe;
      const shown = v.kind !== 'untestable' && lift !== null;
      cells.push({
        row: nameOf(e),
        role: 'method',
        metric: metricHeader(metric),
        lift,
        shade: shown ? (scale > 0 ? lift / scale : 0) : null,
        verdict: v.kind,
        text: shown ? `${v.mark} ${liftText(lift, se)}` : `${v.mark} ${scoreText(c)}`,
      });
    });
    const random = slice.cell('explainer', RANDOM_CONTROL, metric);
    if (random)
      cells.push({
        row: nameOf(RANDOM_CONTROL),
        role: 'control',
        metric: metricHeader(metric),
        lift: null,
        shade: null,
        verdict: null,
        text: scoreText(random),
      });
    const floor = slice.floor(metric);
    if (floor)
      cells.push({
        row: 'floor (best shortcut)',
        role: 'control',
        metric: metricHeader(metric),
        lift: null,
        shade: null,
        verdict: null,
        text: scoreText(floor),
      });
  }
  const rows = [...new Set([...cells.filter((c) => c.role === 'method'), ...cells.filter((c) => c.role === 'control')].map((c) => c.row))];
  return { cells, metrics: metrics.map(metricHeader), rows };
}

/** The caption every overview carries (report.html and report.md). */
export const OVERVIEW_CAPTION =
  'Each cell: the verdict (✓ beats both controls, ✕ does not, ○ not testable here) and the lift over the nearer control (floor or null), ' +
  'positive = better by the metric’s direction, to the precision of its paired SE; colour scaled within each metric (blue above the controls, red below); ' +
  'grey “○ value” = not testable here (the verdict table says why), the score is shown; ' +
  'the bottom rows are the controls’ own scores, for reference, never ranked. Stability on the ln scale.';

/**
 * The Vega-Lite spec of one overview: a heat map (rect + text) of explainers x metrics with the
 * controls as grey reference rows at the bottom. Null when the pair has no explainer cells.
 * @since 0.2.0
 */
export function overviewSpec(summary: Summary, dataset: string, model: string, context?: VerdictContext): TopLevelSpec | null {
  const { cells, metrics, rows } = overviewCells(summary, dataset, model, context);
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

/** Every pair's overview rendered to SVG, keyed `dataset\u0000model`, in canonical pair order. */
export async function renderOverviews(
  summary: Summary,
  contextOf?: (dataset: string, model: string) => VerdictContext,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const { dataset, model } of tablePairs(summary)) {
    const spec = overviewSpec(summary, dataset, model, contextOf?.(dataset, model));
    if (spec !== null) out.set(`${dataset}\u0000${model}`, await renderFigureSvg(spec, `overview${out.size}`));
  }
  return out;
}

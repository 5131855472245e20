import type { TopLevelSpec } from 'vega-lite';
import { STABILITY_METRICS } from '../config/ids.js';
import { MODEL_NAMES, direction, explainerName } from './reportFormat.js';
import { tablePairs, tableSlice } from './reportSlice.js';
import type { TableSlice } from './reportSlice.js';
import type { Summary, SubgroupCell } from '../results/summarize.js';

/** A chart to render: where it belongs and its Vega-Lite spec. */
export interface ChartSpec {
  readonly id: string;
  readonly dataset: string;
  readonly model: string;
  readonly metric: string;
  readonly kind: 'metric' | 'subgroup';
  readonly title: string;
  readonly spec: TopLevelSpec;
}

const finite = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v);

/**
 * One Vega-Lite spec per dataset x model x metric — explainers side by side (bar = mean, error
 * bar = ± SE, black tick = the null, red dashed rule = the floor) — and one grouped-bar chart
 * per dataset x model x metric with subgroup means. Stability is charted as ln(mean).
 * @since 0.1.0
 */
export function chartSpecs(summary: Summary): ChartSpec[] {
  const charts: ChartSpec[] = [];
  for (const { dataset, model } of tablePairs(summary)) {
    const slice = tableSlice(summary, dataset, model);
    const metrics = [
      ...new Set(summary.cells.filter((c) => c.dataset === dataset && c.model === model && c.kind === 'explainer').map((c) => c.metric)),
    ];
    for (const metric of metrics) {
      const chart = metricChart(slice, dataset, model, metric);
      if (chart !== null) charts.push(chart);
    }
    const subs = summary.subgroups.filter((s) => s.dataset === dataset && s.model === model);
    for (const metric of [...new Set(subs.map((s) => s.metric))]) {
      const chart = subgroupChart(subs, dataset, model, metric);
      if (chart !== null) charts.push(chart);
    }
  }
  return charts;
}

interface MetricChartRow {
  explainer: string;
  name: string;
  value: number;
  lo: number;
  hi: number;
  null: number | null;
}

/** One bar per explainer with a finite mean (ln mean for stability), its ± SE and its null. */
function metricChartRows(slice: TableSlice, metric: string, log: boolean): MetricChartRow[] {
  const rows: MetricChartRow[] = [];
  for (const e of slice.explainers) {
    const c = slice.cell('explainer', e, metric);
    if (c === undefined) continue;
    const v = log ? c.logMean : c.mean;
    const se = log ? c.logSe : c.se;
    if (!finite(v)) continue;
    const n = slice.cell('null', e, metric);
    const nv = n === undefined ? null : log ? n.logMean : n.mean;
    rows.push({
      explainer: e,
      name: explainerName(e),
      value: v,
      lo: v - (finite(se) ? se : 0),
      hi: v + (finite(se) ? se : 0),
      null: finite(nv) ? nv : null,
    });
  }
  return rows;
}

/** The floor of a metric: the mean of the floor explainer the control names, if any. */
function metricFloor(slice: TableSlice, metric: string, log: boolean): number | null | undefined {
  const floorCell = slice.floor(metric);
  return floorCell === undefined ? null : log ? floorCell.logMean : floorCell.mean;
}

function metricChart(slice: TableSlice, dataset: string, model: string, metric: string): ChartSpec | null {
  const log = STABILITY_METRICS.includes(metric as never);
  const rows = metricChartRows(slice, metric, log);
  if (rows.length === 0) return null;
  const floor = metricFloor(slice, metric, log);
  const yTitle = log ? `ln mean ${metric} (${direction(metric)})` : `${metric} (${direction(metric)})`;
  const x = { field: 'name', type: 'nominal' as const, sort: rows.map((r) => r.name), title: null, axis: { labelAngle: -30 } };
  const layers: unknown[] = [
    { mark: { type: 'bar', color: '#4c78a8' }, encoding: { x, y: { field: 'value', type: 'quantitative', title: yTitle } } },
    { mark: { type: 'rule', color: '#222' }, encoding: { x, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } } },
    {
      transform: [{ filter: 'datum.null !== null' }],
      mark: { type: 'tick', color: '#000', thickness: 2, size: 18 },
      encoding: { x, y: { field: 'null', type: 'quantitative' } },
    },
  ];
  if (finite(floor)) {
    layers.push({
      data: { values: [{ floor }] },
      mark: { type: 'rule', color: '#d62728', strokeDash: [6, 4], strokeWidth: 2 },
      encoding: { y: { field: 'floor', type: 'quantitative' } },
    });
  }
  const title = `${dataset} · ${MODEL_NAMES[model] ?? model} · ${metric}`;
  return layeredChart('metric', `chart-${dataset}-${model}-${metric}`, { dataset, model, metric }, title, rows, layers);
}

/** One chart of the report: its identity and a 320 x 180 layered Vega-Lite spec over `values`. */
function layeredChart(
  kind: ChartSpec['kind'],
  id: string,
  cell: { dataset: string; model: string; metric: string },
  title: string,
  values: readonly unknown[],
  layer: readonly unknown[],
): ChartSpec {
  return {
    id,
    dataset: cell.dataset,
    model: cell.model,
    metric: cell.metric,
    kind,
    title,
    spec: {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      title: { text: title, fontSize: 13 },
      width: 320,
      height: 180,
      data: { values },
      layer,
    } as TopLevelSpec,
  };
}

function subgroupChart(subs: readonly SubgroupCell[], dataset: string, model: string, metric: string): ChartSpec | null {
  const values = subs
    .filter((s) => s.metric === metric && finite(s.mean))
    .map((s) => ({
      name: explainerName(s.explainer),
      group: s.groupName,
      value: s.mean,
      lo: s.mean - (finite(s.se) ? s.se : 0),
      hi: s.mean + (finite(s.se) ? s.se : 0),
    }));
  if (values.length === 0) return null;
  const x = {
    field: 'name',
    type: 'nominal' as const,
    sort: [...new Set(values.map((v) => v.name))],
    title: null,
    axis: { labelAngle: -30 },
  };
  const title = `${dataset} · ${MODEL_NAMES[model] ?? model} · ${metric} by subgroup`;
  return layeredChart('subgroup', `subgroup-${dataset}-${model}-${metric}`, { dataset, model, metric }, title, values, [
    {
      mark: 'bar',
      encoding: {
        x,
        xOffset: { field: 'group' },
        y: { field: 'value', type: 'quantitative', title: metric },
        color: { field: 'group', type: 'nominal', title: 'group' },
      },
    },
    {
      mark: { type: 'rule', color: '#222' },
      encoding: { x, xOffset: { field: 'group' }, y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
    },
  ]);
}

import type { Summary } from './summarize';

const HEADER = ['dataset', 'model', 'explainer', 'kind', 'metric', 'mean', 'se', 'count', 'undefined', 'log_mean', 'log_se', 'median', 'q25', 'q75', 'floor', 'floor_explainer', 'null', 'lift_over_floor', 'lift_over_null'];

function num(v: number | null | undefined): string {
  return v === null || v === undefined || Number.isNaN(v) ? '' : String(v);
}

/**
 * `summary.csv`: one line per dataset x model x explainer (or control) x metric with mean, SE,
 * count, undefined count, the stability extras, and, for explainers, the floor, the null and
 * the lifts over both. Empty cells are undefined values.
 * @since 0.1.0
 */
export function summaryToCsv(summary: Summary): string {
  const lines = [HEADER.join(',')];
  for (const c of summary.cells) {
    const ctl = c.kind === 'explainer'
      ? summary.controls.find((k) => k.dataset === c.dataset && k.model === c.model && k.explainer === c.explainer && k.metric === c.metric)
      : undefined;
    lines.push([
      c.dataset, c.model, c.explainer, c.kind, c.metric, num(c.mean), num(c.se), String(c.count), String(c.undefined),
      num(c.logMean), num(c.logSe), num(c.median), num(c.q25), num(c.q75),
      num(ctl?.floor), ctl?.floorExplainer ?? '', num(ctl?.null), num(ctl?.liftOverFloor), num(ctl?.liftOverNull),
    ].join(','));
  }
  return `${lines.join('\n')}\n`;
}

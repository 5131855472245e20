// One dataset x model of a summary, indexed for the report's tables and figures.
import type { ControlComparison, Summary, SummaryCell } from '../results/summarize.js';

/** The cells, controls and names one dataset x model table needs. */
export interface TableSlice {
  readonly explainers: readonly string[];
  readonly floors: readonly string[];
  cell(kind: 'explainer' | 'null' | 'floor', explainer: string, metric: string): SummaryCell | undefined;
  control(explainer: string, metric: string): ControlComparison | undefined;
  /** The best floor of a metric (the one every explainer's control names), if any. */
  floor(metric: string): SummaryCell | undefined;
}

/** Index of a summary restricted to one dataset x model. @since 0.1.0 */
export function tableSlice(summary: Summary, dataset: string, model: string): TableSlice {
  const cells = summary.cells.filter((c) => c.dataset === dataset && c.model === model);
  const byKey = new Map(cells.map((c) => [`${c.kind}/${c.explainer}/${c.metric}`, c]));
  const controls = new Map(
    summary.controls.filter((c) => c.dataset === dataset && c.model === model).map((c) => [`${c.explainer}/${c.metric}`, c]),
  );
  const uniq = (kind: string): string[] => [...new Set(cells.filter((c) => c.kind === kind).map((c) => c.explainer))];
  return {
    explainers: uniq('explainer'),
    floors: uniq('floor'),
    cell: (kind, explainer, metric) => byKey.get(`${kind}/${explainer}/${metric}`),
    control: (explainer, metric) => controls.get(`${explainer}/${metric}`),
    floor: (metric) => {
      const id = [...controls.values()].find((c) => c.metric === metric && c.floorExplainer !== null)?.floorExplainer;
      return id ? byKey.get(`floor/${id}/${metric}`) : undefined;
    },
  };
}

/** The dataset x model pairs present in a summary, in canonical order. */
export function tablePairs(summary: Summary): { dataset: string; model: string }[] {
  const seen = new Set<string>();
  const out: { dataset: string; model: string }[] = [];
  for (const c of summary.cells) {
    const k = `${c.dataset}/${c.model}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push({ dataset: c.dataset, model: c.model });
    }
  }
  return out;
}

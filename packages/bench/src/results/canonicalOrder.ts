import { DATASETS, EXPLAINERS, MODELS, rankIn } from '../config/ids.js';
import type { ResultRow, RowKind } from './resultRow.js';

const KIND_RANK: Readonly<Record<RowKind, number>> = { explainer: 0, null: 1, floor: 2 };

function byName(list: readonly string[], a: string, b: string): number {
  const d = rankIn(list, a) - rankIn(list, b);
  if (d !== 0) return d;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The canonical order of result rows: dataset, model, explainer (OpenXAI order, then floors by
 * name), kind (explainer, its null, floor), instance. Any run of the same identity, on any
 * number of workers or shards, sorts into the same sequence.
 * @since 0.1.0
 */
export function compareRows(a: ResultRow, b: ResultRow): number {
  return (
    byName(DATASETS, a.dataset, b.dataset) ||
    byName(MODELS, a.model, b.model) ||
    byName(EXPLAINERS, a.explainer, b.explainer) ||
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    a.instance - b.instance
  );
}

/** A row's identity within a run (no two rows of a complete run share it). */
export function rowKey(r: ResultRow): string {
  return `${r.dataset}/${r.model}/${r.explainer}/${r.kind}/${r.instance}`;
}

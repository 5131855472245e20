import type { PlotSample } from '../run/plotSample.js';

/** What a row's attributions are: a real explainer, a floor (shortcut) explainer, or the null (permuted) control. */
export type RowKind = 'explainer' | 'null' | 'floor';

/** A metric value as stored: a number, null when undefined for this instance, or ±Infinity spelled out. */
export type StoredValue = number | null | 'Infinity' | '-Infinity';

/**
 * One line of `results.jsonl`: one instance explained by one explainer (or control) on one
 * dataset x model, with every metric computed for it. A unit of work writes `lines` such rows
 * in one append; a unit counts as complete only when all of them are present and intact.
 */
export interface ResultRow {
  /** The unit of work that produced the row: `dataset/model/explainer/blockStart`. */
  readonly unit: string;
  /** How many rows that unit writes in total (its completeness check). */
  readonly lines: number;
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly kind: RowKind;
  /** Index of the instance in the dataset's test split. */
  readonly instance: number;
  /** Index of the instance's sensitive group, when the dataset has one. */
  readonly group?: number;
  /** Metric id -> value (null = undefined for this instance, e.g. a 0/0 stability ratio). */
  readonly metrics: Readonly<Record<string, StoredValue>>;
  /** Per-instance diagnostics (e.g. stability neighbours kept). */
  readonly diag?: Readonly<Record<string, number>>;
  /**
   * What the report's explanation plots draw, on the explainer rows of the first test
   * instances (see run/plotSample.ts): feature values, the output, attributions towards one
   * fixed class and the plot's base value.
   */
  readonly plot?: PlotSample;
}

/** A stored value as a number (null -> NaN). @since 0.1.0 */
export function storedToNumber(v: StoredValue | undefined): number {
  if (v === null || v === undefined) return Number.NaN;
  if (v === 'Infinity') return Number.POSITIVE_INFINITY;
  if (v === '-Infinity') return Number.NEGATIVE_INFINITY;
  return v;
}

/** A number as stored (NaN -> null, infinities spelled out so JSON keeps them). @since 0.1.0 */
export function numberToStored(v: number): StoredValue {
  if (Number.isNaN(v)) return null;
  if (v === Number.POSITIVE_INFINITY) return 'Infinity';
  if (v === Number.NEGATIVE_INFINITY) return '-Infinity';
  return v === 0 ? 0 : v; // -0 prints as 0 in JSON anyway; keep equality simple
}

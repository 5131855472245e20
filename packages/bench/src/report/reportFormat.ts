// Shared display helpers of report.md and report.html: names from the registries, numbers by
// core's one format rule.
import { decimalsFor, formatEstimate, formatFixed, formatValue } from '@xai/core';
import { explainerDisplayName } from '@xai/explainers/explainerInfo';
import { LOWER_IS_BETTER } from '../config/ids.js';

/** An explainer's display name: @xai/explainers' registry, else the id (floors, unknown ids). */
export function explainerName(id: string): string {
  return explainerDisplayName(id);
}

/** Display name with the id a flag takes, `Gradient (grad)`; the id once when the name already holds it. */
export function explainerLabel(id: string): string {
  const name = explainerName(id);
  return name === id || name.includes(`(${id})`) ? name : `${name} (${id})`;
}

/**
 * A dataset's load-time warnings for the report (e.g. a --test file's rows outside the
 * training range, unknown categories), from its provenance.
 * @since 0.2.0
 */
export function datasetWarnings(provenance: unknown): string[] {
  const w = (provenance as { warnings?: unknown } | null | undefined)?.warnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

/** Human names of the model kinds. */
export const MODEL_NAMES: Readonly<Record<string, string>> = { lr: 'LR', ann: 'ANN' };

/** Column header of a metric: PGU↓ / PGI↑ as in the paper's tables. */
export function metricHeader(metric: string): string {
  if (metric === 'PGU') return 'PGU↓';
  if (metric === 'PGI') return 'PGI↑';
  return metric;
}

/** A number with no SE (accuracy, a median, a base rate): three significant digits, fixed point. */
export function fmt(v: number | null | undefined): string {
  return formatValue(v);
}

/** A signed lift at the precision of its paired SE (`+0.0021`), `—` when missing. */
export function fmtLift(v: number | null | undefined, se?: number | null): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—';
  return formatValue(v, se, { signed: true });
}

/** `mean ± SE` by the one number-format rule (core's formatEstimate); the undefined count follows when there is one. */
export function fmtCell(mean: number, se: number, undef = 0): string {
  const base = Number.isNaN(mean) ? '—' : formatEstimate(mean, se);
  return undef > 0 ? `${base} (${undef} undef.)` : base;
}

/** A signed value and its 95% interval at the decimals the interval supports (SE ≈ width / 3.92): `−0.020 [−0.045, 0.005]`. */
export function fmtInterval(value: number, lower: number, upper: number): string {
  const se = Number.isFinite(lower) && Number.isFinite(upper) ? (upper - lower) / (2 * 1.96) : null;
  const d = decimalsFor(value, se);
  return `${formatFixed(value, d, { signed: true })} [${formatFixed(lower, d)}, ${formatFixed(upper, d)}]`;
}

/** The metric's direction from its registry info (@xai/metrics). */
export function lowerIsBetter(metric: string): boolean {
  return LOWER_IS_BETTER.has(metric);
}

/** A metric id with its direction arrow: `PGU ↓`, `FA ↑`. */
export function metricWithArrow(metric: string): string {
  return `${metric} ${lowerIsBetter(metric) ? '↓' : '↑'}`;
}

/** 'lower is better' / 'higher is better'. */
export function direction(metric: string): string {
  return LOWER_IS_BETTER.has(metric) ? 'lower is better' : 'higher is better';
}

/** The banner lines of a partial report (empty when complete). @since 0.2.0 */
export function partialLines(summary: {
  readonly coverage?: { readonly partial: boolean; readonly reasons: readonly string[] };
}): string[] {
  const c = summary.coverage;
  return c?.partial ? c.reasons.map((r) => r) : [];
}

/** ` ⚠ 20/30` after a cell holding fewer instances than planned, else ''. @since 0.2.0 */
export function partialMark(c: {
  readonly partial?: boolean;
  readonly planned?: number;
  readonly count: number;
  readonly undefined: number;
}): string {
  return c.partial ? ` ⚠ partial ${c.count + c.undefined}/${c.planned ?? '?'}` : '';
}

/** "first 1000 test instances (lime stability: 100)" from a config. @since 0.2.0 */
export function instancesText(c: {
  readonly instances: number;
  readonly instanceOverrides?: readonly { readonly explainer: string; readonly family: string; readonly instances: number }[];
}): string {
  const o = c.instanceOverrides ?? [];
  const extra =
    o.length === 0
      ? ''
      : ` (${o.map((x) => `${x.explainer === '*' ? 'every explainer' : x.explainer}${x.family === '*' ? '' : ` ${x.family}`}: ${x.instances}`).join('; ')})`;
  return `first ${c.instances} test instances${extra}`;
}

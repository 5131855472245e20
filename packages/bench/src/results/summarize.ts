import type { ModelNote } from '../inputs/modelNotes.js';
import { summarizeValues, checkOptions } from '@xai/core';
import { subgroupComparison } from '@xai/metrics';
import { compareRows } from './canonicalOrder.js';
import { ALL_EXPLAINERS, ALL_METRICS, DATASETS, LOWER_IS_BETTER, MODELS, STABILITY_METRICS, rankIn } from '../config/ids.js';
import type { Coverage } from '../report/reportCoverage.js';
import type { ResultRow, RowKind } from './resultRow.js';
import { storedToNumber } from './resultRow.js';

/** Aggregate of one metric over the instances of one dataset x model x explainer (or control). */
export interface SummaryCell {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly kind: RowKind;
  readonly metric: string;
  /** Mean over defined values (NaN when none: written as null). */
  readonly mean: number;
  /** Standard error of the mean (sample sd / sqrt(count)). */
  readonly se: number;
  /** Defined values. */
  readonly count: number;
  /** Instances where the metric was undefined (counted, never dropped silently). */
  readonly undefined: number;
  /** Instances the run's plan scores for this cell (present only when the plan is known). */
  readonly planned?: number;
  /** True when fewer than `planned` instances are present (a shard, a damaged file). */
  readonly partial?: boolean;
  /** Stability only: ln(mean), its delta-method SE (se/mean), and the median and quartiles. */
  readonly logMean?: number;
  readonly logSe?: number;
  readonly median?: number;
  readonly q25?: number;
  readonly q75?: number;
}

/** The controls a score stands beside (see shared/spec/audit.md, last section). */
export interface ControlComparison {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly metric: string;
  /** Best floor explainer's mean (best by the metric's direction) and which floor it was. */
  readonly floor: number | null;
  readonly floorExplainer: string | null;
  /** The explainer's own attributions permuted across features. */
  readonly null: number | null;
  /** How much better than the floor / the null (positive = better; log scale for stability). */
  readonly liftOverFloor: number | null;
  readonly liftOverNull: number | null;
  /**
   * Standard errors of the lifts from the paired per-instance differences (sd / √n over the
   * instances both rows define); null on the ln scale of stability and when no pair exists.
   */
  readonly liftOverFloorSe?: number | null;
  readonly liftOverNullSe?: number | null;
}

/** A metric's mean on one sensitive group (fairness bars). */
export interface SubgroupCell {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly metric: string;
  readonly group: number;
  readonly groupName: string;
  readonly mean: number;
  readonly se: number;
  readonly count: number;
}

/** The gap between the first two groups, with a bootstrap interval (@xai/metrics subgroupComparison). */
export interface SubgroupDisparity {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly metric: string;
  /** mean(group 0) − mean(group 1). */
  readonly disparity: number;
  readonly lower: number;
  readonly upper: number;
  readonly level: number;
}

/** Mean of a per-instance diagnostic (e.g. stability neighbours kept, explainer seed-to-seed noise). */
export interface DiagnosticCell {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly kind: RowKind;
  readonly name: string;
  readonly mean: number;
  readonly count: number;
}

/**
 * The standard-error conventions, one per scale, written into summary.json (and named in every
 * table header): `se` is the sample sd / sqrt(count) of the per-instance values; `logSe` is the
 * delta-method SE of ln(mean), se / mean.
 */
export const SE_CONVENTIONS = {
  se: 'se = sample standard deviation (n − 1) / sqrt(count), over the defined per-instance values',
  logSe: 'logSe = se / mean (delta method), the SE of logMean = ln(mean); stability metrics only',
} as const;

export interface Summary {
  readonly format: 'xai-bench-summary@1';
  /** How `se` and `logSe` are computed (the same key names as in summary.csv). */
  readonly conventions?: typeof SE_CONVENTIONS;
  /** What of the run's plan these cells cover; `partial: true` whenever anything is missing. */
  readonly coverage?: Omit<Coverage, 'planned'>;
  readonly cells: readonly SummaryCell[];
  readonly controls: readonly ControlComparison[];
  readonly subgroups: readonly SubgroupCell[];
  readonly disparities: readonly SubgroupDisparity[];
  /** `neighbours`: stability neighbours kept; `explainerNoise`: ‖e(key) − e(other key)‖/‖e‖, the explainer's own seed-to-seed variation. */
  readonly diagnostics: readonly DiagnosticCell[];
  /** Per dataset x model, from the manifest: approximate gradients, the input space, accuracy vs base rate. */
  readonly models?: readonly ModelNote[];
}

export interface SummarizeOptions {
  /** Group names per dataset with a sensitive attribute. */
  readonly groupNames?: Readonly<Record<string, readonly string[]>>;
  /** Bootstrap resamples of each disparity's interval. @defaultValue 1000 */
  readonly bootstrap?: number;
  /** The plan coverage (partial results are marked per cell and in the summary). */
  readonly coverage?: Coverage;
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function cell(base: Omit<SummaryCell, 'mean' | 'se' | 'count' | 'undefined'>, values: number[]): SummaryCell {
  const r = summarizeValues(base.metric, Float64Array.from(values));
  const out: SummaryCell = { ...base, mean: r.mean, se: r.se, count: r.count, undefined: r.undefinedIndices.length };
  if (!STABILITY_METRICS.includes(base.metric as never)) return out;
  const defined = Float64Array.from(values.filter((v) => !Number.isNaN(v))).sort();
  return {
    ...out,
    logMean: Math.log(r.mean),
    logSe: r.se / r.mean,
    median: quantile(defined, 0.5),
    q25: quantile(defined, 0.25),
    q75: quantile(defined, 0.75),
  };
}

const better = (metric: string, a: number, b: number): boolean => (LOWER_IS_BETTER.has(metric) ? a < b : a > b);

function lift(metric: string, value: number, ref: number | null): number | null {
  if (ref === null || !Number.isFinite(value) || !Number.isFinite(ref)) return null;
  if (STABILITY_METRICS.includes(metric as never)) {
    // Ratios compare on the log scale the tables use; a zero control (a constant explanation) has no finite lift.
    if (value <= 0 || ref <= 0) return null;
    return Math.log(ref) - Math.log(value);
  }
  return LOWER_IS_BETTER.has(metric) ? ref - value : value - ref;
}

/**
 * Aggregates result rows: per dataset x model x explainer x metric the mean, SE, count and
 * undefined count (stability also log-mean, median, quartiles); each explainer's score beside
 * its floor (best floor explainer) and its null, with the lifts; per-group means where the
 * dataset has a sensitive attribute. Deterministic: sums run in canonical row order.
 * @since 0.1.0
 */
export function summarize(rows: readonly ResultRow[], options: SummarizeOptions = {}): Summary {
  checkOptions(options, ['groupNames', 'bootstrap', 'coverage'], 'summarize');
  const grouped = groupRows(rows);
  const { cells, diagnostics } = cellsOf(grouped.groups, options);
  const { subgroups, disparities } = subgroupsOf(grouped.sub, options);
  const cov = options.coverage;
  const coverage = cov === undefined ? undefined : (({ planned: _p, ...rest }) => rest)(cov);
  return {
    format: 'xai-bench-summary@1',
    conventions: SE_CONVENTIONS,
    ...(coverage ? { coverage } : {}),
    cells,
    controls: controlsOf(cells, grouped.groups),
    subgroups,
    disparities,
    diagnostics,
  };
}

/** The rows of one dataset x model x explainer x kind: values by metric, diagnostics by name. */
interface RowGroup {
  readonly base: Omit<SummaryCell, 'mean' | 'se' | 'count' | 'undefined' | 'metric'>;
  readonly values: Map<string, number[]>;
  /** The instance of each entry of `values` (for paired differences). */
  readonly instances: Map<string, number[]>;
  readonly diag: Map<string, number[]>;
}

/** An explainer's values of one metric on one dataset x model, with each instance's sensitive group. */
interface SubgroupValues {
  readonly values: number[];
  readonly groups: number[];
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Step 1: rows in canonical order, grouped by cell (and by subgroup where the rows carry one). */
function groupRows(rows: readonly ResultRow[]): { groups: Map<string, RowGroup>; sub: Map<string, SubgroupValues> } {
  const groups = new Map<string, RowGroup>();
  const sub = new Map<string, SubgroupValues>();
  for (const r of [...rows].sort(compareRows)) {
    const key = `${r.dataset}\u0000${r.model}\u0000${r.explainer}\u0000${r.kind}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = {
        base: { dataset: r.dataset, model: r.model, explainer: r.explainer, kind: r.kind },
        values: new Map(),
        instances: new Map(),
        diag: new Map(),
      };
      groups.set(key, g);
    }
    for (const [k, v] of Object.entries(r.diag ?? {})) pushTo(g.diag, k, v);
    for (const [m, v] of Object.entries(r.metrics)) {
      pushTo(g.values, m, storedToNumber(v));
      pushTo(g.instances, m, r.instance);
      if (r.group === undefined || r.kind !== 'explainer') continue;
      const sk = `${r.dataset}\u0000${r.model}\u0000${r.explainer}\u0000${m}`;
      let s = sub.get(sk);
      if (s === undefined) {
        s = { values: [], groups: [] };
        sub.set(sk, s);
      }
      s.values.push(storedToNumber(v));
      s.groups.push(r.group);
    }
  }
  return { groups, sub };
}

/** Step 2: one cell per group and metric (in table order), and the diagnostics' means. */
function cellsOf(groups: Map<string, RowGroup>, options: SummarizeOptions): { cells: SummaryCell[]; diagnostics: DiagnosticCell[] } {
  const cells: SummaryCell[] = [];
  const diagnostics: DiagnosticCell[] = [];
  for (const g of groups.values()) {
    for (const [name, vs] of [...g.diag].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
      diagnostics.push({ ...g.base, name, mean: vs.reduce((a, b) => a + b, 0) / vs.length, count: vs.length });
    }
    const metrics = [...g.values.keys()].sort((a, b) => rankIn(ALL_METRICS, a) - rankIn(ALL_METRICS, b) || (a < b ? -1 : 1));
    for (const m of metrics) {
      const c = cell({ ...g.base, metric: m }, g.values.get(m)!);
      const planned = options.coverage?.planned?.(c.dataset, c.model, c.explainer, c.kind, m);
      cells.push(planned === undefined ? c : { ...c, planned, partial: c.count + c.undefined < planned });
    }
  }
  return { cells, diagnostics };
}

/**
 * SE of the lift of `c` over `ref` from their paired per-instance differences (instances both
 * define, finite); null for stability (compared on the ln scale of the means) or without two pairs.
 */
function pairedLiftSe(groups: Map<string, RowGroup>, c: SummaryCell, ref: SummaryCell | null): number | null {
  if (ref === null || STABILITY_METRICS.includes(c.metric as never)) return null;
  const at = (x: SummaryCell): RowGroup | undefined => groups.get(`${x.dataset}\u0000${x.model}\u0000${x.explainer}\u0000${x.kind}`);
  const a = at(c);
  const b = at(ref);
  const refByInstance = new Map<number, number>();
  const bi = b?.instances.get(ref.metric) ?? [];
  const bv = b?.values.get(ref.metric) ?? [];
  bi.forEach((inst, k) => refByInstance.set(inst, bv[k]!));
  const diffs: number[] = [];
  const ai = a?.instances.get(c.metric) ?? [];
  const av = a?.values.get(c.metric) ?? [];
  ai.forEach((inst, k) => {
    const r = refByInstance.get(inst);
    if (r !== undefined && Number.isFinite(r) && Number.isFinite(av[k]!)) diffs.push(av[k]! - r);
  });
  if (diffs.length < 2) return null;
  return summarizeValues(c.metric, Float64Array.from(diffs)).se;
}

/** Step 3: each explainer cell beside its best floor and its own null, with the paired SEs of the lifts. */
function controlsOf(cells: readonly SummaryCell[], groups: Map<string, RowGroup>): ControlComparison[] {
  const controls: ControlComparison[] = [];
  const at = (kind: RowKind, ds: string, model: string, metric: string): SummaryCell[] =>
    cells.filter((c) => c.kind === kind && c.dataset === ds && c.model === model && c.metric === metric);
  for (const c of cells) {
    if (c.kind !== 'explainer') continue;
    let floor: SummaryCell | null = null;
    for (const f of at('floor', c.dataset, c.model, c.metric)) {
      if (Number.isNaN(f.mean)) continue;
      if (floor === null || better(c.metric, f.mean, floor.mean)) floor = f;
    }
    const nul = at('null', c.dataset, c.model, c.metric).find((n) => n.explainer === c.explainer && !Number.isNaN(n.mean)) ?? null;
    controls.push({
      dataset: c.dataset,
      model: c.model,
      explainer: c.explainer,
      metric: c.metric,
      floor: floor?.mean ?? null,
      floorExplainer: floor?.explainer ?? null,
      null: nul?.mean ?? null,
      liftOverFloor: lift(c.metric, c.mean, floor?.mean ?? null),
      liftOverNull: lift(c.metric, c.mean, nul?.mean ?? null),
      liftOverFloorSe: pairedLiftSe(groups, c, floor),
      liftOverNullSe: pairedLiftSe(groups, c, nul),
    });
  }
  return controls;
}

/** Step 4: subgroup means, and the disparity with its bootstrap interval where both groups are present. */
function subgroupsOf(
  sub: Map<string, SubgroupValues>,
  options: SummarizeOptions,
): { subgroups: SubgroupCell[]; disparities: SubgroupDisparity[] } {
  const subgroups: SubgroupCell[] = [];
  const disparities: SubgroupDisparity[] = [];
  for (const [key, { values, groups }] of sub) {
    const [dataset, model, explainer, metric] = key.split('\u0000') as [string, string, string, string];
    const where = { dataset, model, explainer, metric };
    const names = options.groupNames?.[dataset];
    const present = [...new Set(groups)].sort((a, b) => a - b);
    if (present.length < 2 || present[0] !== 0 || present[1] !== 1) {
      // Fewer than two groups among the scored instances: means only, no disparity.
      for (const g of present) {
        const r = summarizeValues(metric, Float64Array.from(values.filter((_, i) => groups[i] === g)));
        subgroups.push({ ...where, group: g, groupName: names?.[g] ?? `group ${g}`, mean: r.mean, se: r.se, count: r.count });
      }
      continue;
    }
    const c = subgroupComparison(Float64Array.from(values), Int32Array.from(groups), {
      bootstrap: options.bootstrap ?? 1000,
      seed: 0,
      ...(names ? { groupNames: names } : {}),
    });
    for (const g of c.groups) {
      if (g.count + g.undefinedCount === 0) continue;
      subgroups.push({ ...where, group: g.group, groupName: names?.[g.group] ?? g.name, mean: g.mean, se: g.se, count: g.count });
    }
    disparities.push({ ...where, disparity: c.disparity, lower: c.ci.lower, upper: c.ci.upper, level: c.ci.level });
  }
  subgroups.sort(
    (a, b) =>
      rankIn(DATASETS, a.dataset) - rankIn(DATASETS, b.dataset) ||
      rankIn(MODELS, a.model) - rankIn(MODELS, b.model) ||
      rankIn(ALL_EXPLAINERS, a.explainer) - rankIn(ALL_EXPLAINERS, b.explainer) ||
      rankIn(ALL_METRICS, a.metric) - rankIn(ALL_METRICS, b.metric) ||
      a.group - b.group,
  );
  return { subgroups, disparities };
}

/** JSON with NaN/±Infinity written as null (JSON has neither), two-space indented, newline-terminated. */
export function summaryToJson(summary: Summary): string {
  return `${JSON.stringify(summary, (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v), 2)}\n`;
}

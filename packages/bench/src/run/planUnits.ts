import { XaiError, checkOptions } from '@xai/core';
import { explainerCost } from '@xai/explainers/explainerInfo';
import type { InstanceOverride, ShardSpec } from '../config/benchConfig.js';
import { METRIC_FAMILIES, familyOf } from '../config/ids.js';
import type { MetricFamily } from '../config/ids.js';

/** One unit of work: one explainer (or floor control) on one block of instances of one dataset x model. */
export interface Unit {
  /** `dataset/model/explainer/start`: stable across machines, used to resume and merge. */
  readonly id: string;
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly kind: 'explainer' | 'floor';
  /** Test-instance range [start, end). */
  readonly start: number;
  readonly end: number;
  /**
   * Metric families scored on fewer instances than the unit covers: a row gets that family's
   * metrics only when its instance index is below the limit (e.g. stability on the first 100).
   * Absent: every family on every row.
   */
  readonly limits?: Readonly<Partial<Record<MetricFamily, number>>>;
}

export interface PlanUnitsOptions {
  /** Datasets in canonical order with the number of instances to score on each. */
  readonly datasets: readonly { readonly id: string; readonly instances: number; readonly testRows?: number }[];
  readonly models: readonly string[];
  readonly explainers: readonly string[];
  /** Floor (shortcut) explainer ids scored as controls beside the explainers. */
  readonly floors?: readonly string[];
  readonly blockSize: number;
  /** Per-explainer / per-family instance counts (see `instancesFor`); needs `defaultInstances`. */
  readonly instanceOverrides?: readonly InstanceOverride[];
  /** The run's `--instances` (before capping by each dataset's test rows). */
  readonly defaultInstances?: number;
  /** The run's metrics: only their families count towards a unit's range. @defaultValue every family */
  readonly metrics?: readonly string[];
}

/**
 * Instances of `explainer` scored on `family`: the most specific override wins
 * (explainer + family, then explainer, then family), else `defaultInstances`.
 * @example instancesFor([{ explainer: 'lime', family: 'stability', instances: 100 }], 1000, 'lime', 'stability') // 100
 * @since 0.2.0
 */
export function instancesFor(
  overrides: readonly InstanceOverride[],
  defaultInstances: number,
  explainer: string,
  family: MetricFamily,
): number {
  const pick = (e: string, f: string): number | undefined => overrides.find((o) => o.explainer === e && o.family === f)?.instances;
  return pick(explainer, family) ?? pick(explainer, '*') ?? pick('*', family) ?? defaultInstances;
}

/**
 * Every unit of a run in canonical order (dataset, model, explainers then floors, block).
 * The list depends only on the run's identity, so every machine of a sharded run sees it alike.
 * @since 0.1.0
 */
export function planUnits(options: PlanUnitsOptions): Unit[] {
  checkOptions(
    options,
    ['datasets', 'models', 'explainers', 'floors', 'blockSize', 'instanceOverrides', 'defaultInstances', 'metrics'],
    'planUnits',
  );
  const { datasets, models, explainers, floors = [], blockSize, instanceOverrides = [] } = options;
  if (!Number.isInteger(blockSize) || blockSize < 1)
    throw new XaiError('BAD_OPTION', `blockSize must be a positive integer, got ${blockSize}`, {
      fn: 'planUnits',
      arg: 'blockSize',
      value: blockSize,
    });
  const families =
    options.metrics === undefined ? METRIC_FAMILIES : METRIC_FAMILIES.filter((f) => options.metrics!.some((m) => familyOf(m) === f));
  const units: Unit[] = [];
  for (const ds of datasets) {
    const cap = ds.testRows ?? ds.instances;
    for (const model of models) {
      const all = [...explainers.map((e) => ({ e, kind: 'explainer' as const })), ...floors.map((e) => ({ e, kind: 'floor' as const }))];
      for (const { e, kind } of all) {
        // Without overrides every family covers the dataset's instances (the 0.1 plan, unchanged).
        const counts =
          instanceOverrides.length === 0 || options.defaultInstances === undefined
            ? families.map((f) => [f, ds.instances] as const)
            : families.map((f) => [f, Math.min(cap, instancesFor(instanceOverrides, options.defaultInstances!, e, f))] as const);
        const n = Math.max(0, ...counts.map(([, c]) => c));
        for (let start = 0; start < n; start += blockSize) {
          const end = Math.min(n, start + blockSize);
          const limits: Partial<Record<MetricFamily, number>> = {};
          for (const [f, c] of counts) if (c < end) limits[f] = Math.max(start, c);
          units.push({
            id: `${ds.id}/${model}/${e}/${start}`,
            dataset: ds.id,
            model,
            explainer: e,
            kind,
            start,
            end,
            ...(Object.keys(limits).length > 0 ? { limits } : {}),
          });
        }
      }
    }
  }
  return units;
}

/**
 * Shard `index` of `count` (1-based): every count-th unit of the canonical list, so each shard
 * gets a similar mix of cheap and expensive explainers. The shards partition the plan.
 * @since 0.1.0
 */
export function selectShard<T>(units: readonly T[], shard: ShardSpec | null): T[] {
  if (shard === null) return [...units];
  return units.filter((_, p) => p % shard.count === shard.index - 1);
}

/** Estimated relative cost of a unit: the explainer's registry cost (dispatch and progress only; never a result). @since 0.1.0 */
export function unitCost(u: Unit): number {
  return (explainerCost(u.explainer)?.relative ?? 1) * (u.model === 'lr' ? 0.15 : 1) * (u.end - u.start);
}

/**
 * The units in the order to dispatch them: most expensive first (longest-processing-time
 * scheduling keeps the workers busy to the end); canonical order among equals.
 * @since 0.1.0
 */
export function dispatchOrder(units: readonly Unit[]): Unit[] {
  return units
    .map((u, i) => ({ u, i, c: unitCost(u) }))
    .sort((a, b) => b.c - a.c || a.i - b.i)
    .map((x) => x.u);
}

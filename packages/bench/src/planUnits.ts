import { XaiError } from '@xai/core';
import type { ShardSpec } from './benchConfig';

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
}

export interface PlanUnitsOptions {
  /** Datasets in canonical order with the number of instances to score on each. */
  readonly datasets: readonly { readonly id: string; readonly instances: number }[];
  readonly models: readonly string[];
  readonly explainers: readonly string[];
  /** Floor (shortcut) explainer ids scored as controls beside the explainers. */
  readonly floors?: readonly string[];
  readonly blockSize: number;
}

/**
 * Every unit of a run in canonical order (dataset, model, explainers then floors, block).
 * The list depends only on the run's identity, so every machine of a sharded run sees it alike.
 * @since 0.1.0
 */
export function planUnits(options: PlanUnitsOptions): Unit[] {
  const { datasets, models, explainers, floors = [], blockSize } = options;
  if (!Number.isInteger(blockSize) || blockSize < 1) throw new XaiError('BAD_OPTION', `blockSize must be a positive integer, got ${blockSize}`, { fn: 'planUnits', arg: 'blockSize', value: blockSize });
  const units: Unit[] = [];
  for (const ds of datasets) {
    for (const model of models) {
      const all = [...explainers.map((e) => ({ e, kind: 'explainer' as const })), ...floors.map((e) => ({ e, kind: 'floor' as const }))];
      for (const { e, kind } of all) {
        for (let start = 0; start < ds.instances; start += blockSize) {
          units.push({ id: `${ds.id}/${model}/${e}/${start}`, dataset: ds.id, model, explainer: e, kind, start, end: Math.min(ds.instances, start + blockSize) });
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

/**
 * Relative cost per instance of an explainer's unit (explanation + metrics, stability
 * dominating), measured on the synthetic data with the default preset (ANN; LR ≈ 0.15 of it).
 * Used only to dispatch and to weigh progress: it never changes results.
 */
const COST: Readonly<Record<string, number>> = { lime: 24, sg: 21, shap: 12, ig: 3.5, control: 1.6, grad: 1.5, itg: 1.5 };

/** Estimated relative cost of a unit (see COST). @since 0.1.0 */
export function unitCost(u: Unit): number {
  return (COST[u.explainer] ?? 1) * (u.model === 'lr' ? 0.15 : 1) * (u.end - u.start);
}

/**
 * The units in the order to dispatch them: most expensive first (longest-processing-time
 * scheduling keeps the workers busy to the end); canonical order among equals.
 * @since 0.1.0
 */
export function dispatchOrder(units: readonly Unit[]): Unit[] {
  return units.map((u, i) => ({ u, i, c: unitCost(u) })).sort((a, b) => b.c - a.c || a.i - b.i).map((x) => x.u);
}

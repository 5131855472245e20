import type { ShardSpec } from '../config/benchConfig.js';
import { STABILITY_METRICS, familyOf } from '../config/ids.js';
import { planUnits, selectShard } from '../run/planUnits.js';
import type { Unit } from '../run/planUnits.js';
import type { DamagedLine, LoadedResults } from '../results/resultsFile.js';
import type { RunManifest } from '../results/runManifest.js';

/** One dataset x model x explainer (or control) with fewer instances than planned. */
export interface MissingCell {
  readonly dataset: string;
  readonly model: string;
  readonly explainer: string;
  readonly kind: 'explainer' | 'floor';
  /** Instances the plan scores. */
  readonly planned: number;
  /** Instances present in complete units. */
  readonly present: number;
}

/**
 * What a report covers of its run's plan, written on every page (report.md, report.html,
 * summary.json, summary.csv) so that partial results are never shown as complete.
 */
export interface Coverage {
  /** True when anything planned is missing (a shard, an unfinished run, damaged lines). */
  readonly partial: boolean;
  /** One line per reason, for the banner. */
  readonly reasons: readonly string[];
  readonly shard: ShardSpec | null;
  readonly unitsPlanned: number;
  readonly unitsPresent: number;
  /** Results lines that failed to decode, `file:line` and why. */
  readonly damagedLines: readonly (DamagedLine & { readonly file: string })[];
  readonly missingCells: readonly MissingCell[];
  /** Instances the plan scores for one cell (rows of `kind` carry the metric); 0 when unplanned. Not serialised. */
  readonly planned?: (dataset: string, model: string, explainer: string, kind: string, metric: string) => number;
}

/** Every unit a manifest's run plans (all shards), recomputed from its recorded settings. @since 0.2.0 */
export function planOfManifest(manifest: RunManifest): Unit[] {
  const sources = (manifest.mergedFrom ?? []).filter((m) => m.config !== undefined);
  if (sources.length > 0) {
    // A merge of runs that computed different cells: the union of their plans.
    const byId = new Map<string, Unit>();
    for (const src of sources) {
      const datasets = manifest.datasets.map((d) => ({ ...d, instances: Math.min(src.config!.instances, d.testRows) }));
      for (const u of planOfManifest({ ...manifest, datasets, config: src.config!, mergedFrom: [] })) {
        const prev = byId.get(u.id);
        if (prev === undefined) {
          byId.set(u.id, u);
          continue;
        }
        const end = Math.max(prev.end, u.end);
        const limits: Record<string, number> = {};
        for (const f of Object.keys({ ...prev.limits, ...u.limits }) as (keyof NonNullable<Unit['limits']>)[]) {
          const a = prev.limits?.[f] ?? prev.end;
          const b = u.limits?.[f] ?? u.end;
          if (Math.max(a, b) < end) limits[f] = Math.max(a, b);
        }
        const { limits: _l, ...rest } = prev;
        byId.set(u.id, { ...rest, end, ...(Object.keys(limits).length > 0 ? { limits } : {}) });
      }
    }
    return [...byId.values()];
  }
  const c = manifest.config;
  return planUnits({
    datasets: manifest.datasets,
    models: c.models,
    explainers: c.explainers,
    floors: manifest.floors,
    blockSize: c.blockSize,
    ...(c.instanceOverrides ? { instanceOverrides: c.instanceOverrides, defaultInstances: c.instances, metrics: c.metrics } : {}),
  });
}

/**
 * Compares a run's plan with the complete units found. `file` names the results file in the
 * damaged-line list.
 * @since 0.2.0
 */
export function reportCoverage(
  manifest: RunManifest,
  loaded: Pick<LoadedResults, 'completeUnits' | 'damaged'>,
  file = 'results.jsonl',
): Coverage {
  const plan = planOfManifest(manifest);
  const cells = new Map<string, { d: MissingCell; planned: number; present: number }>();
  for (const u of plan) {
    const k = `${u.dataset}/${u.model}/${u.explainer}`;
    let c = cells.get(k);
    if (c === undefined) {
      c = {
        d: { dataset: u.dataset, model: u.model, explainer: u.explainer, kind: u.kind, planned: 0, present: 0 },
        planned: 0,
        present: 0,
      };
      cells.set(k, c);
    }
    c.planned += u.end - u.start;
    if (loaded.completeUnits.has(u.id)) c.present += u.end - u.start;
  }
  const metrics = manifest.config.metrics as readonly string[];
  const perMetric = new Map<string, number>();
  for (const u of plan) {
    for (const m of metrics) {
      const k = Math.max(0, Math.min(u.end, u.limits?.[familyOf(m)] ?? u.end) - u.start);
      const key = `${u.dataset}/${u.model}/${u.explainer}/${m}`;
      perMetric.set(key, (perMetric.get(key) ?? 0) + k);
    }
  }
  const planned = (dataset: string, model: string, explainer: string, kind: string, metric: string): number => {
    // The null rows carry no stability (a shared permutation leaves it unchanged).
    if (kind === 'null' && (STABILITY_METRICS as readonly string[]).includes(metric)) return 0;
    return perMetric.get(`${dataset}/${model}/${explainer}/${metric}`) ?? 0;
  };
  const missingCells = [...cells.values()]
    .filter((c) => c.present < c.planned)
    .map((c) => ({ ...c.d, planned: c.planned, present: c.present }));
  const present = plan.filter((u) => loaded.completeUnits.has(u.id)).length;
  const reasons: string[] = [];
  const shard = manifest.shard;
  if (shard !== null)
    reasons.push(`shard ${shard.index}/${shard.count} of the run: ${selectShard(plan, shard).length} of its ${plan.length} planned units`);
  if (manifest.status !== 'complete') reasons.push(`the run is not finished (status ${manifest.status})`);
  if (loaded.damaged.length > 0) {
    const shown = loaded.damaged
      .slice(0, 5)
      .map((d) => `${file}:${d.line} (${d.reason})`)
      .join(', ');
    reasons.push(`${loaded.damaged.length} damaged results line(s) ignored: ${shown}${loaded.damaged.length > 5 ? ', …' : ''}`);
  }
  if (present < plan.length) {
    const shown = missingCells
      .slice(0, 8)
      .map((m) => `${m.dataset}/${m.model}/${m.explainer} ${m.present}/${m.planned}`)
      .join(', ');
    reasons.push(
      `${plan.length - present} of ${plan.length} planned units missing; instances present/planned: ${shown}${missingCells.length > 8 ? `, … (${missingCells.length} cells)` : ''}`,
    );
  }
  return {
    partial: reasons.length > 0,
    reasons,
    shard,
    unitsPlanned: plan.length,
    unitsPresent: present,
    damagedLines: loaded.damaged.map((d) => ({ file, ...d })),
    missingCells,
    planned,
  };
}

// A toy engine for testing the runner's machinery (pool, resume, shards, reports) without the
// real pipeline: every value is drawn from a stream keyed by (seed, dataset, model, explainer,
// instance), as the real engine keys its draws by content, so results cannot depend on workers.
import type { XaiErrorCode } from '@xai/core';
import { XaiError, substream } from '@xai/core';
import type { BenchConfig } from '../config/benchConfig.js';
import type { PreparedRun, UnitOutput, UnitRunner } from '../run/benchEngine.js';
import type { Unit } from '../run/planUnits.js';
import { familyOf } from '../config/ids.js';
import type { ResultRow } from '../results/resultRow.js';

interface ToyPayload {
  readonly seed: number;
  readonly metrics: readonly string[];
  /** Sleep per unit (ms), so a test can kill a run mid-way. */
  readonly delayMs: number;
  /** Fail on this unit id (error-path tests). */
  readonly failOn: string | null;
  /** Fail with an XaiError of this code, not a plain Error. */
  readonly failCode: XaiErrorCode | null;
  readonly saveExplanations: boolean;
}

export async function prepare(config: BenchConfig): Promise<PreparedRun> {
  const datasets = config.datasets
    .filter((d) => d !== 'all')
    .map((id) => ({
      id,
      instances: Math.min(config.instances, 40),
      trainRows: 100,
      testRows: 40,
      features: 4,
      hash: `toy-${id}`,
      groundTruth: { lr: 'model' as const, ann: null },
      ...(id === 'adult' ? { sensitive: { name: 'sex', groups: ['female', 'male'] } } : {}),
    }));
  const payload: ToyPayload = {
    seed: config.seed,
    metrics: config.metrics,
    delayMs: Number(process.env.XAI_TOY_DELAY_MS ?? 0),
    failOn: process.env.XAI_TOY_FAIL_ON ?? null,
    failCode: (process.env.XAI_TOY_FAIL_CODE as XaiErrorCode | undefined) ?? null,
    saveExplanations: config.saveExplanations,
  };
  return { datasets, models: [], floors: ['floor-global'], payload, versions: { toy: '1' } };
}

export function createUnitRunner(payload: unknown): UnitRunner {
  const p = payload as ToyPayload;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  return (unit: Unit): ResultRow[] | UnitOutput => {
    if (p.delayMs > 0) Atomics.wait(sleeper, 0, 0, p.delayMs); // sleeps, no busy loop
    if (unit.id === p.failOn) {
      if (p.failCode !== null) throw new XaiError(p.failCode, `toy failure on ${unit.id}`, { fn: 'toyUnit' });
      throw new Error(`toy failure on ${unit.id}`);
    }
    const kinds = unit.kind === 'floor' ? (['floor'] as const) : (['explainer', 'null'] as const);
    const lines = (unit.end - unit.start) * kinds.length;
    const rows: ResultRow[] = [];
    for (let i = unit.start; i < unit.end; i++) {
      for (const kind of kinds) {
        const rng = substream(p.seed, unit.dataset, unit.model, unit.explainer, kind, i);
        const metrics: Record<string, number | null> = {};
        for (const m of p.metrics) {
          const v = rng.uniform();
          const limit = unit.limits?.[familyOf(m)];
          if (limit !== undefined && i >= limit) continue;
          metrics[m] = m === 'RRS' && unit.model === 'lr' ? null : m.startsWith('R') && m.length === 3 ? Math.exp(4 * v) : v;
        }
        rows.push({
          unit: unit.id,
          lines,
          dataset: unit.dataset,
          model: unit.model,
          explainer: unit.explainer,
          kind,
          instance: i,
          ...(unit.dataset === 'adult' ? { group: i % 2 } : {}),
          metrics,
        });
      }
    }
    if (p.saveExplanations && unit.kind === 'explainer') {
      // Attributions a test can recompute: instance i, feature j -> i + j / 10.
      const n = unit.end - unit.start;
      const data = Float64Array.from({ length: n * 4 }, (_, k) => unit.start + Math.floor(k / 4) + (k % 4) / 10);
      return { rows, attributions: { cols: 4, data } };
    }
    return rows;
  };
}

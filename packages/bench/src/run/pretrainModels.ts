// Trains a run's uncached models on worker threads before the main thread's checks read them
// from the cache: the largest first, as many at once as the run has workers.
import type { ModelName } from '../config/ids.js';
import type { TrainOrLoadModelOptions, TrainingData } from '../inputs/trainOrLoadModel.js';
import { cachedReport, isModelCached, trainedLine } from '../inputs/trainOrLoadModel.js';
import type { TrainPayload, TrainUnit } from './trainEngine.js';
import { runUnits } from './workerPool.js';

/** Relative cost of training a kind (the ANN's two hidden layers of 100 against one weight per feature). */
const KIND_COST: Readonly<Record<ModelName, number>> = { lr: 1, ann: 100 };

/** The training engine module next to this one (built `.js`/`.cjs`, or `.ts` source under tsx). */
function trainEngineUrl(): string {
  const here = import.meta.url;
  const ext = here.endsWith('.ts') ? '.ts' : here.endsWith('.cjs') ? '.cjs' : '.js';
  return new URL(`${/\/internal\/[^/]*$/.test(here) ? '../' : './'}trainEngine${ext}`, here).href;
}

/**
 * Trains every (dataset, kind) pair not in the cache on up to `workers` threads, and returns
 * the ids (`dataset/kind`) it trained, so the run records them as trained, not cached.
 * One model, or one worker, trains in the main thread as before (nothing to share).
 */
export async function pretrainModels(
  datasets: readonly TrainingData[],
  kinds: readonly ModelName[],
  workers: number,
  options: TrainOrLoadModelOptions,
): Promise<Set<string>> {
  const units: TrainUnit[] = [];
  for (const ds of datasets)
    for (const kind of kinds) if (!isModelCached(ds, kind, options)) units.push({ id: `${ds.id}/${kind}`, dataset: ds.id, kind });
  const trained = new Set<string>();
  if (units.length < 2 || workers < 2) return trained;
  const byId = new Map(datasets.map((d) => [d.id, d]));
  const cost = (u: TrainUnit): number => {
    const x = byId.get(u.dataset)!.train.x;
    return x.rows * x.cols * KIND_COST[u.kind];
  };
  units.sort((a, b) => cost(b) - cost(a) || (a.id < b.id ? -1 : 1));
  const { log, ...threadOptions } = options;
  const used = new Set(units.map((u) => u.dataset));
  const payload: TrainPayload = {
    options: threadOptions,
    datasets: Object.fromEntries(datasets.filter((d) => used.has(d.id)).map((d) => [d.id, trainingPart(d)])),
  };
  const threads = Math.min(workers, units.length);
  log?.(`training ${units.length} models on ${threads} threads: ${units.map((u) => u.id).join(', ')}`);
  await runUnits<TrainUnit>({
    engine: trainEngineUrl(),
    payload,
    units,
    workers: threads,
    onUnit: (unit) => {
      trained.add(unit.id);
      log?.(trainedLine(unit.kind, unit.dataset, cachedReport(byId.get(unit.dataset)!, unit.kind, options)));
    },
  });
  return trained;
}

/** Only what training reads goes to the threads (a dataset also holds its schema, provenance, ground truth…). */
function trainingPart(d: TrainingData): TrainingData {
  const { id, trainingName, processingHash, train, validation, test } = d;
  return { id, trainingName, processingHash, train, test, ...(validation !== undefined ? { validation } : {}) };
}

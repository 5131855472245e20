// The engine the training threads load by URL (see pretrainModels): each unit trains one model
// into the cache. The bytes depend on the data, kind, settings and seed alone, so which thread
// trains which model changes nothing.
import type { ModelName } from '../config/ids.js';
import type { TrainOrLoadModelOptions, TrainingData } from '../inputs/trainOrLoadModel.js';
import { trainToCache } from '../inputs/trainOrLoadModel.js';
import type { ResultRow } from '../results/resultRow.js';

/** What every training thread receives once. */
export interface TrainPayload {
  readonly options: Omit<TrainOrLoadModelOptions, 'log'>;
  readonly datasets: Readonly<Record<string, TrainingData>>;
}

/** One model to train: `dataset/kind`. */
export interface TrainUnit {
  readonly id: string;
  readonly dataset: string;
  readonly kind: ModelName;
}

/** The runner of one training thread (the pool's engine contract; it returns no rows). */
export function createUnitRunner(payload: unknown): (unit: TrainUnit) => ResultRow[] {
  const { options, datasets } = payload as TrainPayload;
  return (unit) => {
    trainToCache(datasets[unit.dataset]!, unit.kind, options);
    return [];
  };
}

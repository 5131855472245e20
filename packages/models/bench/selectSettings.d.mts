// Types of bench/selectSettings.mjs (so src tests can import it under strict TS).
import type { Split } from '@xai/core';
import type { EpochStats, NeuralModel, TrainData, TrainOptions, TrainReport } from '../src/index.js';

export interface Grid {
  readonly learningRates: readonly number[];
  readonly batchSizes: readonly number[];
  readonly weightDecays: readonly number[];
  readonly patiences: readonly number[];
  readonly caps: readonly number[];
  readonly tie: number;
}
export interface ChosenSettings {
  readonly batchSize: number;
  readonly learningRate: number;
  readonly weightDecay: number;
  readonly epochs: number;
  readonly patience: number;
}
export interface Candidate extends ChosenSettings {
  readonly loss: number;
  readonly accuracy: number;
  readonly bestEpoch: number;
  readonly epochsRun: number;
}
export declare const GRID: Grid;
export declare function optionsOf(
  c: Pick<ChosenSettings, 'batchSize' | 'learningRate' | 'weightDecay'>,
  epochs: number,
  patience: number,
): TrainOptions;
export declare function replay(
  history: readonly EpochStats[],
  patience: number,
  cap: number,
): { loss: number; accuracy: number; bestEpoch: number; epochsRun: number };
export declare function selectSettings(
  data: { readonly train: Split; readonly validation?: Split },
  deps: {
    create: () => NeuralModel;
    trainModel: (m: NeuralModel, d: TrainData, o: TrainOptions) => TrainReport;
    grid?: Grid;
    log?: (line: string) => void;
  },
): { settings: ChosenSettings; validationLoss: number; candidates: Candidate[] };

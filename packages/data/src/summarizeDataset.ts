import type { Dataset } from '@xai/core';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import { DEFAULT_BENCHMARK_INSTANCES } from './benchmarkInstances.js';
import { checkTestOrder } from './checkTestOrder.js';

export interface SummarizeDatasetOptions {
  /** How many first test rows the benchmark explains (checked for representativeness). @defaultValue 1000 */
  readonly instances?: number;
}

/** One line of the dataset list. */
export interface DatasetSummary {
  readonly name: string;
  readonly rows: { readonly train: number; readonly validation: number; readonly test: number };
  readonly features: number;
  readonly continuous: number;
  readonly discrete: number;
  readonly groups: number;
  /** Fraction of label 1 in train (validation included) and in test. */
  readonly positiveRate: { readonly train: number; readonly test: number };
  readonly hash: string;
  /**
   * Whether the first `instances` test rows (the benchmark's default instances) represent
   * the test split: empty, or one warning naming why not (see `checkTestOrder`).
   */
  readonly warnings: readonly string[];
}

function ones(y: Int32Array): number {
  let s = 0;
  for (let i = 0; i < y.length; i++) s += y[i]!;
  return s;
}

/**
 * Rows, features, label balance and hash of a loaded dataset, with a warning when the first
 * `instances` test rows do not represent the test split.
 * @example console.table([summarizeDataset(await loadDataset('adult'))])
 * @since 0.1.0
 */
export function summarizeDataset(ds: Dataset, options: SummarizeDatasetOptions = {}): DatasetSummary {
  checkOptions(options, ['instances'], 'summarizeDataset');
  const { instances = DEFAULT_BENCHMARK_INSTANCES } = options;
  if (!Number.isInteger(instances) || instances < 1)
    throw new XaiError('BAD_OPTION', `instances must be a positive integer, got ${describeValue(instances)}`, {
      fn: 'summarizeDataset',
      arg: 'instances',
      value: instances,
    });
  const v = ds.validation;
  const trainRows = ds.train.y.length + (v?.y.length ?? 0);
  const kinds = ds.schema.kinds;
  return {
    name: ds.name,
    rows: { train: ds.train.y.length, validation: v?.y.length ?? 0, test: ds.test.y.length },
    features: kinds.length,
    continuous: kinds.filter((k) => k === 'continuous').length,
    discrete: kinds.filter((k) => k === 'discrete').length,
    groups: ds.schema.groups.length,
    positiveRate: { train: (ones(ds.train.y) + (v ? ones(v.y) : 0)) / trainRows, test: ones(ds.test.y) / ds.test.y.length },
    hash: ds.hash,
    warnings: checkTestOrder(ds.test, instances, { featureNames: ds.schema.names }).warnings,
  };
}

import type { Dataset, Matrix } from '@xai/core';
import { XaiError, describeValue, rowBlock } from '@xai/core';

/** The instances a benchmark explains. */
export interface BenchmarkInstances {
  /** First `count` test rows (a zero-copy view of the scaled test features). */
  readonly x: Matrix;
  readonly y: Int32Array;
  /** Their row indices in the test split (0..count-1). */
  readonly indices: Int32Array;
  readonly count: number;
  /** Sensitive group of each instance, when the dataset has one. */
  readonly groups?: Int32Array;
}

/** OpenXAI explains the first 1000 test rows. */
export const DEFAULT_BENCHMARK_INSTANCES = 1000;

/**
 * The first `n` test instances in file order (fewer when the test split is smaller), as
 * OpenXAI's `X_test[:n]`.
 * @example const { x, y } = benchmarkInstances(adult, 1000)
 * @since 0.1.0
 */
export function benchmarkInstances(dataset: Dataset, n: number = DEFAULT_BENCHMARK_INSTANCES): BenchmarkInstances {
  if (!Number.isInteger(n) || n < 1) throw new XaiError('BAD_OPTION', `n must be a positive integer, got ${describeValue(n)}`, { fn: 'benchmarkInstances', arg: 'n', value: n });
  const test = dataset.test;
  const count = Math.min(n, test.x.rows);
  const indices = new Int32Array(count);
  for (let i = 0; i < count; i++) indices[i] = i;
  return {
    x: rowBlock(test.x, 0, count),
    y: test.y.subarray(0, count),
    indices,
    count,
    ...(dataset.sensitive ? { groups: dataset.sensitive.test.subarray(0, count) } : {}),
  };
}

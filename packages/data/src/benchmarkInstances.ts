import type { Dataset, Matrix } from '@xai/core';
import { XaiError, checkOptions, describeValue, hashFloat64, row, rowBlock, selectRows, substream } from '@xai/core';
import { checkTestOrder } from './checkTestOrder.js';

/** Which test rows a benchmark explains. */
export type InstanceOrder = 'file' | 'stratified';

export interface BenchmarkInstancesOptions {
  /**
   * 'file': the first `n` test rows in file order (OpenXAI's `X_test[:n]`, the released
   * protocol). 'stratified': a seeded sample of `n` rows with the test split's label
   * balance (largest-remainder quotas per label), kept in file order. @defaultValue 'file'
   */
  readonly order?: InstanceOrder;
  /** Seed of the 'stratified' sample. @defaultValue 0 */
  readonly seed?: number;
}

/** Defaults of {@link BenchmarkInstancesOptions}. */
export const BENCHMARK_INSTANCES_DEFAULTS = Object.freeze({ order: 'file' as InstanceOrder, seed: 0 });

/** The instances a benchmark explains. */
export interface BenchmarkInstances {
  /** The chosen test rows (a zero-copy view of the scaled test features for 'file'). */
  readonly x: Matrix;
  readonly y: Int32Array;
  /** Their row indices in the test split, ascending (0..count-1 for 'file'). */
  readonly indices: Int32Array;
  readonly count: number;
  readonly order: InstanceOrder;
  /** Sensitive group of each instance, when the dataset has one. */
  readonly groups?: Int32Array;
  /**
   * 'file' order only: why the first rows may not represent the test split (label balance
   * off by more than 5 points, or a sorted file); see `checkTestOrder`. Empty otherwise.
   */
  readonly warnings: readonly string[];
}

/** OpenXAI explains the first 1000 test rows. */
export const DEFAULT_BENCHMARK_INSTANCES = 1000;

/**
 * Rows of each label chosen by the smallest content-keyed hashes: a row's draw depends on
 * its values and the seed, not on where it sits in the file.
 */
function stratifiedRows(keyRows: Matrix, y: Int32Array, n: number, seed: number): Int32Array {
  const rows = y.length;
  let classes = 0;
  for (let i = 0; i < rows; i++) if (y[i]! + 1 > classes) classes = y[i]! + 1;
  const counts = new Int32Array(classes);
  for (let i = 0; i < rows; i++) counts[y[i]!]!++;
  // Largest-remainder quotas: floor(n * c_k / rows), the rest to the largest fractions.
  const quota = new Int32Array(classes);
  let given = 0;
  for (let k = 0; k < classes; k++) {
    quota[k] = Math.floor((n * counts[k]!) / rows);
    given += quota[k]!;
  }
  const byFraction = Array.from({ length: classes }, (_, k) => k).sort(
    (a, b) => ((n * counts[b]!) % rows) - ((n * counts[a]!) % rows) || a - b,
  );
  for (let t = 0; given < n; t++, given++) quota[byFraction[t]!]!++;

  const salt = substream(seed, 'benchmarkInstances', 'stratified').int(2 ** 32);
  const keys = new Uint32Array(rows);
  for (let i = 0; i < rows; i++) keys[i] = hashFloat64(row(keyRows, i), salt);
  const order = new Int32Array(rows);
  for (let i = 0; i < rows; i++) order[i] = i;
  // Ties (duplicate rows) fall back to file position, so the result is deterministic.
  order.sort((a, b) => keys[a]! - keys[b]! || a - b);
  const chosen = new Uint8Array(rows);
  for (let t = 0; t < rows; t++) {
    const i = order[t]!;
    if (quota[y[i]!]! > 0) {
      quota[y[i]!]!--;
      chosen[i] = 1;
    }
  }
  const out = new Int32Array(n);
  for (let i = 0, k = 0; i < rows; i++) if (chosen[i]) out[k++] = i;
  return out;
}

/**
 * The test instances a benchmark explains: by default the first `n` in file order (fewer
 * when the test split is smaller), as OpenXAI's `X_test[:n]`, with `warnings` when those
 * rows do not represent the test split; `order: 'stratified'` draws a seeded sample with
 * the split's label balance instead (rows keyed by their raw values when the dataset
 * carries them, so the choice does not depend on the scaling).
 * @example const { x, y, warnings } = benchmarkInstances(adult, 1000)
 * @example benchmarkInstances(gaussian, 1000, { order: 'stratified', seed: 1 })
 * @since 0.1.0
 */
export function benchmarkInstances(
  dataset: Dataset,
  n: number = DEFAULT_BENCHMARK_INSTANCES,
  options: BenchmarkInstancesOptions = {},
): BenchmarkInstances {
  checkOptions(options, ['order', 'seed'], 'benchmarkInstances');
  const fn = 'benchmarkInstances';
  if (!Number.isInteger(n) || n < 1)
    throw new XaiError('BAD_OPTION', `n must be a positive integer, got ${describeValue(n)}`, { fn, arg: 'n', value: n });
  const { order = BENCHMARK_INSTANCES_DEFAULTS.order, seed = BENCHMARK_INSTANCES_DEFAULTS.seed } = options;
  if (order !== 'file' && order !== 'stratified')
    throw new XaiError('BAD_OPTION', `order must be 'file' or 'stratified', got ${describeValue(order)}`, {
      fn,
      arg: 'order',
      value: order,
    });
  if (!Number.isSafeInteger(seed))
    throw new XaiError('BAD_OPTION', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  const test = dataset.test;
  const count = Math.min(n, test.x.rows);
  const groups = dataset.sensitive?.test;

  if (order === 'file' || count === test.x.rows) {
    const indices = new Int32Array(count);
    for (let i = 0; i < count; i++) indices[i] = i;
    const warnings = order === 'file' ? checkTestOrder(test, count, { featureNames: dataset.schema.names }).warnings : [];
    return {
      x: rowBlock(test.x, 0, count),
      y: test.y.subarray(0, count),
      indices,
      count,
      order,
      ...(groups ? { groups: groups.subarray(0, count) } : {}),
      warnings,
    };
  }
  const raw = (dataset as { raw?: { test?: Matrix } }).raw?.test;
  const keyRows = raw && raw.rows === test.x.rows ? raw : test.x;
  const indices = stratifiedRows(keyRows, test.y, count, seed);
  const y = new Int32Array(count);
  for (let k = 0; k < count; k++) y[k] = test.y[indices[k]!]!;
  let g: Int32Array | undefined;
  if (groups) {
    g = new Int32Array(count);
    for (let k = 0; k < count; k++) g[k] = groups[indices[k]!]!;
  }
  return { x: selectRows(test.x, indices), y, indices, count, order, ...(g ? { groups: g } : {}), warnings: [] };
}

import type { Split } from '@xai/core';
import { XaiError, checkOptions, describeValue, strideOf } from '@xai/core';

export interface CheckTestOrderOptions {
  /**
   * Largest gap, per class, between the label rates of the first `n` rows and of the whole
   * test split before a warning (0.05 = 5 percentage points). @defaultValue 0.05
   */
  readonly balanceTolerance?: number;
  /**
   * Sortedness tests are set so that a randomly ordered file trips one with probability
   * about this (per label, per feature). @defaultValue 1e-6
   */
  readonly alpha?: number;
  /** Feature names for the messages. @defaultValue the column index */
  readonly featureNames?: readonly string[];
}

/** Defaults of {@link CheckTestOrderOptions}. */
export const CHECK_TEST_ORDER_DEFAULTS = Object.freeze({ balanceTolerance: 0.05, alpha: 1e-6 });

/** What the order of a test split says about its first `n` rows. */
export interface TestOrderReport {
  /** Rows checked (`min(n, test rows)`) and test rows. */
  readonly count: number;
  readonly rows: number;
  /** Rate of each class (index = label) in the first `count` rows and in the whole split. */
  readonly labelRates: { readonly first: readonly number[]; readonly all: readonly number[] };
  /** max over classes of |first - all|. */
  readonly maxRateGap: number;
  /**
   * Longest run of one label in file order, and the length from which a run is unlikely
   * (probability < alpha) in a random order: `ceil(log(rows / alpha) / log(1 / p))`.
   */
  readonly longestRun: { readonly label: number; readonly length: number; readonly start: number; readonly limit: number };
  /**
   * Largest lag-1 autocorrelation over features in file order; a random order gives about
   * N(0, 1/rows), so the limit is `z / sqrt(rows)` with z the normal quantile for alpha.
   */
  readonly featureLag1: { readonly feature: number; readonly r: number; readonly limit: number; readonly over: number };
  /** Empty when the first `count` rows look representative (always empty when count = rows). */
  readonly warnings: readonly string[];
}

/** Upper normal quantile for a small tail probability (Abramowitz-Stegun 26.2.23, |error| < 5e-4). */
function normalQuantile(alpha: number): number {
  const t = Math.sqrt(-2 * Math.log(alpha));
  return t - (2.515517 + 0.802853 * t + 0.010328 * t * t) / (1 + 1.432788 * t + 0.189269 * t * t + 0.001308 * t * t * t);
}

/**
 * Checks whether the first `n` test rows (what OpenXAI explains) represent the test split:
 * their label balance against the whole split, and signs that the file is sorted (a run of
 * one label far longer than chance, or a feature that drifts along the file, e.g. rows
 * grouped by cluster). Warnings only when `n` is smaller than the split.
 * @example checkTestOrder(ds.test, 1000).warnings
 * @since 0.1.0
 */
export function checkTestOrder(test: Split, n: number, options: CheckTestOrderOptions = {}): TestOrderReport {
  const fn = 'checkTestOrder';
  checkOptions(options, ['balanceTolerance', 'alpha', 'featureNames'], fn);
  const { balanceTolerance = CHECK_TEST_ORDER_DEFAULTS.balanceTolerance, alpha = CHECK_TEST_ORDER_DEFAULTS.alpha } = options;
  if (!Number.isInteger(n) || n < 1)
    throw new XaiError('BAD_OPTION', `n must be a positive integer, got ${describeValue(n)}`, { fn, arg: 'n', value: n });
  if (!(balanceTolerance >= 0 && balanceTolerance < 1))
    throw new XaiError('BAD_OPTION', `balanceTolerance must be in [0, 1), got ${describeValue(balanceTolerance)}`, {
      fn,
      arg: 'balanceTolerance',
      value: balanceTolerance,
    });
  if (!(alpha > 0 && alpha < 0.5))
    throw new XaiError('BAD_OPTION', `alpha must be in (0, 0.5), got ${describeValue(alpha)}`, { fn, arg: 'alpha', value: alpha });
  const { x, y } = test;
  const rows = y.length;
  if (rows === 0 || x.rows !== rows)
    throw new XaiError('BAD_INPUT', `test split has ${x.rows} feature rows and ${rows} labels`, { fn, arg: 'test', value: rows });
  const count = Math.min(n, rows);

  // Label balance: first `count` rows against all.
  let classes = 0;
  for (let i = 0; i < rows; i++) if (y[i]! + 1 > classes) classes = y[i]! + 1;
  const firstCounts = new Float64Array(classes);
  const allCounts = new Float64Array(classes);
  for (let i = 0; i < rows; i++) {
    allCounts[y[i]!]!++;
    if (i < count) firstCounts[y[i]!]!++;
  }
  const first = Array.from(firstCounts, (c) => c / count);
  const all = Array.from(allCounts, (c) => c / rows);
  let maxRateGap = 0;
  let gapClass = 0;
  for (let k = 0; k < classes; k++) {
    const g = Math.abs(first[k]! - all[k]!);
    if (g > maxRateGap) {
      maxRateGap = g;
      gapClass = k;
    }
  }

  // Longest run of one label. Union bound: P(some run of label k >= L) <= rows * p_k^L.
  let best = { label: y[0]!, length: 1, start: 0 };
  for (let i = 1, start = 0; i <= rows; i++) {
    if (i === rows || y[i] !== y[start]) {
      if (i - start > best.length) best = { label: y[start]!, length: i - start, start };
      start = i;
    }
  }
  const p = all[best.label]!;
  const limit = p < 1 ? Math.ceil(Math.log(rows / alpha) / Math.log(1 / p)) : Infinity;
  const longestRun = { ...best, limit };

  // Lag-1 autocorrelation of every feature in file order, one pass per statistic.
  const d = x.cols;
  const stride = strideOf(x);
  const off = x.offset ?? 0;
  const data = x.data;
  const mean = new Float64Array(d);
  for (let i = 0; i < rows; i++) for (let j = 0, b = off + i * stride; j < d; j++) mean[j] = mean[j]! + data[b + j]!;
  for (let j = 0; j < d; j++) mean[j]! /= rows;
  const ss = new Float64Array(d);
  const lag = new Float64Array(d);
  for (let i = 0; i < rows; i++) {
    const b = off + i * stride;
    for (let j = 0; j < d; j++) {
      const u = data[b + j]! - mean[j]!;
      ss[j] = ss[j]! + u * u;
      if (i + 1 < rows) lag[j] = lag[j]! + u * (data[b + stride + j]! - mean[j]!);
    }
  }
  const rLimit = normalQuantile(alpha) / Math.sqrt(rows);
  let feature = -1;
  let rMax = 0;
  let over = 0;
  for (let j = 0; j < d; j++) {
    if (!(ss[j]! > 0)) continue; // constant column: no order to see
    const r = lag[j]! / ss[j]!;
    if (r > rLimit) over++;
    if (feature < 0 || r > rMax) {
      feature = j;
      rMax = r;
    }
  }
  const featureLag1 = { feature, r: rMax, limit: rLimit, over };

  // One warning naming every reason, so that summaries stay one line per problem.
  const reasons: string[] = [];
  if (count < rows) {
    const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
    if (maxRateGap > balanceTolerance) {
      reasons.push(
        `their label balance differs from the whole split by ${(100 * maxRateGap).toFixed(1)} points (label ${gapClass}: ${pct(first[gapClass]!)} vs ${pct(all[gapClass]!)})`,
      );
    }
    if (longestRun.length >= limit) {
      reasons.push(
        `the file looks sorted: label ${longestRun.label} runs for ${longestRun.length} rows from row ${longestRun.start} (a random order gives runs under ${limit})`,
      );
    }
    if (over > 0) {
      const name = options.featureNames?.[feature] !== undefined ? JSON.stringify(options.featureNames[feature]) : `feature ${feature}`;
      reasons.push(
        `the file looks sorted: ${over} of ${d} features drift along it (lag-1 autocorrelation up to ${rMax.toFixed(3)}, at ${name}; a random order gives under ${rLimit.toFixed(3)})`,
      );
    }
  }
  const warnings =
    reasons.length === 0
      ? []
      : [
          `the first ${count} of ${rows} test rows may not represent the test split: ${reasons.join('; ')}. benchmarkInstances(ds, ${count}, { order: 'stratified' }) draws a seeded label-stratified sample instead`,
        ];
  return { count, rows, labelRates: { first, all }, maxRateGap, longestRun, featureLag1, warnings };
}

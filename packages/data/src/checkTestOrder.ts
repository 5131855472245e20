import type { Split } from '@xai/core';
import { XaiError, checkOptions, intOption, numberOption, strideOf } from '@xai/core';

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
  const d = CHECK_TEST_ORDER_DEFAULTS;
  intOption(n, fn, 'n', { min: 1 });
  const balanceTolerance = numberOption(options.balanceTolerance, fn, 'balanceTolerance', {
    min: 0,
    below: 1,
    fallback: d.balanceTolerance,
  });
  const alpha = numberOption(options.alpha, fn, 'alpha', { above: 0, below: 0.5, fallback: d.alpha });
  const { x, y } = test;
  const rows = y.length;
  if (rows === 0 || x.rows !== rows)
    throw new XaiError('BAD_INPUT', `test split has ${x.rows} feature rows and ${rows} labels`, { fn, arg: 'test', value: rows });
  const count = Math.min(n, rows);
  // Three signs of a sorted file: the first rows' label balance, a long run of one label, features drifting along the file.
  const balance = labelBalance(y, count);
  const longestRun = longestLabelRun(y, balance.all, alpha);
  const featureLag1 = featureDrift(x, alpha);
  const reasons = count < rows ? orderReasons(balance, longestRun, featureLag1, balanceTolerance, x.cols, options.featureNames) : [];
  const warnings =
    reasons.length === 0
      ? []
      : [
          `the first ${count} of ${rows} test rows may not represent the test split: ${reasons.join('; ')}. benchmarkInstances(ds, ${count}, { order: 'stratified' }) draws a seeded label-stratified sample instead`,
        ];
  const { first, all, maxRateGap } = balance;
  return { count, rows, labelRates: { first, all }, maxRateGap, longestRun, featureLag1, warnings };
}

interface LabelBalance {
  readonly first: number[];
  readonly all: number[];
  readonly maxRateGap: number;
  readonly gapClass: number;
}

/** Label rates of the first `count` rows against all rows, and the class where they differ most. */
function labelBalance(y: Int32Array, count: number): LabelBalance {
  const rows = y.length;
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
  return { first, all, maxRateGap, gapClass };
}

/** Longest run of one label, and its limit. Union bound: P(some run of label k >= L) <= rows * p_k^L. */
function longestLabelRun(y: Int32Array, rates: readonly number[], alpha: number): TestOrderReport['longestRun'] {
  const rows = y.length;
  let best = { label: y[0]!, length: 1, start: 0 };
  for (let i = 1, start = 0; i <= rows; i++) {
    if (i === rows || y[i] !== y[start]) {
      if (i - start > best.length) best = { label: y[start]!, length: i - start, start };
      start = i;
    }
  }
  const p = rates[best.label]!;
  const limit = p < 1 ? Math.ceil(Math.log(rows / alpha) / Math.log(1 / p)) : Infinity;
  return { ...best, limit };
}

/** Lag-1 autocorrelation of every feature in file order, one pass per statistic. */
function featureDrift(x: Split['x'], alpha: number): TestOrderReport['featureLag1'] {
  const rows = x.rows;
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
  return { feature, r: rMax, limit: rLimit, over };
}

/** One reason per sign found, so that summaries stay one line per problem. */
function orderReasons(
  balance: LabelBalance,
  run: TestOrderReport['longestRun'],
  lag1: TestOrderReport['featureLag1'],
  balanceTolerance: number,
  d: number,
  featureNames: readonly string[] | undefined,
): string[] {
  const reasons: string[] = [];
  const pct = (v: number): string => `${(100 * v).toFixed(1)}%`;
  const { first, all, maxRateGap, gapClass } = balance;
  if (maxRateGap > balanceTolerance) {
    reasons.push(
      `their label balance differs from the whole split by ${(100 * maxRateGap).toFixed(1)} points (label ${gapClass}: ${pct(first[gapClass]!)} vs ${pct(all[gapClass]!)})`,
    );
  }
  if (run.length >= run.limit) {
    reasons.push(
      `the file looks sorted: label ${run.label} runs for ${run.length} rows from row ${run.start} (a random order gives runs under ${run.limit})`,
    );
  }
  if (lag1.over > 0) {
    const name = featureNames?.[lag1.feature] !== undefined ? JSON.stringify(featureNames[lag1.feature]) : `feature ${lag1.feature}`;
    reasons.push(
      `the file looks sorted: ${lag1.over} of ${d} features drift along it (lag-1 autocorrelation up to ${lag1.r.toFixed(3)}, at ${name}; a random order gives under ${lag1.limit.toFixed(3)})`,
    );
  }
  return reasons;
}

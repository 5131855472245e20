import { XaiError, checkOptions, createRng, describeValue } from '@xai/core';
import type { MetricInfo, MetricResult } from '@xai/core';
import { SUBGROUP_KEYS, positiveInt, probability, seedOption } from '../internal/options.js';
import { quantileSorted } from '../internal/summaries.js';

/** Static facts about the subgroup comparison (fairness, OpenXAI app. A and §3). @since 0.1.0 */
export const subgroupComparisonInfo = {
  id: 'SUBGROUP',
  name: 'Subgroup comparison (fairness)',
  family: 'fairness',
  direction: 'lower-is-better',
  requires: ['groups'],
  reference: 'Agarwal et al. 2022 (OpenXAI) app. A, §3, fig. 1-2',
} as const satisfies MetricInfo;

/** Options of {@link subgroupComparison}. @since 0.1.0 */
export interface SubgroupComparisonOptions {
  /** Bootstrap resamples for the disparity's interval (0 = none). @defaultValue 1000 */
  readonly bootstrap?: number;
  /** Seed of the bootstrap stream. @defaultValue 0 */
  readonly seed?: number;
  /** Two-sided level of the percentile interval. @defaultValue 0.95 */
  readonly confidence?: number;
  /** The two groups compared: disparity = mean(first) - mean(second). @defaultValue [0, 1] */
  readonly compare?: readonly [number, number];
  /** Names of the groups (e.g. the dataset's `sensitive.groups`). */
  readonly groupNames?: readonly string[];
}

/** One subgroup's summary. @since 0.1.0 */
export interface SubgroupSummary {
  readonly group: number;
  readonly name: string;
  /** Instances in the group with a defined value. */
  readonly count: number;
  /** Instances in the group whose value is undefined (NaN), excluded from its mean. */
  readonly undefinedCount: number;
  readonly mean: number;
  readonly se: number;
}

/** Result of {@link subgroupComparison}. @since 0.1.0 */
export interface SubgroupComparisonResult {
  readonly metric: string;
  readonly groups: readonly SubgroupSummary[];
  readonly compare: readonly [number, number];
  /** mean(compare[0]) - mean(compare[1]). */
  readonly disparity: number;
  /** Largest minus smallest group mean over all groups with values. */
  readonly range: number;
  /** Stratified percentile bootstrap of the disparity (resampling within each group). */
  readonly ci: { readonly level: number; readonly lower: number; readonly upper: number; readonly se: number; readonly resamples: number };
}

/** The per-instance values of `values` (a Float64Array or a MetricResult's `values`). */
function checkedValues(values: Float64Array | MetricResult, fn: string): Float64Array {
  const v = values instanceof Float64Array ? values : values?.values;
  if (!(v instanceof Float64Array))
    throw new XaiError('BAD_INPUT', `expected a Float64Array or a MetricResult, got ${describeValue(values)}`, {
      fn,
      arg: 'values',
      value: values,
    });
  return v;
}

/** Checks one integer group index >= 0 per value; returns the number of groups they name (largest + 1). */
function checkedGroupCount(groups: ArrayLike<number>, count: number, fn: string): number {
  if (groups === null || typeof groups !== 'object' || typeof groups.length !== 'number') {
    throw new XaiError('BAD_INPUT', `expected an array of group indices, got ${describeValue(groups)}`, {
      fn,
      arg: 'groups',
      value: groups,
    });
  }
  if (groups.length !== count)
    throw new XaiError('SHAPE_MISMATCH', `${groups.length} group indices for ${count} values`, {
      fn,
      arg: 'groups',
      value: groups.length,
    });
  let G = 0;
  for (let i = 0; i < groups.length; i++) {
    const g = groups[i]!;
    if (!Number.isInteger(g) || g < 0)
      throw new XaiError('BAD_INPUT', `group of instance ${i} is ${describeValue(g)}, expected an integer >= 0`, {
        fn,
        arg: 'groups',
        value: g,
        index: i,
      });
    G = Math.max(G, g + 1);
  }
  return G;
}

/** The two different group indices compared. @defaultValue [0, 1] */
function checkedCompare(compare: readonly [number, number] | undefined, fn: string): readonly [number, number] {
  const c = compare ?? [0, 1];
  if (!Array.isArray(c) || c.length !== 2 || c.some((g) => !Number.isInteger(g) || g < 0) || c[0] === c[1]) {
    throw new XaiError('BAD_OPTION', `compare must be two different group indices, got ${describeValue(c)}`, {
      fn,
      arg: 'compare',
      value: c,
    });
  }
  return c;
}

/** Each group's defined values, sorted (order-free resampling), and the count of its undefined (NaN) ones. */
function sortedGroupValues(v: Float64Array, groups: ArrayLike<number>, G: number): { sorted: Float64Array[]; undefinedCounts: Int32Array } {
  const lists: number[][] = Array.from({ length: G }, () => []);
  const undefinedCounts = new Int32Array(G);
  for (let i = 0; i < v.length; i++) {
    const g = groups[i]!;
    if (Number.isNaN(v[i]!)) undefinedCounts[g]! += 1;
    else lists[g]!.push(v[i]!);
  }
  return { sorted: lists.map((l) => Float64Array.from(l).sort()), undefinedCounts };
}

/** Group g's count, mean and standard error of the mean (NaN without values / with one value). */
function summarizeGroup(s: Float64Array, g: number, undefinedCount: number, name: string): SubgroupSummary {
  const m = s.length;
  let sum = 0;
  for (let i = 0; i < m; i++) sum += s[i]!;
  const mean = m > 0 ? sum / m : Number.NaN;
  let ss = 0;
  for (let i = 0; i < m; i++) ss += (s[i]! - mean) ** 2;
  return { group: g, name, count: m, undefinedCount, mean, se: m > 1 ? Math.sqrt(ss / (m - 1) / m) : Number.NaN };
}

/** Largest minus smallest mean over the groups with values (NaN when none has any). */
function meanRange(summaries: readonly SubgroupSummary[]): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of summaries)
    if (s.count > 0) {
      lo = Math.min(lo, s.mean);
      hi = Math.max(hi, s.mean);
    }
  return hi >= lo ? hi - lo : Number.NaN;
}

/** Stratified percentile bootstrap of mean(sa) - mean(sb): B resamples, each group within itself (NaN fields when B = 0 or a group is empty). */
function bootstrapInterval(sa: Float64Array, sb: Float64Array, B: number, seed: number, level: number): SubgroupComparisonResult['ci'] {
  if (!(B > 0 && sa.length > 0 && sb.length > 0)) return { level, lower: Number.NaN, upper: Number.NaN, se: Number.NaN, resamples: 0 };
  const rng = createRng(seed).fork('subgroup-bootstrap');
  const draws = new Float64Array(B);
  for (let r = 0; r < B; r++) draws[r] = resampledMean(sa, rng) - resampledMean(sb, rng);
  let mean = 0;
  for (let r = 0; r < B; r++) mean += draws[r]!;
  mean /= B;
  let ss = 0;
  for (let r = 0; r < B; r++) ss += (draws[r]! - mean) ** 2;
  draws.sort();
  return {
    level,
    lower: quantileSorted(draws, (1 - level) / 2),
    upper: quantileSorted(draws, 1 - (1 - level) / 2),
    se: B > 1 ? Math.sqrt(ss / (B - 1)) : Number.NaN,
    resamples: B,
  };
}

function resampledMean(s: Float64Array, rng: { int(n: number): number }): number {
  const m = s.length;
  let sum = 0;
  for (let i = 0; i < m; i++) sum += s[rng.int(m)]!;
  return sum / m;
}

/**
 * Per-subgroup means of a metric's per-instance values, the disparity between two groups and
 * a stratified bootstrap confidence interval of it. Undefined values (NaN) are excluded and
 * counted per group. The bootstrap resamples each group's values in sorted order, so the
 * result does not depend on the order of the instances.
 * @example
 *   subgroupComparison(pgu(input).values, dataset.sensitive.test, { groupNames: dataset.sensitive.groups })
 * @since 0.1.0
 */
export function subgroupComparison(
  values: Float64Array | MetricResult,
  groups: ArrayLike<number>,
  options: SubgroupComparisonOptions = {},
): SubgroupComparisonResult {
  const fn = 'subgroupComparison';
  checkOptions(options, SUBGROUP_KEYS, fn);
  const v = checkedValues(values, fn);
  const named = checkedGroupCount(groups, v.length, fn);
  const B = options.bootstrap === 0 ? 0 : positiveInt(options.bootstrap, fn, 'bootstrap', 1000);
  const seed = seedOption(options.seed, fn, 'seed');
  const level = probability(options.confidence, fn, 'confidence', 0.95);
  const [a, b] = checkedCompare(options.compare, fn);
  const G = Math.max(named, a + 1, b + 1);
  if (G < 2) throw new XaiError('EMPTY', 'need at least two groups', { fn, arg: 'groups', value: G });

  const { sorted, undefinedCounts } = sortedGroupValues(v, groups, G);
  const summaries = sorted.map((s, g) => summarizeGroup(s, g, undefinedCounts[g]!, options.groupNames?.[g] ?? String(g)));
  const disparity = summaries[a]!.mean - summaries[b]!.mean;
  const ci = bootstrapInterval(sorted[a]!, sorted[b]!, B, seed, level);
  const metric = values instanceof Float64Array ? 'values' : values.metric;
  return { metric, groups: summaries, compare: [a, b], disparity, range: meanRange(summaries), ci };
}

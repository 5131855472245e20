import { XaiError, assertFinite, assertMatrix, checkOptions, describeValue, row, summarizeValues } from '@xai/core';
import type { AnyPreset, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption } from '../internal/options.js';
import { NOT_CONSTANT } from '../internal/metricPeers.js';

/** Options of {@link kendallTau}. @since 0.2.0 */
export interface KendallTauOptions {
  /**
   * What is ranked, as RC / PRA's option: 'magnitude' ranks |value| (OpenXAI's convention);
   * 'signed' ranks the values themselves (Quantus' KendallTau similarity), so e = −g scores −1.
   * @defaultValue 'magnitude'
   */
  readonly ranking?: 'magnitude' | 'signed';
  /** Accepted for a uniform runner; no preset changes Kendall's τ-b (scipy's). @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<KendallTauOptions> = ['ranking', 'preset'];

/** Static facts about Kendall's tau. @since 0.2.0 */
export const kendallTauInfo = {
  id: 'KENDALL_TAU',
  name: "Kendall's τ-b with the ground truth",
  family: 'agreement',
  direction: 'higher-is-better',
  requires: ['attributions', 'ground-truth'],
  reference:
    'Kendall 1945, "The treatment of ties in ranking problems" (τ-b); scipy.stats.kendalltau; Quantus similarity_func=correlation_kendall_tau',
  representation: 'any',
  definedWhen: NOT_CONSTANT,
  peer: { library: 'scipy', name: 'scipy.stats.kendalltau (tau-b)' },
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful: a fixed ranking agrees with the ground truth as far as it is global',
  nullMeaningful: true,
  nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
} as const;

/**
 * τ-b of two equal-length vectors: (P − Q) / sqrt((n0 − n1)(n0 − n2)) with P/Q the concordant
 * and discordant pairs, n0 = n(n−1)/2, n1/n2 the pairs tied in a/b; NaN when either side is
 * constant. O(d²): d is a feature count.
 * @example kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])  // -0.4714045207910317 (scipy's docs)
 * @since 0.2.0
 */
export function kendallTauB(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  if (b.length !== n)
    throw new XaiError('SHAPE_MISMATCH', `lengths differ: ${n} vs ${b.length}`, { fn: 'kendallTauB', arg: 'b', value: b.length });
  let s = 0;
  let tiesA = 0;
  let tiesB = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const da = Math.sign(a[i]! - a[j]!);
      const db = Math.sign(b[i]! - b[j]!);
      if (da === 0) tiesA++;
      if (db === 0) tiesB++;
      s += da * db;
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const den = Math.sqrt((n0 - tiesA) * (n0 - tiesB));
  return den > 0 ? Math.max(-1, Math.min(1, s / den)) : Number.NaN;
}

/**
 * Kendall's τ-b per row between the attributions and the ground truth (`input.groundTruth`,
 * n x d or 1 x d shared), on |values| by default or signed values with `ranking: 'signed'`.
 * Undefined (NaN, counted) when a row is constant. Higher is better.
 * @example kendallTau({ x, attributions, groundTruth }).mean
 * @since 0.2.0
 */
export function kendallTau(input: ExtendedMetricInput, options: KendallTauOptions = {}): MetricResult {
  const fn = 'kendallTau';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const ranking = o.ranking ?? 'magnitude';
  if (ranking !== 'magnitude' && ranking !== 'signed')
    throw new XaiError('BAD_OPTION', `ranking must be 'magnitude' or 'signed', got ${describeValue(ranking)}`, {
      fn,
      arg: 'options.ranking',
      value: ranking,
    });
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const gt = input.groundTruth;
  if (gt === undefined)
    throw new XaiError('BAD_INPUT', 'this metric needs groundTruth (n x d or 1 x d)', { fn, arg: 'input.groundTruth', value: undefined });
  assertMatrix(gt, fn, 'input.groundTruth', { cols: d });
  if (gt.rows !== n && gt.rows !== 1)
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} rows or 1, got ${gt.rows}`, { fn, arg: 'input.groundTruth', value: gt.rows });
  assertFinite(gt, fn, 'input.groundTruth');
  const signed = ranking === 'signed';
  const a = new Float64Array(d);
  const g = new Float64Array(d);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    const t = row(gt, gt.rows === 1 ? 0 : i);
    for (let j = 0; j < d; j++) {
      a[j] = signed ? e[j]! : Math.abs(e[j]!);
      g[j] = signed ? t[j]! : Math.abs(t[j]!);
    }
    values[i] = kendallTauB(a, g);
  }
  return summarizeValues('KENDALL_TAU', values);
}

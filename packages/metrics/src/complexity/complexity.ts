import { checkOptions, row, summarizeValues } from '@xai/core';
import type { AnyPreset, MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption } from '../internal/options.js';
import { quantusAttributions } from '../internal/quantusAttributions.js';
import { NONZERO, quantusPeer } from '../internal/metricPeers.js';
import { PERMUTATION_INVARIANT } from '../internal/shortcutNotes.js';

/** Options of {@link complexity}. @since 0.2.0 */
export interface ComplexityOptions {
  /**
   * `quantus`: Quantus' Complexity exactly — the batch divided by its largest |a|, |·|, then
   * −Σ P_j ln(P_j + 1e-12). Every other preset: −Σ P_j ln P_j with 0 ln 0 = 0. An all-zero row is
   * undefined under both. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
}

/** Quantus' guard inside the logarithm. */
const QUANTUS_LOG_GUARD = 1e-12;

/** Static facts about complexity. @since 0.2.0 */
export const complexityInfo = {
  id: 'COMPLEXITY',
  name: 'Complexity (entropy of |attribution| fractions)',
  family: 'complexity',
  direction: 'lower-is-better',
  requires: ['attributions'],
  reference: 'Bhatt et al. 2020, "Evaluating and Aggregating Feature-based Model Explanations", eq. 4 (μ_C); Quantus Complexity',
  representation: 'any',
  definedWhen: NONZERO,
  peer: quantusPeer('Complexity'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful as a reference: a shortcut explanation has its own entropy (a one-hot shortcut scores the best)',
  nullMeaningful: false,
  nullNote: PERMUTATION_INVARIANT,
} as const;

/**
 * Complexity (Bhatt et al. 2020): the entropy (natural log, as scipy.stats.entropy in Quantus)
 * of the fractional contributions P_j = |Φ_j| / Σ_k |Φ_k|, H = −Σ P_j ln P_j (0 ln 0 = 0):
 * 0 for one-hot, ln d for equal magnitudes. An all-zero row is undefined (NaN, counted).
 * Lower is simpler.
 * @example complexity({ x, attributions }).mean
 * @since 0.2.0
 */
export function complexity(input: ExtendedMetricInput, options: ComplexityOptions = {}): MetricResult {
  const fn = 'complexity';
  const o = checkOptions(options, ['preset'], fn);
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const values = new Float64Array(n);
  const normalised = quantus ? quantusAttributions(attributions) : null;
  const a = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    if (normalised === null) {
      const e = row(attributions, i);
      for (let j = 0; j < d; j++) a[j] = Math.abs(e[j]!);
    } else a.set(normalised.subarray(i * d, (i + 1) * d));
    values[i] = entropy(a, quantus ? QUANTUS_LOG_GUARD : 0);
  }
  return summarizeValues('COMPLEXITY', values);
}

/** Entropy of the fractions a_j / Σ a (NaN for Σ a = 0); `guard` > 0 is Quantus' ln(P + guard). */
function entropy(a: Float64Array, guard: number): number {
  let total = 0;
  for (let j = 0; j < a.length; j++) total += a[j]!;
  if (!(total > 0)) return Number.NaN;
  let h = 0;
  for (let j = 0; j < a.length; j++) {
    const p = a[j]! / total;
    if (guard > 0) h -= p * Math.log(p + guard);
    else if (p > 0) h -= p * Math.log(p);
  }
  return h;
}

import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';

/** Options of {@link complexity} (none yet; unknown keys are errors). @since 0.2.0 */
export type ComplexityOptions = Record<string, never>;

/** Static facts about complexity. @since 0.2.0 */
export const complexityInfo = {
  id: 'COMPLEXITY',
  name: 'Complexity (entropy of |attribution| fractions)',
  family: 'complexity',
  direction: 'lower-is-better',
  requires: ['attributions'],
  reference: 'Bhatt et al. 2020, "Evaluating and Aggregating Feature-based Model Explanations", eq. 4 (μ_C); Quantus Complexity',
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
  checkOptions(options, [], fn);
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let total = 0;
    for (let j = 0; j < d; j++) total += Math.abs(e[j]!);
    if (!(total > 0)) {
      values[i] = Number.NaN;
      continue;
    }
    let h = 0;
    for (let j = 0; j < d; j++) {
      const p = Math.abs(e[j]!) / total;
      if (p > 0) h -= p * Math.log(p);
    }
    values[i] = h;
  }
  return summarizeValues('COMPLEXITY', values);
}

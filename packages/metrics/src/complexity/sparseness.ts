import { checkOptions, row, summarizeValues } from '@xai/core';
import type { MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';

/** Options of {@link sparseness} (none yet; unknown keys are errors). @since 0.2.0 */
export type SparsenessOptions = Record<string, never>;

/** Static facts about sparseness. @since 0.2.0 */
export const sparsenessInfo = {
  id: 'SPARSENESS',
  name: 'Sparseness (Gini index of |attribution|)',
  family: 'complexity',
  direction: 'higher-is-better',
  requires: ['attributions'],
  reference:
    'Chalasani et al. 2020, "Concise Explanations of Neural Networks using Adversarial Training", §5 (Gini index); Quantus Sparseness',
} as const;

/**
 * Sparseness (Chalasani et al. 2020): the Gini index of a = |Φ(x)| sorted ascending,
 * G = Σ_{k=1..d} (2k − d − 1) a_(k) / (d Σ a) — 0 for equal magnitudes, (d − 1)/d for a
 * one-hot vector. Quantus adds 1e-7 to every entry; here an all-zero row is undefined
 * (NaN, counted) instead. Needs only the attributions. Higher is sparser.
 * @example sparseness({ x, attributions }).mean
 * @since 0.2.0
 */
export function sparseness(input: ExtendedMetricInput, options: SparsenessOptions = {}): MetricResult {
  const fn = 'sparseness';
  checkOptions(options, [], fn);
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const values = new Float64Array(n);
  const a = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let total = 0;
    for (let j = 0; j < d; j++) {
      a[j] = Math.abs(e[j]!);
      total += a[j]!;
    }
    if (!(total > 0)) {
      values[i] = Number.NaN;
      continue;
    }
    a.sort();
    let acc = 0;
    for (let k = 0; k < d; k++) acc += (2 * (k + 1) - d - 1) * a[k]!;
    values[i] = acc / (d * total);
  }
  return summarizeValues('SPARSENESS', values);
}

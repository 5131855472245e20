import { XaiError, checkOptions, row, summarizeValues } from '@xai/core';
import type { AnyPreset, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, numberAtLeast } from '../internal/options.js';
import { quantusAttributions } from '../internal/quantusAttributions.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';
import { PERMUTATION_INVARIANT } from '../internal/shortcutNotes.js';

/** Options of {@link effectiveComplexity}. @since 0.2.0 */
export interface EffectiveComplexityOptions {
  /** Threshold ε (Quantus `eps`). @defaultValue 1e-5 */
  readonly eps?: number;
  /** Compare |Φ_j| / max_k |Φ_k| (the row's maximum) with ε instead of the raw |Φ_j|. @defaultValue true */
  readonly relative?: boolean;
  /**
   * `quantus`: Quantus' EffectiveComplexity exactly — |Φ| divided by its largest value over the
   * whole batch (normalise_by_max), not per row; `relative` must then be left out. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<EffectiveComplexityOptions> = ['eps', 'relative', 'preset'];

/** Static facts about effective complexity. @since 0.2.0 */
export const effectiveComplexityInfo = {
  id: 'EFFECTIVE_COMPLEXITY',
  name: 'Effective complexity (features with |attribution| > ε)',
  family: 'complexity',
  direction: 'lower-is-better',
  requires: ['attributions'],
  reference:
    'Nguyen & Martínez 2020, "On Quantitative Aspects of Model Interpretability", §3.3 (effective complexity); Quantus EffectiveComplexity',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('EffectiveComplexity'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: "meaningful as a reference: counts the shortcut's non-zero features",
  nullMeaningful: false,
  nullNote: PERMUTATION_INVARIANT,
} as const;

/**
 * Effective complexity (Nguyen & Martínez 2020): the number of features whose attribution
 * magnitude exceeds ε, #{j : |Φ_j| > ε}, with |Φ| scaled by its row maximum first when
 * `relative` (so the count does not depend on the output's scale; an all-zero row counts 0).
 * Lower is simpler.
 * @example effectiveComplexity({ x, attributions }, { eps: 1e-5 }).mean
 * @since 0.2.0
 */
export function effectiveComplexity(input: ExtendedMetricInput, options: EffectiveComplexityOptions = {}): MetricResult {
  const fn = 'effectiveComplexity';
  const o = checkOptions(options, KEYS, fn);
  const eps = numberAtLeast(o.eps ?? 1e-5, 0, fn, 'options.eps');
  const quantus = anyPresetOption(o.preset, fn) === 'quantus';
  if (quantus && o.relative !== undefined)
    throw new XaiError('BAD_OPTION', "the quantus preset normalises by the batch maximum; leave 'relative' out", {
      fn,
      arg: 'options.relative',
      value: o.relative,
    });
  const relative = o.relative ?? true;
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const values = new Float64Array(n);
  if (quantus) {
    const a = quantusAttributions(attributions);
    for (let i = 0; i < n; i++) {
      let count = 0;
      for (let j = 0; j < d; j++) if (a[i * d + j]! > eps) count++;
      values[i] = count;
    }
    return summarizeValues('EFFECTIVE_COMPLEXITY', values);
  }
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let max = 0;
    for (let j = 0; j < d; j++) max = Math.max(max, Math.abs(e[j]!));
    const scale = relative && max > 0 ? 1 / max : 1;
    let count = 0;
    for (let j = 0; j < d; j++) if (Math.abs(e[j]!) * scale > eps) count++;
    values[i] = count;
  }
  return summarizeValues('EFFECTIVE_COMPLEXITY', values);
}

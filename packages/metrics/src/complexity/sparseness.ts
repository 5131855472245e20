import { checkOptions, row, summarizeValues } from '@xai/core';
import type { AnyPreset, MetricResult } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption } from '../internal/options.js';
import { quantusAttributions } from '../internal/quantusAttributions.js';
import { NONZERO, quantusPeer } from '../internal/metricPeers.js';
import { PERMUTATION_INVARIANT } from '../internal/shortcutNotes.js';

/** Options of {@link sparseness}. @since 0.2.0 */
export interface SparsenessOptions {
  /**
   * `quantus`: Quantus' Sparseness exactly — the batch divided by its largest |a|, |·|, 1e-7
   * added to every entry (an all-zero row scores 0). Every other preset: the Gini index of |a| per
   * row, an all-zero row undefined. @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
}

/** Quantus' shift of every normalised |attribution| before the Gini index. */
const QUANTUS_SHIFT = 1e-7;

/** Static facts about sparseness. @since 0.2.0 */
export const sparsenessInfo = {
  id: 'SPARSENESS',
  name: 'Sparseness (Gini index of |attribution|)',
  family: 'complexity',
  direction: 'higher-is-better',
  requires: ['attributions'],
  reference:
    'Chalasani et al. 2020, "Concise Explanations of Neural Networks using Adversarial Training", §5 (Gini index); Quantus Sparseness',
  representation: 'any',
  definedWhen: `${NONZERO} (under quantus always)`,
  peer: quantusPeer('Sparseness'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful as a reference: a shortcut explanation has its own concentration (a one-hot shortcut scores the best)',
  nullMeaningful: false,
  nullNote: PERMUTATION_INVARIANT,
} as const;

/**
 * Sparseness (Chalasani et al. 2020): the Gini index of a = |Φ(x)| sorted ascending,
 * G = Σ_{k=1..d} (2k − d − 1) a_(k) / (d Σ a) — 0 for equal magnitudes, (d − 1)/d for a
 * one-hot vector. An all-zero row is undefined (NaN, counted); the `quantus` preset adds 1e-7
 * to every entry of the batch-normalised |a| as Quantus does (an all-zero row then scores 0).
 * Needs only the attributions. Higher is sparser.
 * @example sparseness({ x, attributions }).mean
 * @since 0.2.0
 */
export function sparseness(input: ExtendedMetricInput, options: SparsenessOptions = {}): MetricResult {
  const fn = 'sparseness';
  const o = checkOptions(options, ['preset'], fn);
  const preset = anyPresetOption(o.preset, fn);
  const { n, d, attributions } = prepare(fn, input, ['attributions']);
  const values = new Float64Array(n);
  const a = new Float64Array(d);
  const normalised = preset === 'quantus' ? quantusAttributions(attributions) : null;
  for (let i = 0; i < n; i++) {
    if (normalised === null) absRow(row(attributions, i), a);
    else for (let j = 0; j < d; j++) a[j] = normalised[i * d + j]! + QUANTUS_SHIFT;
    values[i] = gini(a);
  }
  return summarizeValues('SPARSENESS', values);
}

function absRow(e: ArrayLike<number>, out: Float64Array): void {
  for (let j = 0; j < out.length; j++) out[j] = Math.abs(e[j]!);
}

/** Gini index of non-negative `a` (sorted in place); NaN when they sum to 0. */
function gini(a: Float64Array): number {
  const d = a.length;
  let total = 0;
  for (let j = 0; j < d; j++) total += a[j]!;
  if (!(total > 0)) return Number.NaN;
  a.sort();
  let acc = 0;
  for (let k = 0; k < d; k++) acc += (2 * (k + 1) - d - 1) * a[k]!;
  return acc / (d * total);
}

import { argmaxRows, checkOptions, row, summarizeValues } from '@xai/core';
import type { AnyPreset, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, flag, positiveInt } from '../internal/options.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link consistency}. @since 0.3.0 */
export interface ConsistencyOptions {
  /** Leading features whose signs form an explanation's label (Quantus `top_n_sign`, n = 5). @defaultValue 5 */
  readonly features?: number;
  /**
   * Take |attributions| first (Quantus `abs=True`): the label then only marks which leading
   * features are exactly zero, so dense attributions all share one label.
   * @defaultValue false (signs); true under `quantus`
   */
  readonly abs?: boolean;
  /** `quantus`: Quantus' defaults (|attributions|). @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<ConsistencyOptions> = ['features', 'abs', 'preset'];

/** Static facts about consistency. @since 0.3.0 */
export const consistencyInfo = {
  id: 'CONSISTENCY',
  name: 'Consistency',
  family: 'robustness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Dasgupta et al. 2022, "Framework for Evaluating Faithfulness of Local Explanations", §3 (consistency); Quantus Consistency (quantus/metrics/robustness/consistency.py, discretise_func=top_n_sign)',
  representation: 'classes',
  definedWhen: ALWAYS,
  peer: quantusPeer('Consistency'),
  seeded: false,
  valueModels: false,
  floorMeaningful: true,
  floorNote:
    'meaningful as a warning: identical shortcut explanations share one label, so the score falls to the share of the predicted class',
  nullMeaningful: true,
  nullNote: 'meaningful: a fresh permutation per instance changes which features form the label',
} as const;

/**
 * Consistency (Dasgupta et al. 2022) as Quantus computes it: each explanation is discretised to
 * the signs of its first `features` entries (of |e| under `quantus`, where dense attributions then
 * share one label) (Quantus' `top_n_sign`: the leading columns, not
 * the most relevant ones); an instance's value is the share of the other instances with the same
 * label that the model assigns the same predicted class (Quantus: ÷ (count + 1e-9), so 0 when
 * no other instance shares the label). Values depend on the whole input (Quantus: on each batch
 * of 64). Classifiers only. Higher is better. Deterministic; one `predictProba` call over n rows.
 * @example consistency({ x, attributions, model }).mean
 * @since 0.3.0
 */
export function consistency(input: ExtendedMetricInput, options: ConsistencyOptions = {}): MetricResult {
  const fn = 'consistency';
  const o = checkOptions(options, KEYS, fn);
  const { x, n, d, attributions, model } = prepare(fn, input, ['model', 'attributions']);
  const m = Math.min(d, positiveInt(o.features ?? 5, fn, 'options.features'));
  const abs = flag(o.abs, fn, 'options.abs', anyPresetOption(o.preset, fn) === 'quantus');
  const labels = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const e = row(attributions, i);
    let key = '';
    for (let j = 0; j < m; j++) key += String(Math.sign(abs ? Math.abs(e[j]!) : e[j]!) + 1);
    labels[i] = key;
  }
  const predicted = argmaxRows(model.predictProba(x));
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sameLabel = 0;
    let both = 0;
    for (let k = 0; k < n; k++) {
      if (k === i || labels[k] !== labels[i]) continue;
      sameLabel++;
      if (predicted[k] === predicted[i]) both++;
    }
    values[i] = both / (sameLabel + 1e-9);
  }
  return summarizeValues('CONSISTENCY', values);
}

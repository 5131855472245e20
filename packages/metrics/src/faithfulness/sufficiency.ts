import { argmaxRows, checkOptions, row, summarizeValues } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, flag, numberAtLeast } from '../internal/options.js';
import { maybeAbs } from '../internal/absMatrix.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link sufficiency}. @since 0.3.0 */
export interface SufficiencyOptions {
  /** Two explanations are "close" when their max-normalised distance is at most this. @defaultValue 0.6 */
  readonly threshold?: number;
  /** Compare |attributions| (Quantus `abs=True`). @defaultValue true */
  readonly abs?: boolean;
  /** Accepted for a uniform runner; the defaults are already Quantus', so no preset changes sufficiency. @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<SufficiencyOptions> = ['threshold', 'abs', 'preset'];

/** Static facts about sufficiency. @since 0.3.0 */
export const sufficiencyInfo = {
  id: 'SUFFICIENCY',
  name: 'Sufficiency',
  family: 'faithfulness',
  direction: 'higher-is-better',
  requires: ['model', 'attributions'],
  reference:
    'Dasgupta et al. 2022, "Framework for Evaluating Faithfulness of Local Explanations", §3 (sufficiency); Quantus Sufficiency (quantus/metrics/faithfulness/sufficiency.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('Sufficiency'),
  seeded: false,
  valueModels: false,
  floorMeaningful: true,
  floorNote:
    'meaningful as a warning: identical shortcut explanations make every pair close, so the score falls to the share of the predicted class',
  nullMeaningful: true,
  nullNote: 'meaningful: a fresh permutation per instance scatters similar explanations apart',
} as const;

/** Standardised Euclidean distances (scipy `seuclidean`, V = column variances), divided by their maximum. */
function normalisedDistances(a: Matrix): Float64Array {
  const { rows: n, cols: d } = a;
  const inv = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    let m = 0;
    for (let i = 0; i < n; i++) m += row(a, i)[j]!;
    m /= n;
    let ss = 0;
    for (let i = 0; i < n; i++) ss += (row(a, i)[j]! - m) ** 2;
    // A constant column is 0 in every difference: it is left out (scipy divides 0 by 0).
    inv[j] = ss > 0 ? 1 / ss : 0;
  }
  const dist = new Float64Array(n * n);
  let max = 0;
  for (let i = 0; i < n; i++) {
    const ai = row(a, i);
    for (let k = i + 1; k < n; k++) {
      const ak = row(a, k);
      let s = 0;
      for (let j = 0; j < d; j++) s += (ai[j]! - ak[j]!) ** 2 * inv[j]!;
      const v = Math.sqrt(s);
      dist[i * n + k] = v;
      dist[k * n + i] = v;
      if (v > max) max = v;
    }
  }
  if (max > 0) for (let k = 0; k < dist.length; k++) dist[k] = dist[k]! / max;
  return dist;
}

/**
 * Sufficiency (Dasgupta et al. 2022) as Quantus computes it: two instances are close when the
 * standardised Euclidean distance of their explanations (|e| by default), divided by the
 * largest such distance in the input, is at most `threshold`; an instance's value is the share
 * of its close neighbours (itself excluded) that the model assigns the same predicted class,
 * 0 when it has none. Values depend on the whole input (Quantus: on each batch of 64); the
 * variance scale of seuclidean cancels in the normalisation. A column constant across the input
 * is left out (scipy would divide 0 by 0). Classifiers only. Higher is better. Deterministic;
 * one `predictProba` call over n rows, O(n²·d) distances.
 * @example sufficiency({ x, attributions, model }, { threshold: 0.6 }).mean
 * @since 0.3.0
 */
export function sufficiency(input: ExtendedMetricInput, options: SufficiencyOptions = {}): MetricResult {
  const fn = 'sufficiency';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const threshold = numberAtLeast(o.threshold ?? 0.6, 0, fn, 'options.threshold');
  const { x, n, attributions, model } = prepare(fn, input, ['model', 'attributions']);
  const dist = normalisedDistances(maybeAbs(attributions, flag(o.abs, fn, 'options.abs', true)));
  const labels = argmaxRows(model.predictProba(x));
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let close = 0;
    let same = 0;
    for (let k = 0; k < n; k++) {
      if (k === i || !(dist[i * n + k]! <= threshold)) continue;
      close++;
      if (labels[k] === labels[i]) same++;
    }
    values[i] = close > 0 ? same / close : 0;
  }
  return summarizeValues('SUFFICIENCY', values);
}

import { checkOptions, row, summarizeValues, toFloat64Matrix } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, OptionKeys } from '@xai/core';
import type { ExplainFn, ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, positiveInt, seedOption } from '../internal/options.js';
import { histogramEntropy } from '../internal/histogramEntropy.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import type { LayeredModel, RandomisableLayer } from './modelParameterRandomisation.js';
import { quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link efficientMprt}. @since 0.3.0 */
export interface EfficientMprtOptions {
  /** Histogram bins of the explanation entropy (Quantus `discrete_entropy`, n_bins = 100). @defaultValue 100 */
  readonly bins?: number;
  /** Builds the copy to randomise (as model-parameter randomisation's `clone`). @defaultValue in place, restored */
  readonly clone?: (model: LayeredModel) => LayeredModel;
  /** Seed of the random weights (the streams model-parameter randomisation uses). @defaultValue 0 */
  readonly seed?: number;
  /** Writes layer `index`'s random weights (as model-parameter randomisation's `randomise`). */
  readonly randomise?: (layer: RandomisableLayer, index: number) => void;
  /** Accepted for a uniform runner; no preset changes eMPRT (Quantus' weights come from torch's generator). @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<EfficientMprtOptions> = ['bins', 'clone', 'seed', 'randomise', 'preset'];

/** An eMPRT result: values = relative entropy rise; the entropies beside it. @since 0.3.0 */
export interface EfficientMprtResult extends MetricResult {
  /** Entropy of each original explanation. */
  readonly entropyOriginal: Float64Array;
  /** Entropy of each explanation after every layer is randomised. */
  readonly entropyRandomised: Float64Array;
}

/** Static facts about the efficient MPRT. @since 0.3.0 */
export const efficientMprtInfo = {
  id: 'EFFICIENT_MPRT',
  name: 'Efficient model-parameter randomisation (eMPRT)',
  family: 'randomisation',
  direction: 'higher-is-better',
  requires: ['model', 'explainer'],
  reference:
    'Hedström et al. 2023, "Sanity Checks Revisited: An Exploration to Repair the Model Parameter Randomisation Test", §4 (eMPRT); Quantus EfficientMPRT (quantus/metrics/randomisation/efficient_mprt.py)',
  representation: 'layers',
  definedWhen: 'the explanation entropy is not 0 (values in more than one bin)',
  peer: quantusPeer('EfficientMPRT'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote:
    'meaningful: a shortcut computed once from the trained model does not change with the weights, so its entropy rise is 0 (fails the check), as it should',
  nullMeaningful: false,
  nullNote: 'not meaningful: a histogram entropy is invariant under a permutation of the features, so the null equals the explainer',
} as const;

/**
 * Efficient MPRT (Hedström et al. 2023), Quantus' `EfficientMPRT` with `skip_layers=True`: the
 * relative rise (H(e_rand) − H(e)) / H(e) of the explanation's discrete entropy (`bins`-bin
 * histogram of its values) when every layer of the model is re-initialised. Randomisation is
 * model-parameter randomisation's cascade (same random layers for the same seed, restored after);
 * its last step has every layer random. An explanation that depends on the weights becomes
 * noisier: higher is better. Undefined (NaN, counted) when H(e) = 0 (all values in one bin).
 * Needs a model with dense layers (else NOT_SUPPORTED). One explain call per layer.
 * @example efficientMprt({ x, model: ann, explain }).mean
 * @since 0.3.0
 */
export function efficientMprt(input: ExtendedMetricInput, options: EfficientMprtOptions = {}): EfficientMprtResult {
  const fn = 'efficientMprt';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const bins = positiveInt(o.bins ?? 100, fn, 'options.bins');
  const seed = seedOption(o.seed ?? 0, fn);
  const p = prepare(fn, input, ['model', 'explain']);
  const raw = input.explain!;
  let last: unknown;
  // Every call below is a randomisation step; the last one sees every layer randomised.
  const recording: ExplainFn = (m, xs, t) => {
    last = raw(m, xs, t);
    return last as Matrix;
  };
  const e0 = p.given ? p.attributions : p.explain(p.model, p.x, p.targets);
  modelParameterRandomisation(
    { x: p.x, model: input.model!, targets: p.targets, attributions: e0, explain: recording },
    {
      mode: 'cascading',
      seed,
      ...(o.clone !== undefined ? { clone: o.clone } : {}),
      ...(o.randomise !== undefined ? { randomise: o.randomise } : {}),
    },
  );
  const eR = toFloat64Matrix(last, p.n, p.d, fn, 'explain');
  const entropyOriginal = new Float64Array(p.n);
  const entropyRandomised = new Float64Array(p.n);
  const values = new Float64Array(p.n);
  const counts = new Float64Array(bins);
  for (let i = 0; i < p.n; i++) {
    entropyOriginal[i] = histogramEntropy(row(e0, i), bins, counts);
    entropyRandomised[i] = histogramEntropy(row(eR, i), bins, counts);
    const h0 = entropyOriginal[i]!;
    values[i] = h0 > 0 ? (entropyRandomised[i]! - h0) / h0 : Number.NaN;
  }
  return { ...summarizeValues('EFFICIENT_MPRT', values), entropyOriginal, entropyRandomised };
}

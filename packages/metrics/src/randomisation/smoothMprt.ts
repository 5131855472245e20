import { checkOptions, matrix, row, summarizeValues, toFloat64Matrix } from '@xai/core';
import type { AnyPreset, OptionKeys } from '@xai/core';
import type { ExplainFn, ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare, repeatTargets, rowRng } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, positiveInt, seedOption } from '../internal/options.js';
import { modelParameterRandomisation } from './modelParameterRandomisation.js';
import type { LayeredModel, ModelParameterRandomisationResult, RandomisableLayer } from './modelParameterRandomisation.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';
import { RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/** Options of {@link smoothMprt}. @since 0.3.0 */
export interface SmoothMprtOptions {
  /**
   * Explanations averaged per instance, the last one noise-free (Quantus `nr_samples`). Each costs
   * one explanation of every row per randomisation step.
   * @defaultValue 10; 50 under `quantus` (Quantus' default)
   */
  readonly samples?: number;
  /** Noise σ as a share of each instance's value range max − min (Quantus `noise_magnitude`). @defaultValue 0.1 */
  readonly noiseMagnitude?: number;
  /** Builds the copy to randomise (as model-parameter randomisation's `clone`). @defaultValue in place, restored */
  readonly clone?: (model: LayeredModel) => LayeredModel;
  /** Seed of the noise and of the random weights. @defaultValue 0 */
  readonly seed?: number;
  /** Writes layer `index`'s random weights (as model-parameter randomisation's `randomise`). */
  readonly randomise?: (layer: RandomisableLayer, index: number) => void;
  /**
   * Average the original model's similarity into `values`, as Quantus' `return_average_correlation`
   * does (it stores "original" at quantus/metrics/randomisation/smooth_mprt.py:365 and skips "orig"
   * at line 434). @defaultValue false
   */
  readonly averageWithOriginal?: boolean;
  /** `quantus`: Quantus' defaults (50 samples). @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<SmoothMprtOptions> = ['samples', 'noiseMagnitude', 'clone', 'seed', 'randomise', 'averageWithOriginal', 'preset'];

/** Static facts about the smooth MPRT. @since 0.3.0 */
export const smoothMprtInfo = {
  id: 'SMOOTH_MPRT',
  name: 'Smooth model-parameter randomisation (sMPRT)',
  family: 'randomisation',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference:
    'Hedström et al. 2023, "Sanity Checks Revisited: An Exploration to Repair the Model Parameter Randomisation Test", §4 (sMPRT); Quantus SmoothMPRT (quantus/metrics/randomisation/smooth_mprt.py)',
  representation: 'layers',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('SmoothMPRT'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote:
    'meaningful: a shortcut computed once from the trained model does not change with the weights, so it scores similarity 1 (fails the check), as it should',
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
} as const;

/** explain averaged over `samples` Gaussian copies of each row (σ = magnitude · range), the last copy exact. */
function smoothed(explain: ExplainFn, samples: number, magnitude: number, seed: number, d: number): ExplainFn {
  return (m, xs, t) => {
    const n = xs.rows;
    const big = matrix(n * samples, d);
    for (let i = 0; i < n; i++) {
      const xi = row(xs, i);
      let lo = xi[0]!;
      let hi = xi[0]!;
      for (const v of xi) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      const sigma = magnitude * (hi - lo);
      const rng = rowRng(xs, i, seed, 'smoothMprt');
      for (let s = 0; s < samples; s++) {
        const at = (i * samples + s) * d;
        for (let j = 0; j < d; j++) big.data[at + j] = xi[j]! + (s === samples - 1 ? 0 : rng.normal() * sigma);
      }
    }
    const e = toFloat64Matrix(explain(m, big, repeatTargets(t, samples)), n * samples, d, 'smoothMprt → explain', 'attributions');
    const out = matrix(n, d);
    for (let i = 0; i < n; i++)
      for (let s = 0; s < samples; s++) {
        const r = row(e, i * samples + s);
        for (let j = 0; j < d; j++) out.data[i * d + j] = out.data[i * d + j]! + r[j]! / samples;
      }
    return out;
  };
}

/**
 * Smooth MPRT (Hedström et al. 2023): model-parameter randomisation (cascading, Spearman of
 * |e|, values = mean over the steps) where every explanation, the original one included, is
 * the average of `samples` explanations of Gaussian copies of the instance (σ = noiseMagnitude ·
 * (max − min) of its values; the last copy noise-free, as Quantus). The noise of a row is keyed by
 * its content and `seed`, so each randomisation step sees the same noise. `input.attributions`
 * are not read (they are not smoothed). Quantus randomises bottom-up by default; this cascade is
 * top-down (Adebayo et al.). Lower is better. One explain call over n·samples rows per step.
 * @example smoothMprt({ x, model: ann, explain }, { samples: 20 }).mean
 * @since 0.3.0
 */
export function smoothMprt(input: ExtendedMetricInput, options: SmoothMprtOptions = {}): ModelParameterRandomisationResult {
  const fn = 'smoothMprt';
  const o = checkOptions(options, KEYS, fn);
  const samples = positiveInt(o.samples, fn, 'options.samples', anyPresetOption(o.preset, fn) === 'quantus' ? 50 : 10);
  const magnitude = numberAtLeast(o.noiseMagnitude ?? 0.1, 0, fn, 'options.noiseMagnitude');
  const seed = seedOption(o.seed ?? 0, fn);
  const p = prepare(fn, input, ['model', 'explain']);
  const r = modelParameterRandomisation(
    { x: p.x, model: input.model!, targets: p.targets, explain: smoothed(input.explain!, samples, magnitude, seed, p.d) },
    {
      mode: 'cascading',
      similarity: 'spearman-abs',
      seed,
      ...(o.clone !== undefined ? { clone: o.clone } : {}),
      ...(o.randomise !== undefined ? { randomise: o.randomise } : {}),
      ...(o.averageWithOriginal !== undefined ? { averageWithOriginal: o.averageWithOriginal } : {}),
    },
  );
  return { ...r, ...summarizeValues('SMOOTH_MPRT', r.values) };
}

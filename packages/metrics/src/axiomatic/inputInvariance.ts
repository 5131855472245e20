import { checkOptions, matrix, row, summarizeValues } from '@xai/core';
import type { AnyPreset, HiddenOptions, InputGradientOptions, Matrix, MetricResult, Model, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, numberAtLeast, oneOf } from '../internal/options.js';
import type { LayeredModel } from '../randomisation/modelParameterRandomisation.js';
import { ALWAYS, quantusPeer } from '../internal/metricPeers.js';

/** Options of {@link inputInvariance}. @since 0.3.0 */
export interface InputInvarianceOptions {
  /** Constant added to every feature (Quantus `input_shift`). @defaultValue -1 */
  readonly shift?: number;
  /** Absolute tolerance of the comparison (numpy `isclose`, rtol 1e-5 as numpy). @defaultValue 1e-4 */
  readonly atol?: number;
  /**
   * Which features the input shift moves: `'all'` (Kindermans et al.), or `'all-but-first'` as
   * Quantus does: its perturb_batch passes `indices[i][1:]` (quantus/functions/perturb_func.py:64),
   * so feature 0 keeps its value while the model is still compensated for a shift of every
   * feature. @defaultValue 'all'
   */
  readonly shiftFeatures?: 'all' | 'all-but-first';
  /** Accepted for a uniform runner; the defaults are Quantus' (bar `shiftFeatures`), so no preset changes input invariance. @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<InputInvarianceOptions> = ['shift', 'atol', 'shiftFeatures', 'preset'];

/** Static facts about input invariance. @since 0.3.0 */
export const inputInvarianceInfo = {
  id: 'INPUT_INVARIANCE',
  name: 'Input invariance',
  family: 'axiomatic',
  direction: 'higher-is-better',
  requires: ['model', 'explainer'],
  reference:
    'Kindermans et al. 2019, "The (Un)reliability of Saliency Methods", §2 (input invariance under a mean shift); Quantus InputInvariance (quantus/metrics/axiomatic/input_invariance.py)',
  representation: 'any',
  definedWhen: ALWAYS,
  peer: quantusPeer('InputInvariance'),
  seeded: false,
  valueModels: true,
  floorMeaningful: true,
  floorNote: 'meaningful as a warning: an input-independent shortcut explanation is trivially invariant and scores 1 (the best)',
  nullMeaningful: false,
  nullNote: 'not meaningful: the same permutation of both explanations leaves their equality unchanged, so the null equals the explainer',
} as const;

function layersOf(model: Model): LayeredModel['layers'] | null {
  const layers = (model as Partial<LayeredModel>).layers;
  if (!Array.isArray(layers) || layers.length === 0) return null;
  const first = layers[0];
  return first?.weight?.data instanceof Float64Array && first.bias instanceof Float64Array ? layers : null;
}

function unshifted(x: Matrix, shift: number): Matrix {
  const out = matrix(x.rows, x.cols);
  for (let i = 0; i < x.rows; i++) {
    const r = row(x, i);
    for (let j = 0; j < x.cols; j++) out.data[i * x.cols + j] = r[j]! - shift;
  }
  return out;
}

/** A model that reads x + shift as the original reads x: every method sees x − shift. */
function shiftedWrapper(model: Model, shift: number): Model {
  const m = model;
  return {
    inputDim: m.inputDim,
    classes: m.classes,
    ...(m.output !== undefined ? { output: m.output } : {}),
    ...(m.probabilityTolerance !== undefined ? { probabilityTolerance: m.probabilityTolerance } : {}),
    predictProba: (x, out) => m.predictProba(unshifted(x, shift), out),
    ...(m.logits ? { logits: (x: Matrix, out?: Matrix) => m.logits!(unshifted(x, shift), out) } : {}),
    ...(m.inputGradient
      ? { inputGradient: (x: Matrix, t: Int32Array, o?: InputGradientOptions) => m.inputGradient!(unshifted(x, shift), t, o) }
      : {}),
    ...(m.hidden ? { hidden: (x: Matrix, o?: HiddenOptions) => m.hidden!(unshifted(x, shift), o) } : {}),
  };
}

/**
 * Runs `body` with a model that gives on x + shift what `model` gives on x: a dense model's
 * first-layer bias becomes b − W·shift in place (Quantus' `add_mean_shift_to_first_layer`) and is
 * restored afterwards; any other model is wrapped so that each method subtracts the shift.
 */
function withShiftedModel<T>(model: Model, shift: number, body: (m: Model) => T): T {
  const layers = layersOf(model);
  if (layers === null) return body(shiftedWrapper(model, shift));
  const { weight, bias } = layers[0]!;
  const saved = bias.slice();
  for (let r = 0; r < weight.rows; r++) {
    let s = 0;
    for (const w of row(weight, r)) s += w * shift;
    bias[r] = bias[r]! - s;
  }
  try {
    return body(model);
  } finally {
    bias.set(saved);
  }
}

/**
 * Input invariance (Kindermans et al. 2019) as Quantus computes it: every feature is shifted by
 * `shift` and the model is changed to compensate (f'(x + shift) = f(x)); the value is 1 when
 * the re-explanation of the shifted input on the shifted model equals the original explanation
 * within numpy's `isclose` (|e − e'| ≤ atol + 1e-5·|e'| for every feature), else 0. Gradients
 * pass; methods that multiply by the input or use a fixed reference point fail. Φ(x) is
 * `input.attributions` when given. Higher is better. One explain call over n rows.
 * @example inputInvariance({ x, model, explain }).mean
 * @since 0.3.0
 */
export function inputInvariance(input: ExtendedMetricInput, options: InputInvarianceOptions = {}): MetricResult {
  const fn = 'inputInvariance';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const shift = numberAtLeast(o.shift ?? -1, Number.NEGATIVE_INFINITY, fn, 'options.shift');
  const atol = numberAtLeast(o.atol ?? 1e-4, 0, fn, 'options.atol');
  const which = oneOf(o.shiftFeatures, fn, 'options.shiftFeatures', ['all', 'all-but-first'] as const, 'all');
  const p = prepare(fn, input, ['model', 'explain']);
  const e0 = p.given ? p.attributions : p.explain(p.model, p.x, p.targets);
  const xs = unshifted(p.x, -shift);
  if (which === 'all-but-first') for (let i = 0; i < p.n; i++) xs.data[i * p.d] = row(p.x, i)[0]!;
  const e1 = withShiftedModel(input.model!, shift, (m) => p.explain(m, xs, p.targets));
  const values = new Float64Array(p.n);
  for (let i = 0; i < p.n; i++) {
    const a = row(e0, i);
    const b = row(e1, i);
    let same = 1;
    for (let j = 0; j < p.d; j++) if (!(Math.abs(a[j]! - b[j]!) <= atol + 1e-5 * Math.abs(b[j]!))) same = 0;
    values[i] = same;
  }
  return summarizeValues('INPUT_INVARIANCE', values);
}

import { XaiError, checkOptions, checkedModel, describeValue, row, substream, summarizeValues } from '@xai/core';
import type { AnyPreset, Matrix, MetricResult, Model, OptionKeys } from '@xai/core';
import type { ExtendedMetricInput } from '../extendedMetricTypes.js';
import { prepare } from '../internal/common.js';
import { anyPresetOption, flag, seedOption } from '../internal/options.js';
import { checkSimilarity, similarityFn } from '../internal/similarity.js';
import type { Similarity } from '../internal/similarity.js';
import { NOT_CONSTANT, quantusPeer } from '../internal/metricPeers.js';
import { RE_EXPLAIN_NULL } from '../internal/shortcutNotes.js';

/**
 * One dense layer as `@xai/models` exposes it: `weight` (out x in) and `bias` are views into
 * the model's parameters, so writing them changes the model.
 * @since 0.2.0
 */
export interface RandomisableLayer {
  readonly weight: Matrix;
  readonly bias: Float64Array;
}

/**
 * A model with dense layers: `NeuralModel` from `@xai/models`, or the `.mlp` of an
 * `@xai/onnx` OnnxModel whose graph was imported as an MLP (see {@link modelParameterRandomisation}).
 * @since 0.2.0
 */
export interface LayeredModel extends Model {
  readonly layers: readonly RandomisableLayer[];
}

/** Options of {@link modelParameterRandomisation}. @since 0.2.0 */
export interface ModelParameterRandomisationOptions {
  /** `cascading`: randomise layers top-down, cumulatively; `independent`: one layer at a time. @defaultValue 'cascading' */
  readonly mode?: 'cascading' | 'independent';
  /** Similarity of original and randomised explanations (Quantus: Spearman of |e|). @defaultValue 'spearman-abs' */
  readonly similarity?: Similarity;
  /**
   * Builds the copy to randomise, e.g. `(m) => fromModelJson(toModelJson(m))`. Without it the
   * model's own parameter views are randomised in place and restored bit for bit before
   * returning (also when explain throws).
   */
  readonly clone?: (model: LayeredModel) => LayeredModel;
  /** Seed of the random weights (stream keyed by seed and layer). @defaultValue 0 */
  readonly seed?: number;
  /**
   * Writes layer `index`'s random weights in place (0 = first layer), in place of PyTorch's
   * nn.Linear initialisation from `substream(seed, 'mprt', index)`: e.g. weights another tool drew.
   */
  readonly randomise?: (layer: RandomisableLayer, index: number) => void;
  /**
   * Average the original model's similarity (1 when the explanation is the model's own) into
   * `values` with the steps, as Quantus' `return_average_correlation` does: it stores that
   * similarity under "original" (quantus/metrics/randomisation/mprt.py:341) but skips a key
   * "orig" when averaging (mprt.py:407). Off: the mean over the randomisation steps only.
   * @defaultValue false
   */
  readonly averageWithOriginal?: boolean;
  /**
   * Accepted for a uniform runner; every preset runs the same cascade (Quantus' MPRT draws its
   * weights from torch's generator, which no preset here reproduces: see `randomise`). @defaultValue 'default'
   */
  readonly preset?: AnyPreset;
}

const KEYS: OptionKeys<ModelParameterRandomisationOptions> = [
  'mode',
  'similarity',
  'clone',
  'seed',
  'randomise',
  'averageWithOriginal',
  'preset',
];

/** One step of the randomisation: which layers are random, and the similarity per instance. @since 0.2.0 */
export interface RandomisationStep {
  /** Layer indices randomised at this step (0 = first layer). */
  readonly randomised: readonly number[];
  readonly result: MetricResult;
}

/** {@link modelParameterRandomisation}'s result: values = mean similarity over steps. @since 0.2.0 */
export interface ModelParameterRandomisationResult extends MetricResult {
  readonly mode: 'cascading' | 'independent';
  /** Top layer first. */
  readonly steps: readonly RandomisationStep[];
}

/** Static facts about model-parameter randomisation. @since 0.2.0 */
export const modelParameterRandomisationInfo = {
  id: 'MODEL_RANDOMISATION',
  name: 'Model-parameter randomisation similarity',
  family: 'randomisation',
  direction: 'lower-is-better',
  requires: ['model', 'explainer'],
  reference: 'Adebayo et al. 2018, "Sanity Checks for Saliency Maps", §3 (cascading and independent randomisation); Quantus MPRT',
  representation: 'layers',
  definedWhen: NOT_CONSTANT,
  peer: quantusPeer('MPRT'),
  seeded: true,
  valueModels: true,
  floorMeaningful: true,
  floorNote:
    'meaningful: a shortcut computed once from the trained model does not change with the weights, so it scores similarity 1 (fails the sanity check), as it should',
  nullMeaningful: false,
  nullNote: RE_EXPLAIN_NULL,
} as const;

function isLayered(model: Model | undefined): model is LayeredModel {
  const layers = (model as { layers?: unknown } | undefined)?.layers;
  return (
    Array.isArray(layers) &&
    layers.length > 0 &&
    layers.every((l: unknown) => {
      const w = (l as RandomisableLayer | null)?.weight;
      return (
        w !== undefined &&
        w !== null &&
        w.data instanceof Float64Array &&
        (l as RandomisableLayer).bias instanceof Float64Array &&
        (l as RandomisableLayer).bias.length === w.rows
      );
    })
  );
}

/** The model's own dense layers, or those of an imported ONNX graph (`model.mlp`). */
function layeredOf(model: Model | undefined): LayeredModel | undefined {
  if (isLayered(model)) return model;
  const mlp = (model as { mlp?: Model } | undefined)?.mlp;
  return isLayered(mlp) ? mlp : undefined;
}

/** PyTorch's `reset_parameters` for nn.Linear: U(−1/√in, 1/√in) for weight and bias. */
function randomiseLayer(layer: RandomisableLayer, seed: number, index: number): void {
  const rng = substream(seed, 'mprt', index);
  const bound = 1 / Math.sqrt(layer.weight.cols);
  for (let r = 0; r < layer.weight.rows; r++) {
    const w = row(layer.weight, r);
    for (let c = 0; c < w.length; c++) w[c] = (2 * rng.uniform() - 1) * bound;
  }
  for (let r = 0; r < layer.bias.length; r++) layer.bias[r] = (2 * rng.uniform() - 1) * bound;
}

function snapshot(layer: RandomisableLayer): { w: Float64Array[]; b: Float64Array } {
  const w: Float64Array[] = [];
  for (let r = 0; r < layer.weight.rows; r++) w.push(row(layer.weight, r).slice());
  return { w, b: layer.bias.slice() };
}

function restore(layer: RandomisableLayer, s: { w: Float64Array[]; b: Float64Array }): void {
  for (let r = 0; r < layer.weight.rows; r++) row(layer.weight, r).set(s.w[r]!);
  layer.bias.set(s.b);
}

/**
 * Model-parameter randomisation test (Adebayo et al. 2018): re-explain the same instances
 * (same targets: the original model's predictions) with the weights of a growing set of
 * layers re-initialised top-down (`cascading`) or of one layer at a time (`independent`),
 * and measure the similarity to the original explanation (Spearman of |e| by default, as
 * Quantus). An explanation that depends on the model should change: lower is better.
 * `values` is the per-instance mean over the steps (Quantus `return_average_correlation`, which
 * also averages in the original model's self-similarity: `averageWithOriginal`),
 * NaN (counted) when any step is undefined (a constant explanation); `steps` holds each
 * step's own result. Random weights follow PyTorch's nn.Linear initialisation from
 * `substream(seed, 'mprt', layer)`, so both modes use the same random layer l. One explain
 * call per step. Needs a model with dense `layers` (`NeuralModel`), or an `@xai/onnx` model
 * whose graph was imported as an MLP (`loadOnnxModel(...).mlp`): then that MLP is randomised
 * and every explanation (the original one too, unless `attributions` are given) is computed
 * on it, since an ONNX Runtime session would not see the new weights; else NOT_SUPPORTED.
 * @example modelParameterRandomisation({ x, model: ann, explain }, { mode: 'cascading' }).steps[0].result.mean
 * @since 0.2.0
 */
export function modelParameterRandomisation(
  input: ExtendedMetricInput,
  options: ModelParameterRandomisationOptions = {},
): ModelParameterRandomisationResult {
  const fn = 'modelParameterRandomisation';
  const o = checkOptions(options, KEYS, fn);
  anyPresetOption(o.preset, fn);
  const mode = o.mode ?? 'cascading';
  if (mode !== 'cascading' && mode !== 'independent')
    throw new XaiError('BAD_OPTION', `mode must be 'cascading' or 'independent', got ${describeValue(mode)}`, {
      fn,
      arg: 'options.mode',
      value: mode,
    });
  const sim = similarityFn(checkSimilarity(o.similarity ?? 'spearman-abs', fn), input.x?.cols ?? 0);
  const seed = seedOption(o.seed ?? 0, fn);
  if (o.randomise !== undefined && typeof o.randomise !== 'function')
    throw new XaiError('BAD_OPTION', `randomise must be a function, got ${describeValue(o.randomise)}`, {
      fn,
      arg: 'options.randomise',
      value: o.randomise,
    });
  const randomise = o.randomise ?? ((layer: RandomisableLayer, index: number) => randomiseLayer(layer, seed, index));
  const withOriginal = flag(o.averageWithOriginal, fn, 'options.averageWithOriginal', false);
  if (o.clone !== undefined && typeof o.clone !== 'function')
    throw new XaiError('BAD_OPTION', `clone must be a function, got ${describeValue(o.clone)}`, {
      fn,
      arg: 'options.clone',
      value: o.clone,
    });
  const p = prepare(fn, input, ['model', 'explain']);
  const original = layeredOf(input.model);
  if (original === undefined)
    throw new XaiError(
      'NOT_SUPPORTED',
      'model-parameter randomisation needs a model with dense layers (model.layers with weight and bias, e.g. @xai/models NeuralModel) or an ONNX model imported as an MLP (model.mlp with layers)',
      { fn, arg: 'input.model', value: 'layers' },
    );
  if (original.inputDim !== p.d)
    throw new XaiError('SHAPE_MISMATCH', `model.mlp.inputDim is ${original.inputDim} but x has ${p.d} columns`, {
      fn,
      arg: 'input.model.mlp',
      value: original.inputDim,
    });
  // Explain through the layered model itself: an OnnxModel's session would not see its .mlp's randomised weights.
  const e0 = p.given ? p.attributions : p.explain(original === input.model ? p.model : checkedModel(original, fn), p.x, p.targets);
  const L = original.layers.length;
  const copy = (): LayeredModel => {
    const c = o.clone!(original);
    if (!isLayered(c) || c === original || c.layers.length !== L)
      throw new XaiError('BAD_OPTION', 'clone must return a new model with the same dense layers', { fn, arg: 'options.clone', value: c });
    return c;
  };
  const inPlace = o.clone === undefined;
  let target = inPlace ? original : copy();
  const saved = inPlace ? original.layers.map(snapshot) : [];
  const steps: RandomisationStep[] = [];
  const meanAcc = new Float64Array(p.n);
  try {
    for (let k = 0; k < L; k++) {
      const layer = L - 1 - k; // top layer first
      if (mode === 'independent' && k > 0) {
        if (inPlace) restore(target.layers[layer + 1]!, saved[layer + 1]!);
        else target = copy();
      }
      randomise(target.layers[layer]!, layer);
      const e = p.explain(checkedModel(target, fn), p.x, p.targets);
      const values = new Float64Array(p.n);
      for (let i = 0; i < p.n; i++) {
        values[i] = sim(row(e0, i), row(e, i));
        meanAcc[i] = meanAcc[i]! + values[i]!;
      }
      const randomised = mode === 'cascading' ? Array.from({ length: k + 1 }, (_, t) => L - 1 - t) : [layer];
      steps.push({ randomised, result: summarizeValues(`MODEL_RANDOMISATION[${randomised.join(',')}]`, values) });
    }
  } finally {
    if (inPlace) for (const [l, s] of saved.entries()) restore(original.layers[l]!, s);
  }
  if (withOriginal) {
    // The explanation being checked against the model's own on the original weights (1 when they are the same).
    const own = p.given ? p.explain(original === input.model ? p.model : checkedModel(original, fn), p.x, p.targets) : e0;
    for (let i = 0; i < p.n; i++) meanAcc[i] = meanAcc[i]! + sim(row(e0, i), row(own, i));
  }
  const count = withOriginal ? L + 1 : L;
  for (let i = 0; i < p.n; i++) meanAcc[i] = meanAcc[i]! / count; // NaN stays NaN: any undefined step
  return { ...summarizeValues('MODEL_RANDOMISATION', meanAcc), mode, steps };
}

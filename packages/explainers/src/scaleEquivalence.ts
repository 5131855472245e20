// A model on raw columns and the same model on their min-max-scaled copy, for checking that
// an explainer or metric honours `featureScale`: with featureScale = featureRanges(rawTrain)
// on the raw side, its numbers must equal the scaled side's, mapped back by the change of units.
import type { FeatureScale, HiddenOptions, InputGradientOptions, Matrix, Model } from '@xai/core';
import { contiguous, featureRanges } from '@xai/core';

/** Where the scaled columns start: 'min' is the min-max scaler; 'zero' divides by the range only (x / s). */
export type PairOffset = 'min' | 'zero';

/** Both sides of the change of units x = lo + s ⊙ u. @since 0.3.0 */
export interface ScaledPair {
  /** s = featureRanges(rawTrain): the `featureScale` to pass on the raw side. */
  readonly scale: FeatureScale;
  /** lo: the training minima ('min') or zeros ('zero'). */
  readonly lo: Float64Array;
  readonly raw: { readonly model: Model; readonly train: Matrix; readonly x: Matrix };
  /** g(u) = f(lo + s ⊙ u), on u = (x − lo) / s. */
  readonly scaled: { readonly model: Model; readonly train: Matrix; readonly x: Matrix };
  /** Raw rows in scaled units, (x − lo) / s. */
  toScaled(m: Matrix): Matrix;
  /** Scaled rows in raw units, lo + s ⊙ u. */
  toRaw(m: Matrix): Matrix;
  /** Per-unit quantities (gradients, LIME coefficients) from per raw unit to per scaled unit: a ⊙ s. */
  perScaledUnit(a: Matrix): Matrix;
}

function columnMinima(m: Matrix): Float64Array {
  const c = contiguous(m);
  const lo = new Float64Array(m.cols).fill(Infinity);
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) lo[j] = Math.min(lo[j]!, c.data[i * m.cols + j]!);
  return lo;
}

function mapColumns(m: Matrix, f: (v: number, j: number) => number): Matrix {
  const c = contiguous(m);
  const d = m.cols;
  const data = new Float64Array(m.rows * d);
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < d; j++) data[i * d + j] = f(c.data[i * d + j]!, j);
  return { rows: m.rows, cols: d, data };
}

/**
 * The model x ↦ f(shift + factor ⊙ x), with the chain rule for its input gradient
 * (∂/∂x_j = ∂f/∂x_j · factor_j); logits and the hidden layer are read at the mapped rows.
 * @example const g = affineInputModel(f, lo, scale); // f∘(inverse min-max scaler)
 * @since 0.3.0
 */
export function affineInputModel(model: Model, shift: ArrayLike<number>, factor: ArrayLike<number>): Model {
  const map = (x: Matrix): Matrix => mapColumns(x, (v, j) => shift[j]! + factor[j]! * v);
  return {
    inputDim: model.inputDim,
    classes: model.classes,
    ...(model.output !== undefined ? { output: model.output } : {}),
    ...(model.probabilityTolerance !== undefined ? { probabilityTolerance: model.probabilityTolerance } : {}),
    predictProba: (x: Matrix) => model.predictProba(map(x)),
    ...(model.logits !== undefined ? { logits: (x: Matrix) => model.logits!(map(x)) } : {}),
    ...(model.hidden !== undefined ? { hidden: (x: Matrix, o?: HiddenOptions) => model.hidden!(map(x), o) } : {}),
    ...(model.inputGradient !== undefined
      ? {
          inputGradient: (x: Matrix, t: Int32Array, o?: InputGradientOptions) =>
            mapColumns(model.inputGradient!(map(x), t, o), (v, j) => v * factor[j]!),
        }
      : {}),
  };
}

/**
 * The pair for a model f on raw columns, its training rows and the rows to explain.
 * @example const p = scaledPair(f, rawTrain, rawX); // explain p.raw with { featureScale: p.scale }, p.scaled without
 * @since 0.3.0
 */
export function scaledPair(model: Model, train: Matrix, x: Matrix, offset: PairOffset = 'min'): ScaledPair {
  const scale = featureRanges(train);
  const lo = offset === 'min' ? columnMinima(train) : new Float64Array(train.cols);
  const toScaled = (m: Matrix): Matrix => mapColumns(m, (v, j) => (v - lo[j]!) / scale[j]!);
  const toRaw = (m: Matrix): Matrix => mapColumns(m, (v, j) => lo[j]! + scale[j]! * v);
  const g = affineInputModel(model, lo, scale);
  return {
    scale,
    lo,
    raw: { model, train, x },
    scaled: { model: g, train: toScaled(train), x: toScaled(x) },
    toScaled,
    toRaw,
    perScaledUnit: (a: Matrix) => mapColumns(a, (v, j) => v * scale[j]!),
  };
}

/**
 * Largest row-wise relative difference max_i ‖a_i − b_i‖∞ / ‖b_i‖∞ (a zero row of b
 * compares absolutely), for the ≤ 1e-9 equivalence checks.
 * @since 0.3.0
 */
export function maxRelativeDifference(a: Matrix, b: Matrix): number {
  const ca = contiguous(a);
  const cb = contiguous(b);
  const d = b.cols;
  let worst = 0;
  for (let i = 0; i < b.rows; i++) {
    let diff = 0;
    let size = 0;
    for (let j = 0; j < d; j++) {
      diff = Math.max(diff, Math.abs(ca.data[i * d + j]! - cb.data[i * d + j]!));
      size = Math.max(size, Math.abs(cb.data[i * d + j]!));
    }
    worst = Math.max(worst, size > 0 ? diff / size : diff);
  }
  return worst;
}

// The base value an explanation plot starts from: where an explainer's attributions add up
// against a reference (its background or baseline), the model's mean output there; else the
// mean output over training rows, said so.
import type { Explainer, Matrix, Model } from '@xai/core';
import { isValueModel, selectRows } from '@xai/core';

/** Where a plot's base value comes from. @since 0.3.0 */
export type PlotBaseSource = 'background' | 'baseline' | 'training-mean';

/**
 * The class every plot explains: class 1 of a classifier (a fixed class keeps signs comparable
 * across rows), output 0 of a value model.
 * @example plotTarget(model) // 1
 * @since 0.3.0
 */
export function plotTarget(model: Model): number {
  return isValueModel(model) || model.classes < 2 ? 0 : 1;
}

interface Reference {
  readonly rows: readonly (readonly number[])[];
  readonly weights: readonly number[] | null;
  readonly from: PlotBaseSource;
}

/**
 * The reference an explainer's attributions add up against, read from its configuration: its
 * background rows (KernelSHAP, exact Shapley, Permutation and Gradient SHAP: Σφ = f(x) − E f(b);
 * a zero background is one zero row), or its baseline for IG with inputs multiplied and DeepLIFT
 * (Σφ = f(x) − f(b)); null for the rest, which add up to nothing in particular.
 */
function referenceOf(id: string, config: unknown, d: number): Reference | null {
  const c = (config ?? {}) as {
    backgroundRows?: readonly (readonly number[])[] | null;
    backgroundWeights?: readonly number[] | null;
    background?: string;
    baselineVector?: readonly number[] | null;
    multiplyByInputs?: boolean;
  };
  const zeros = Array.from({ length: d }, () => 0);
  if (c.backgroundRows) return { rows: c.backgroundRows, weights: c.backgroundWeights ?? null, from: 'background' };
  if (c.background === 'zeros') return { rows: [zeros], weights: null, from: 'background' };
  if ((id === 'ig' && c.multiplyByInputs === true) || id === 'deeplift')
    return { rows: [c.baselineVector ?? zeros], weights: null, from: 'baseline' };
  return null;
}

/** Mean of the model's output for `target` over rows, weighted when weights are given. */
function meanOutput(model: Model, rows: Matrix, target: number, weights: readonly number[] | null): number {
  const p = model.predictProba(rows);
  let sum = 0;
  let total = 0;
  for (let i = 0; i < rows.rows; i++) {
    const w = weights?.[i] ?? 1;
    sum += w * p.data[i * p.cols + target]!;
    total += w;
  }
  return sum / total;
}

/** Training rows used for the training-mean base: at most this many, evenly spaced. */
const BASE_ROWS = 2000;

/**
 * The base value of an explainer's plots on one model: the mean output for `target` over its
 * background or at its baseline when its attributions add up against it, else over (up to 2000
 * evenly spaced) training rows.
 * @example plotBase(model, createExplainer('shap', { train }), train, 1) // { base: 0.43, from: 'background' }
 * @since 0.3.0
 */
export function plotBase(
  model: Model,
  explainer: Explainer & { readonly config?: unknown },
  train: Matrix,
  target: number,
): { base: number; from: PlotBaseSource } {
  const ref = referenceOf(explainer.id, explainer.config, train.cols);
  if (ref !== null) {
    const rows = { rows: ref.rows.length, cols: train.cols, data: Float64Array.from(ref.rows.flat()) };
    return { base: meanOutput(model, rows, target, ref.weights), from: ref.from };
  }
  const step = Math.max(1, Math.ceil(train.rows / BASE_ROWS));
  const idx = Int32Array.from({ length: Math.ceil(train.rows / step) }, (_, k) => k * step);
  return { base: meanOutput(model, selectRows(train, idx), target, null), from: 'training-mean' };
}

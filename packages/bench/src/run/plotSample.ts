// What the report's explanation plots need from a unit, kept on the result rows of the first
// test instances: the instance's feature values, the model's output, the attributions towards
// one fixed class, and the base value the plot starts from (and where it comes from).
import type { Explainer, Matrix, Model } from '@xai/core';
import { contiguous, isValueModel, predictLabels, row, selectRows } from '@xai/core';

/** Instances (the first of the test split) whose explainer rows carry a plot sample. */
export const PLOT_INSTANCES = 50;

/** Where a plot's base value comes from. */
export type PlotBaseSource = 'background' | 'baseline' | 'training-mean';

/** One instance as the explanation plots draw it (numbers rounded to 6 significant digits). */
export interface PlotSample {
  /** Feature values as the model reads them. */
  readonly x: readonly number[];
  /** Attributions towards `target`. */
  readonly a: readonly number[];
  /** The class (or output) explained: class 1 of a classifier, output 0 of a value model, whatever the row predicts. */
  readonly target: number;
  /** The model's output for `target` at x (a probability, or the value). */
  readonly f: number;
  /** The plot's base value for `target`, and its source: the explainer's background or baseline, else the training rows. */
  readonly base: number;
  readonly baseFrom: PlotBaseSource;
}

/** The class every plot explains: class 1 of a classifier (a fixed class keeps signs comparable across rows), output 0 of a value model. */
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

const r6 = (v: number): number => (Number.isFinite(v) ? Number(v.toPrecision(6)) : v);

/**
 * The plot samples of a block's first `n` rows: attributions towards `target` (the scored ones
 * where the row's predicted class is `target`; the others explained again for `target`), the
 * output at x and the base value.
 */
export function plotSamples(
  model: Model,
  x: Matrix,
  scored: Matrix,
  n: number,
  base: { base: number; from: PlotBaseSource },
  explainAgain: (rows: Matrix, targets: Int32Array, positions: Int32Array) => Matrix,
): PlotSample[] {
  if (n <= 0) return [];
  const target = plotTarget(model);
  const head = selectRows(
    x,
    Int32Array.from({ length: n }, (_, i) => i),
  );
  const predicted = isValueModel(model) ? new Int32Array(n) : predictLabels(model, head);
  const again = Int32Array.from(predicted.keys()).filter((i) => predicted[i] !== target);
  const redone =
    again.length > 0 ? contiguous(explainAgain(selectRows(x, again), new Int32Array(again.length).fill(target), again), true) : null;
  const p = model.predictProba(head);
  const a = contiguous(scored, true);
  return Array.from({ length: n }, (_, i) => {
    const k = again.indexOf(i);
    const attr = k >= 0 ? row(redone!, k) : row(a, i);
    return {
      x: Array.from(row(head, i), r6),
      a: Array.from(attr, r6),
      target,
      f: r6(p.data[i * p.cols + target]!),
      base: r6(base.base),
      baseFrom: base.from,
    };
  });
}

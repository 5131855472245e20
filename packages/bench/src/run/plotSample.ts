// What the report's explanation plots need from a unit, kept on the result rows of the first
// test instances: the instance's feature values, the model's output, the attributions towards
// one fixed class, and the base value the plot starts from (and where it comes from).
import type { Matrix, Model } from '@xai/core';
import { contiguous, isValueModel, predictLabels, row, selectRows } from '@xai/core';
import type { PlotBaseSource } from '@xai/explainers/plotBase';
import { plotTarget } from '@xai/explainers/plotBase';

export type { PlotBaseSource } from '@xai/explainers/plotBase';
export { plotBase, plotTarget } from '@xai/explainers/plotBase';

/** Instances (the first of the test split) whose explainer rows carry a plot sample. */
export const PLOT_INSTANCES = 50;

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

// How a model does on labelled held-out rows beside what a constant guess would do: the one rule
// (and wording) every place that shows a model's scores uses to flag a model at or below chance.
import type { Matrix, Model } from '@xai/core';
import { argmaxRows } from '@xai/core';

/** How a model does on the labelled test rows, beside what a constant guess would do. @since 0.3.0 */
export interface ModelSanity {
  /** Test rows scored. */
  readonly rows: number;
  /** Share of test rows whose predicted class is the label. */
  readonly accuracy: number;
  /** Share of the most common test label: the accuracy of always guessing it. */
  readonly baseRate: number;
  /** Share of test rows given the model's most common prediction (1 = constant). */
  readonly constantShare: number;
  /** The model's most common predicted class. */
  readonly modalPrediction: number;
  /** Null when the model beats the base rate and varies its predictions; else why not. */
  readonly problem: 'constant' | 'at-or-below-base-rate' | null;
  /**
   * For a flagged model whose outputs fit the labels above the base rate once put in another
   * class order: `outputs[c]` is the label class output c matches best, with that accuracy. A model
   * file that names no classes has its outputs matched to the label's classes by position, so this
   * is the usual sign of a file trained with another class order. @since 0.3.0
   */
  readonly classOrder?: { readonly outputs: Int32Array; readonly accuracy: number };
}

/** Up to this many classes every class order is tried (8! = 40320 orders). */
const MAX_ORDERED_CLASSES = 8;

/** Share of the most frequent value of `v` (values in [0, k)), and that value. */
function mode(v: Int32Array, k: number): { value: number; share: number } {
  const counts = new Int32Array(k);
  for (let i = 0; i < v.length; i++) counts[v[i]!]!++;
  let best = 0;
  for (let c = 1; c < k; c++) if (counts[c]! > counts[best]!) best = c;
  return { value: best, share: v.length === 0 ? Number.NaN : counts[best]! / v.length };
}

/**
 * Accuracy beside the base rate and the share of constant predictions, on the test rows in the
 * model's own input space. A model that predicts one class for every row, or whose accuracy is
 * not above the base rate, is flagged: its explanations explain nothing useful, and a model fed
 * the wrong input space (e.g. scaled rows for a model trained on raw columns) looks exactly so.
 * @example const s = modelSanity(model, test.x, test.y, 2); if (s.problem) warn(sanityWarning(s, 'my model'))
 * @since 0.3.0
 */
export function modelSanity(model: Model, x: Matrix, y: Int32Array, classes: number): ModelSanity {
  const predicted = argmaxRows(model.predictProba(x));
  let hits = 0;
  for (let i = 0; i < y.length; i++) if (predicted[i] === y[i]) hits++;
  const accuracy = y.length === 0 ? Number.NaN : hits / y.length;
  const base = mode(y, classes);
  const pred = mode(predicted, Math.max(classes, model.classes));
  // A small margin above the base rate so float ties (accuracy == base rate) count as "not above".
  const problem = pred.share === 1 ? 'constant' : accuracy <= base.share + 1e-12 ? 'at-or-below-base-rate' : null;
  const order = problem === null ? null : bestClassOrder(predicted, y, classes, base.share);
  return {
    rows: y.length,
    accuracy,
    baseRate: base.share,
    constantShare: pred.share,
    modalPrediction: pred.value,
    problem,
    ...(order !== null ? { classOrder: order } : {}),
  };
}

/**
 * The class order (output c read as label class outputs[c]) with the most hits, when it is not the
 * identity and beats the base rate; null otherwise, or past MAX_ORDERED_CLASSES classes.
 */
function bestClassOrder(
  predicted: Int32Array,
  y: Int32Array,
  k: number,
  baseRate: number,
): { outputs: Int32Array; accuracy: number } | null {
  if (k < 2 || k > MAX_ORDERED_CLASSES || y.length === 0) return null;
  const hits = new Float64Array(k * k); // hits[c * k + l]: rows predicted c with label l
  for (let i = 0; i < y.length; i++) if (predicted[i]! < k && y[i]! < k) hits[predicted[i]! * k + y[i]!]!++;
  const perm = Int32Array.from({ length: k }, (_, c) => c);
  let best = { outputs: perm.slice(), count: -1 };
  const visit = (c: number, used: number, count: number): void => {
    if (c === k) {
      if (count > best.count) best = { outputs: perm.slice(), count };
      return;
    }
    for (let l = 0; l < k; l++) {
      if (used & (1 << l)) continue;
      perm[c] = l;
      visit(c + 1, used | (1 << l), count + hits[c * k + l]!);
    }
  };
  visit(0, 0, 0);
  const accuracy = best.count / y.length;
  const identity = best.outputs.every((l, c) => l === c);
  return identity || accuracy <= baseRate + 1e-12 ? null : { outputs: best.outputs, accuracy };
}

/**
 * The warning for a flagged model, `where` first (null when nothing is wrong), with the class
 * order that fits when there is one (`classNames` in output order name the classes); callers add
 * the advice that fits their inputs.
 * @since 0.3.0
 */
export function sanityWarning(s: ModelSanity, where: string, classNames?: readonly string[]): string | null {
  if (s.problem === null) return null;
  const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
  const what =
    s.problem === 'constant'
      ? `predicts class ${s.modalPrediction} for all ${s.rows} test rows`
      : `test accuracy ${pct(s.accuracy)} is not above the base rate ${pct(s.baseRate)} (always guessing the commonest label); ${pct(s.constantShare)} of its predictions are class ${s.modalPrediction}`;
  const warning = `${where}: the model ${what} — its explanations are not worth scoring.`;
  if (s.classOrder === undefined) return warning;
  const name = (c: number): string => (classNames?.[c] !== undefined ? `${c} (${classNames[c]})` : `${c}`);
  const order = [...s.classOrder.outputs].map((l, c) => `output ${c} as class ${name(l)}`).join(', ');
  return `${warning} Its outputs read in another class order (${order}) give accuracy ${pct(s.classOrder.accuracy)}: were they trained in that order?`;
}

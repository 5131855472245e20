// The per-call class options of every explainer: `targets` (a class per row) or its scalar form
// `explainedClass` (one class on every row), resolved once so each explainer reads Int32Array targets.
import type { ExplainOptions } from './explainer.js';
import { XaiError, describeValue } from './errors.js';

/**
 * The targets an explain call asks for: `explainedClass` filled over the n rows (an integer in
 * [0, classes), BAD_OPTION otherwise, and BAD_OPTION beside `targets`), else `targets` as given
 * (the caller checks it), else undefined (the explainer's default: each row's predicted class).
 * @example explainTargets({ explainedClass: 1 }, 3, 2, 'shap.explain') // Int32Array [1, 1, 1]
 * @since 0.3.0
 */
export function explainTargets(options: ExplainOptions | undefined, n: number, classes: number, fn: string): Int32Array | undefined {
  const k = options?.explainedClass as unknown;
  if (k === undefined) return options?.targets;
  if (options?.targets !== undefined)
    throw new XaiError('BAD_OPTION', 'give targets (a class per row) or explainedClass (one class on every row), not both', {
      fn,
      arg: 'explainedClass',
      value: k,
    });
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k >= Math.max(classes, 1))
    throw new XaiError('BAD_OPTION', `is ${describeValue(k)}, not a class index in [0, ${Math.max(classes, 1)})`, {
      fn,
      arg: 'explainedClass',
      value: k,
    });
  return new Int32Array(n).fill(k);
}

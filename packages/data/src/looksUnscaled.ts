import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, checkOptions, describeValue, strideOf } from '@xai/core';

export interface LooksUnscaledOptions {
  /** Column names for the message. @defaultValue x0, x1, ... */
  readonly featureNames?: readonly string[];
  /** How far outside [0, 1] counts as far: values below -margin or above 1 + margin. @defaultValue 1 */
  readonly margin?: number;
}

/**
 * For a model that carries no preprocessing block: a warning when its input rows do not
 * look like min-max-scaled data (any value below `-margin` or above `1 + margin`, default
 * [-1, 2]), naming the columns furthest out; undefined when they do. Raw rows fed to a
 * model trained on scaled ones give explanations of a saturated model (often all zeros),
 * so this must be said, not left silent.
 * @example looksUnscaled(fromRows([[52, 0.3]]))  // 'input rows look unscaled: ...'
 * @since 0.2.0
 */
export function looksUnscaled(x: Matrix, options: LooksUnscaledOptions = {}): string | undefined {
  const fn = 'looksUnscaled';
  checkOptions(options, ['featureNames', 'margin'], fn);
  assertMatrix(x, fn, 'x');
  const { featureNames, margin = 1 } = options;
  if (!(margin >= 0 && Number.isFinite(margin)))
    throw new XaiError('BAD_OPTION', `margin must be a finite number >= 0, got ${describeValue(margin)}`, {
      fn,
      arg: 'margin',
      value: margin,
    });
  if (featureNames !== undefined && featureNames.length !== x.cols)
    throw new XaiError('SHAPE_MISMATCH', `${featureNames.length} feature names for ${x.cols} columns`, {
      fn,
      arg: 'featureNames',
      value: featureNames.length,
    });
  const s = strideOf(x);
  const o = x.offset ?? 0;
  const far: { j: number; min: number; max: number; count: number }[] = [];
  for (let j = 0; j < x.cols; j++) {
    let min = Infinity;
    let max = -Infinity;
    let count = 0;
    for (let i = 0; i < x.rows; i++) {
      const v = x.data[o + i * s + j]!;
      if (v < min) min = v;
      if (v > max) max = v;
      if (v < -margin || v > 1 + margin) count++;
    }
    if (count > 0) far.push({ j, min, max, count });
  }
  if (far.length === 0) return undefined;
  const name = (j: number): string => featureNames?.[j] ?? `x${j}`;
  const worst = far
    .sort((a, b) => Math.max(b.max - 1, -b.min) - Math.max(a.max - 1, -a.min))
    .slice(0, 3)
    .map((f) => `${name(f.j)} in [${f.min}, ${f.max}]`)
    .join(', ');
  return `input rows look unscaled: ${far.length} of ${x.cols} columns have values far outside [0, 1] (${worst}); the model carries no preprocessing block, so nothing is rescaled — if it was trained on min-max-scaled data, scale these rows the same way (or save the model with its preprocessing)`;
}

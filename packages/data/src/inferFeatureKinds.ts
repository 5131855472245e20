import type { FeatureKind, Matrix } from '@xai/core';
import { XaiError, checkOptions, assertMatrix, describeValue, strideOf } from '@xai/core';

export interface InferFeatureKindsOptions {
  /**
   * A column whose values are all integers with at most this many distinct values is
   * `discrete`. The default 2 (binary indicators) reproduces OpenXAI's kinds on adult,
   * compas, heloc, pima and gaussian; ordinal codes (1..4) stay continuous, as OpenXAI has them.
   * @defaultValue 2
   */
  readonly maxDiscreteLevels?: number;
}

/** Default of {@link InferFeatureKindsOptions.maxDiscreteLevels}. */
export const DEFAULT_MAX_DISCRETE_LEVELS = 2;

/** A NaN or an infinity would make its column 'continuous' silently: NON_FINITE naming the cell instead. */
function checkFinite(x: Matrix, stride: number, offset: number): void {
  for (let i = 0; i < x.rows; i++)
    for (let j = 0, p = offset + i * stride; j < x.cols; j++, p++) {
      const v = x.data[p]!;
      if (v - v !== 0)
        throw new XaiError('NON_FINITE', `x[${i}][${j}] is ${describeValue(v)}: kinds are inferred from finite values only`, {
          fn: 'inferFeatureKinds',
          arg: 'x',
          row: i,
          column: j,
          value: v,
        });
    }
}

/**
 * Guesses each column's kind: few distinct integer values -> 'discrete', else 'continuous'.
 * A NaN or infinite value is NON_FINITE naming its row and column.
 * @example inferFeatureKinds(fromRows([[0, 1.5], [1, 2.5]]))  // ['discrete', 'continuous']
 * @since 0.1.0
 */
export function inferFeatureKinds(x: Matrix, options: InferFeatureKindsOptions = {}): FeatureKind[] {
  checkOptions(options, ['maxDiscreteLevels'], 'inferFeatureKinds');
  assertMatrix(x, 'inferFeatureKinds', 'x');
  const { maxDiscreteLevels = DEFAULT_MAX_DISCRETE_LEVELS } = options;
  if (!Number.isInteger(maxDiscreteLevels) || maxDiscreteLevels < 0) {
    throw new XaiError('BAD_OPTION', `maxDiscreteLevels must be a non-negative integer, got ${describeValue(maxDiscreteLevels)}`, {
      fn: 'inferFeatureKinds',
      arg: 'maxDiscreteLevels',
      value: maxDiscreteLevels,
    });
  }
  const stride = strideOf(x);
  const offset = x.offset ?? 0;
  checkFinite(x, stride, offset);
  const kinds: FeatureKind[] = [];
  const levels = new Float64Array(maxDiscreteLevels + 1);
  for (let j = 0; j < x.cols; j++) {
    let count = 0;
    let discrete = x.rows > 0;
    for (let i = 0, p = offset + j; i < x.rows; i++, p += stride) {
      const v = x.data[p]!;
      if (!Number.isInteger(v)) {
        discrete = false;
        break;
      }
      let known = false;
      for (let k = 0; k < count; k++)
        if (levels[k] === v) {
          known = true;
          break;
        }
      if (known) continue;
      if (count === maxDiscreteLevels) {
        discrete = false;
        break;
      }
      levels[count++] = v;
    }
    kinds.push(discrete ? 'discrete' : 'continuous');
  }
  return kinds;
}

// Option checks of the explainer factories beyond core's value checkers (intOption, numberOption,
// booleanOption, enumOption, seedOption, checkOptions): a training matrix, a vector, feature groups.
// Each throws BAD_OPTION naming the factory, the option and the value.
import type { Matrix } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, describeValue } from '@xai/core';

/** A finite training matrix (or undefined). */
export function trainOption(fn: string, value: unknown): Matrix | undefined {
  if (value === undefined) return undefined;
  try {
    assertMatrix(value, fn, 'train');
    assertFinite(value, fn, 'train');
  } catch (e) {
    if (e instanceof XaiError) throw new XaiError('BAD_OPTION', e.message, { ...e.details, fn, arg: 'train' });
    throw e;
  }
  if (value.rows === 0 || value.cols === 0)
    throw new XaiError('BAD_OPTION', `train is empty (${value.rows}x${value.cols})`, { fn, arg: 'train', value: [value.rows, value.cols] });
  return value;
}

/** A finite vector given as Float64Array or number array, copied. */
export function vectorOption(fn: string, arg: string, value: unknown): Float64Array {
  if (!(value instanceof Float64Array) && !Array.isArray(value)) {
    throw new XaiError('BAD_OPTION', `expected a Float64Array or number[], got ${describeValue(value)}`, { fn, arg, value });
  }
  const v = Float64Array.from(value as ArrayLike<number>);
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i]!))
      throw new XaiError('BAD_OPTION', `entry ${i} is ${describeValue((value as ArrayLike<unknown>)[i])}, not a finite number`, {
        fn,
        arg,
        value: (value as ArrayLike<unknown>)[i],
        index: i,
      });
  }
  return v;
}

/** Feature groups: an array of arrays of column indices (fully checked against d at explain time by core's `featureUnits`). */
export function groupsOption(fn: string, value: unknown): number[][] {
  if (!Array.isArray(value))
    throw new XaiError('BAD_OPTION', `expected an array of column-index arrays, got ${describeValue(value)}`, { fn, arg: 'groups', value });
  return value.map((g: unknown, k) => {
    if (!Array.isArray(g) || g.length === 0 || !g.every((j) => Number.isSafeInteger(j) && (j as number) >= 0)) {
      throw new XaiError('BAD_OPTION', `group ${k} is ${describeValue(g)}, expected a non-empty array of column indices`, {
        fn,
        arg: 'groups',
        value: g,
        index: k,
      });
    }
    return Array.from(g as number[]);
  });
}

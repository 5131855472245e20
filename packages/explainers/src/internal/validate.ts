// Option checks shared by the explainer factories. Each throws BAD_OPTION naming the
// factory, the option and the value, so a typo or a bad number fails at creation time.
import type { Matrix } from '@xai/core';
import { XaiError, assertFinite, assertMatrix, checkOptions, describeValue } from '@xai/core';

/** Rejects keys the factory does not know (catches typos such as `nSample`), with core's did-you-mean. */
export function checkKnownKeys(fn: string, options: object, known: readonly string[]): void {
  checkOptions(options, known, fn);
}

export function positiveInteger(fn: string, arg: string, value: unknown, min = 1): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new XaiError('BAD_OPTION', `expected an integer >= ${min}, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

export function nonNegativeNumber(fn: string, arg: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new XaiError('BAD_OPTION', `expected a finite number >= 0, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

export function positiveNumber(fn: string, arg: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new XaiError('BAD_OPTION', `expected a finite number > 0, got ${describeValue(value)}`, { fn, arg, value });
  }
  return value;
}

export function booleanOption(fn: string, arg: string, value: unknown): boolean {
  if (typeof value !== 'boolean')
    throw new XaiError('BAD_OPTION', `expected true or false, got ${describeValue(value)}`, { fn, arg, value });
  return value;
}

export function oneOf<T extends string>(fn: string, arg: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new XaiError('BAD_OPTION', `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${describeValue(value)}`, {
      fn,
      arg,
      value,
    });
  }
  return value as T;
}

export function seedOption(fn: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new XaiError('BAD_OPTION', `expected a safe integer, got ${describeValue(value)}`, { fn, arg: 'seed', value });
  }
  return value;
}

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

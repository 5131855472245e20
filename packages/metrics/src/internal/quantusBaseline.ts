// Quantus' `perturb_baseline` for a feature vector: a number, one value per feature, or a
// statistic of the instance itself ('black' = its minimum, 'white' = its maximum).
import { XaiError } from '@xai/core';
import { baselineVector } from './common.js';
import type { Baseline } from './common.js';

/** What a removed feature is replaced by. */
export type QuantusBaseline = Baseline | 'black' | 'white';

/** Fills `out` with the baseline of instance `xi`. */
export type BaselineFill = (xi: ArrayLike<number>, out: Float64Array) => Float64Array;

/** Checks `value` once and returns the per-instance fill. */
export function baselineFill(value: unknown, d: number, fn: string): BaselineFill {
  if (value === 'black' || value === 'white') {
    const pick = value === 'black' ? Math.min : Math.max;
    return (xi, out) => {
      let v = xi[0]!;
      for (let j = 1; j < d; j++) v = pick(v, xi[j]!);
      return out.fill(v);
    };
  }
  if (typeof value === 'string')
    throw new XaiError('BAD_OPTION', `baseline must be a number, ${d} values, 'black' or 'white', got '${value}'`, {
      fn,
      arg: 'options.baseline',
      value,
    });
  const fixed = baselineVector(value as Baseline, d, fn);
  return (_xi, out) => {
    out.set(fixed);
    return out;
  };
}

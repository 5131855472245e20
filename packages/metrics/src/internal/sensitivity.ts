// Re-explanation under input perturbation, shared by max/avg-sensitivity and the local
// Lipschitz estimate: n·samples perturbed rows, ONE explain call.
import { XaiError, describeValue, matrix, row } from '@xai/core';
import type { Matrix, Rng } from '@xai/core';
import type { Prepared } from './common.js';
import { repeatTargets, rowRng } from './common.js';

export type Norm = 'l1' | 'l2' | 'linf';

export function checkNorm(value: unknown, fn: string): Norm {
  if (value !== 'l1' && value !== 'l2' && value !== 'linf')
    throw new XaiError('BAD_OPTION', `norm must be 'l1', 'l2' or 'linf', got ${describeValue(value)}`, { fn, arg: 'options.norm', value });
  return value;
}

export function normOf(v: ArrayLike<number>, norm: Norm): number {
  let acc = 0;
  for (let j = 0; j < v.length; j++) {
    const a = Math.abs(v[j]!);
    if (norm === 'l1') acc += a;
    else if (norm === 'l2') acc += a * a;
    else if (a > acc) acc = a;
  }
  return norm === 'l2' ? Math.sqrt(acc) : acc;
}

export function normOfDiff(a: ArrayLike<number>, b: ArrayLike<number>, norm: Norm, tmp: Float64Array): number {
  for (let j = 0; j < tmp.length; j++) tmp[j] = a[j]! - b[j]!;
  return normOf(tmp, norm);
}

/** Fills `out` with a perturbed copy of `x` (row of the instance). */
export type PerturbRow = (x: Float64Array, rng: Rng, out: Float64Array) => void;

/** The stacked perturbed inputs (n·S x d) and their explanations; e0 is the unperturbed explanation. */
/** e0 is `input.attributions` when given (validated by `prepare`), else explain(model, x, targets). */
export function reExplain(
  p: Prepared,
  S: number,
  seed: number,
  label: string,
  perturb: PerturbRow,
  keys: Float64Array | null = null,
): { big: Matrix; e0: Matrix; eb: Matrix } {
  const { x, n, d, model, targets, explain } = p;
  const big = matrix(n * S, d);
  for (let i = 0; i < n; i++) {
    const xi = row(x, i);
    const rng = rowRng(x, i, seed, label, keys);
    for (let s = 0; s < S; s++) {
      const at = (i * S + s) * d;
      perturb(xi, rng, big.data.subarray(at, at + d));
    }
  }
  const e0 = p.given ? p.attributions : explain(model, x, targets);
  const eb = explain(model, big, repeatTargets(targets, S));
  return { big, e0, eb };
}

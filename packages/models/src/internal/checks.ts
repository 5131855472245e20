// Boundary checks shared by the models and the adapter.
import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue } from '@xai/core';

/** A validated n x cols output buffer, or a new one. */
export function outputBuffer(fn: string, arg: string, rows: number, cols: number, out: Matrix | undefined): Matrix {
  if (out === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  assertMatrix(out, fn, arg, { rows, cols });
  return out;
}

/** Throws unless targets has n integer entries in [0, classes); `arg` names them in errors. */
export function checkTargets(
  fn: string,
  targets: unknown,
  n: number,
  classes: number,
  arg = 'targets',
): asserts targets is ArrayLike<number> {
  const t = targets as ArrayLike<number>;
  if (t === null || typeof t !== 'object' || typeof t.length !== 'number') {
    throw new XaiError('BAD_INPUT', `expected an Int32Array of class indices, got ${describeValue(targets)}`, { fn, arg, value: targets });
  }
  if (t.length !== n)
    throw new XaiError('SHAPE_MISMATCH', `expected ${n} labels (one per row), got ${t.length}`, { fn, arg, value: t.length });
  for (let i = 0; i < n; i++) {
    const v = t[i]!;
    if (!Number.isInteger(v) || v < 0 || v >= classes) {
      throw new XaiError('BAD_INPUT', `entry ${i} is ${describeValue(v)}, expected an integer in [0, ${classes})`, {
        fn,
        arg,
        value: v,
        row: i,
      });
    }
  }
}

/** BAD_OPTION unless `seed` (an option) is a safe integer, as core's rng requires. */
export function checkSeed(fn: string, seed: unknown): void {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed))
    throw new XaiError('BAD_OPTION', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
}

/** BAD_OPTION unless an option value is an integer >= min (widths, class counts, epochs…). */
export function checkIntOption(fn: string, arg: string, value: unknown, min = 1): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
    throw new XaiError('BAD_OPTION', `${arg} must be an integer >= ${min}, got ${describeValue(value)}`, { fn, arg, value });
}

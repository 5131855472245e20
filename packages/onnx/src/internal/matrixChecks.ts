// Input and output-buffer checks shared by the loaded models (assemble) and ortModel.
import type { Matrix } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';

/** x must be a Float64 Matrix with `d` columns; `file` names the model in the message. */
export function checkFeatures(fn: string, x: Matrix, d: number, file: string): void {
  if (x === null || typeof x !== 'object' || !(x.data instanceof Float64Array) || !Number.isInteger(x.rows) || !Number.isInteger(x.cols))
    throw new XaiError('BAD_INPUT', `expected a Matrix over a Float64Array, got ${describeValue(x)}`, { fn, arg: 'x', value: x });
  if (x.cols !== d)
    throw new XaiError('SHAPE_MISMATCH', `${file} takes ${d} features, got a ${x.rows} x ${x.cols} input`, {
      fn,
      arg: 'x',
      file,
      value: x.cols,
    });
}

/** The caller's `out` (checked to be rows x cols) or a new zeroed matrix. */
export function outBuffer(fn: string, rows: number, cols: number, out: Matrix | undefined): Matrix {
  if (out === undefined) return { rows, cols, data: new Float64Array(rows * cols) };
  if (out.rows !== rows || out.cols !== cols)
    throw new XaiError('SHAPE_MISMATCH', `out is ${out.rows}x${out.cols}, expected ${rows}x${cols}`, {
      fn,
      arg: 'out',
      value: [out.rows, out.cols],
    });
  return out;
}

/** One integer target per row, each a class index in [0, classes). */
export function checkTargets(fn: string, targets: ArrayLike<number>, rows: number, classes: number): void {
  if (targets === null || typeof targets !== 'object' || typeof targets.length !== 'number')
    throw new XaiError('BAD_INPUT', `expected an Int32Array of class indices, got ${describeValue(targets)}`, {
      fn,
      arg: 'targets',
      value: targets,
    });
  if (targets.length !== rows)
    throw new XaiError('SHAPE_MISMATCH', `has ${targets.length} entries for ${rows} rows`, { fn, arg: 'targets', value: targets.length });
  for (let i = 0; i < rows; i++) {
    const t = targets[i]!;
    if (!Number.isInteger(t) || t < 0 || t >= classes)
      throw new XaiError('BAD_INPUT', `entry ${i} is ${describeValue(t)}, not a class index in [0, ${classes})`, {
        fn,
        arg: 'targets',
        value: t,
        index: i,
      });
  }
}

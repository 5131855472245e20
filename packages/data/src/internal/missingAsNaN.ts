// Missing cells read as NaN (policy 'nan'): what the fits that need observed values see, and
// what the steps say.
import type { Matrix } from '@xai/core';

/** How many cells of `x` are NaN, and in how many rows. */
export function countMissing(x: Matrix): { readonly cells: number; readonly rows: number } {
  let cells = 0;
  let rows = 0;
  for (let i = 0; i < x.rows; i++) {
    let inRow = 0;
    for (let j = 0; j < x.cols; j++) if (Number.isNaN(x.data[i * x.cols + j]!)) inRow++;
    cells += inRow;
    if (inRow > 0) rows++;
  }
  return { cells, rows };
}

/**
 * `x` with each NaN replaced by a value observed in its column (0 for a column with none), for
 * the kind inference and the scaler fit: neither a level nor a range changes. `x` itself when it
 * holds no NaN.
 */
export function observedValues(x: Matrix): Matrix {
  if (!x.data.some(Number.isNaN)) return x;
  const { rows: n, cols: d } = x;
  const out = Float64Array.from(x.data.subarray(0, n * d));
  for (let j = 0; j < d; j++) {
    let seen = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(out[i * d + j]!)) seen = out[i * d + j]!;
    for (let i = 0; i < n; i++) if (Number.isNaN(out[i * d + j]!)) out[i * d + j] = seen;
  }
  return { rows: n, cols: d, data: out };
}

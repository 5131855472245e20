// Missing cells read as NaN (policy 'nan'): what the steps say.
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

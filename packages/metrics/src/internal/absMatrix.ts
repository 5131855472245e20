import { matrix, row } from '@xai/core';
import type { Matrix } from '@xai/core';

/** A contiguous copy of `m` with |m| (Quantus' `abs=True`), or `m` itself when `abs` is false. */
export function maybeAbs(m: Matrix, abs: boolean): Matrix {
  if (!abs) return m;
  const out = matrix(m.rows, m.cols);
  for (let i = 0; i < m.rows; i++) {
    const r = row(m, i);
    for (let j = 0; j < m.cols; j++) out.data[i * m.cols + j] = Math.abs(r[j]!);
  }
  return out;
}

// Missing cells (NaN) in the rows of a tree model: the column descriptions read past them, the steps that need complete rows refuse them.
import type { Matrix } from '@xai/core';
import { XaiError } from '@xai/core';

/**
 * Rows a tree model read with missing cells (NaN), each NaN replaced by a value its column
 * holds elsewhere (0 for a column with none): kinds and discrete levels come from the observed
 * values only, and a missing value is neither a level nor a non-integer; noise units are the
 * observed ranges. Rows without NaN come back as they are.
 */
export function missingAsObserved(rows: Matrix): Matrix {
  const { rows: n, cols: d, data } = rows;
  if ((rows.offset ?? 0) !== 0 || (rows.stride ?? d) !== d || !data.some(Number.isNaN)) return rows;
  const out = Float64Array.from(data);
  for (let j = 0; j < d; j++) {
    let seen = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(out[i * d + j]!)) seen = out[i * d + j]!;
    for (let i = 0; i < n; i++) if (Number.isNaN(out[i * d + j]!)) out[i * d + j] = seen;
  }
  return { rows: n, cols: d, data: out };
}

/**
 * A BAD_INPUT naming the first missing cell (file, 1-based data row, column) of the rows or the
 * training rows, for a step that needs complete rows; `why` says why and what to do instead.
 */
export function refuseMissingCells(
  rows: { readonly x: Matrix; readonly names: readonly string[]; readonly source: string },
  train: { readonly x: Matrix | undefined; readonly source: string | undefined },
  fn: string,
  why: string,
): void {
  for (const [x, file] of [
    [rows.x, rows.source],
    [train.x, train.source],
  ] as const) {
    if (x === undefined) continue;
    const at = x.data.findIndex(Number.isNaN);
    if (at < 0) continue;
    const i = Math.floor(at / x.cols);
    const name = rows.names[at % x.cols] ?? String(at % x.cols);
    throw new XaiError('BAD_INPUT', `data row ${i + 1}, column ${JSON.stringify(name)} is a missing value; ${why}`, {
      fn,
      arg: file ?? '--train',
      value: null,
      ...(file !== undefined ? { file } : {}),
    });
  }
}

// A tree model file saved with a sentinel missing value (an XGBoost estimator's missing=-999): a data
// cell equal to it is missing to XGBoost but a number to every explainer here, so it is refused,
// naming the data file, row and column, wherever a command meets the data (explain, evaluate, bench).
import type { Matrix } from '@xai/core';
import { refuseMissingValue } from '@xai/trees';

/** The model's sentinel missing value, if its file saved one (a tree model's `info.missingValue`). */
function missingValueOf(model: object): number | undefined {
  return (model as { readonly info?: { readonly missingValue?: number } }).info?.missingValue;
}

/**
 * BAD_INPUT when the model in `file` reads a sentinel value as missing and one of `rows` holds it.
 * @example checkMissingValueCells(treeModel, 'm.json', [{ x, data: 'x.csv', names }], 'xai explain')
 * @since 0.4.0
 */
export function checkMissingValueCells(
  model: object,
  file: string,
  rows: readonly { readonly x: Matrix | undefined; readonly data: string; readonly names?: readonly string[] }[],
  fn: string,
): void {
  const missing = missingValueOf(model);
  if (missing === undefined) return;
  for (const r of rows)
    if (r.x !== undefined) refuseMissingValue(r.x, missing, file, { data: r.data, fn, ...(r.names ? { names: r.names } : {}) });
}

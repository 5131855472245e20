// Rows of raw model columns outside the training range by more than a margin (a fraction of
// the range): a model extrapolates there, which the report should say.
import type { Matrix } from '@xai/core';
import { strideOf } from '@xai/core';

/** One column's rows outside [min - margin * range, max + margin * range]. */
export interface ColumnOutOfRange {
  readonly column: string;
  readonly below: number;
  readonly above: number;
  readonly count: number;
}

export interface OutOfRangeReport {
  /** Only columns with at least one such row, in column order. */
  readonly columns: readonly ColumnOutOfRange[];
  /** Rows with at least one column outside. */
  readonly rows: number;
}

/**
 * Counts, per column in `check`, values below `min - margin * range` or above
 * `max + margin * range` (range = max - min; a constant column flags any other value).
 */
export function countOutOfRange(
  x: Matrix,
  names: readonly string[],
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  check: ArrayLike<boolean>,
  margin: number,
): OutOfRangeReport {
  const d = x.cols;
  const lo = new Float64Array(d);
  const hi = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const range = max[j]! - min[j]!;
    lo[j] = min[j]! - margin * range;
    hi[j] = max[j]! + margin * range;
  }
  const below = new Int32Array(d);
  const above = new Int32Array(d);
  let rows = 0;
  const stride = strideOf(x);
  const offset = x.offset ?? 0;
  for (let i = 0; i < x.rows; i++) {
    let outside = false;
    const p = offset + i * stride;
    for (let j = 0; j < d; j++) {
      if (!check[j]) continue;
      const v = x.data[p + j]!;
      if (v < lo[j]!) {
        below[j] = below[j]! + 1;
        outside = true;
      } else if (v > hi[j]!) {
        above[j] = above[j]! + 1;
        outside = true;
      }
    }
    if (outside) rows++;
  }
  const columns: ColumnOutOfRange[] = [];
  for (let j = 0; j < d; j++) {
    const count = below[j]! + above[j]!;
    if (count > 0) columns.push({ column: names[j]!, below: below[j]!, above: above[j]!, count });
  }
  return { columns, rows };
}

/** One line for a report, or undefined when nothing is outside. */
export function outOfRangeWarning(report: OutOfRangeReport, total: number, margin: number, what: string): string | undefined {
  if (report.rows === 0) return undefined;
  const worst = [...report.columns]
    .sort((a, b) => b.count - a.count)
    .slice(0, 5)
    .map((c) => `${c.column} ${c.count}`)
    .join(', ');
  return `${what}: ${report.rows} of ${total} rows lie outside the training range by more than ${margin * 100}% of the range in some column (${worst}${report.columns.length > 5 ? ', ...' : ''}); the model extrapolates there`;
}

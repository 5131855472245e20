// A sanity cap on the number of model columns: explainers and metrics grow with the width
// (d-wide surrogate fits, d x d matrices, d perturbations per instance), so an accidental
// wide table (a transposed file, an id expanded) is refused before anything trains.
import { XaiError } from '@xai/core';
import type { CsvTable } from './csvTable.js';
import type { RawColumnPlan } from './tableEncoding.js';

/**
 * BAD_INPUT when the plan expands to more than `maxColumns` model columns, naming the figure
 * and the widest raw columns; a schema that lists its features lifts the cap (it was asked for).
 */
export function checkModelWidth(table: CsvTable, plan: readonly RawColumnPlan[], maxColumns: number, listed: boolean): void {
  const width = plan.reduce((w, c) => w + (c.categories?.length ?? 1), 0);
  if (width <= maxColumns || listed) return;
  const widest = plan
    .filter((c) => c.categories)
    .sort((a, b) => b.categories!.length - a.categories!.length)
    .slice(0, 3)
    .map((c) => `${JSON.stringify(c.name)} -> ${c.categories!.length}`);
  throw new XaiError(
    'BAD_INPUT',
    `${table.file}: ${plan.length} feature columns expand to ${width} model columns, more than maxColumns = ${maxColumns}${widest.length > 0 ? ` (one-hot: ${widest.join(', ')})` : ''}: the explainers' and metrics' cost grows with the width (d-wide surrogate fits, d x d matrices); raise maxColumns, or list the features in a schema to take them all`,
    { fn: table.fn, arg: 'file', file: table.file, value: width, limit: maxColumns },
  );
}

// Raw feature columns -> how each becomes model columns: numeric, or categorical with its
// categories. Runs on a screened table (no non-finite cell left, rows with missing values
// dropped when asked), so kinds come from the clean cells only.
import type { UserFeatureKind } from '../userSchema.js';
import type { CellClass } from './cellClass.js';
import { classifyCell, numericCell } from './cellClass.js';
import type { CsvTable } from './csvTable.js';
import { tableError } from './csvTable.js';
import type { RawColumnPlan } from './tableEncoding.js';
import { categoryOf } from './tableEncoding.js';

/** A feature column as declared (schema) or found (header), with why it has its kind. */
export interface DeclaredColumn {
  readonly name: string;
  readonly kind: UserFeatureKind | undefined;
  /** E.g. `declared continuous by s.json: features[1].kind`; added to cell errors. */
  readonly note?: string;
}

export interface PlannedColumns {
  readonly plan: RawColumnPlan[];
  /** Per raw column: the declared kind, 'categorical' when inferred as text, undefined for inferred numeric. */
  readonly rawKinds: (UserFeatureKind | undefined)[];
  readonly warnings: string[];
}

/** Categories sorted, numerically when all are numbers. */
export function sortCategories(values: Iterable<string>): string[] {
  const list = [...values];
  const nums = list.map((v) => numericCell(v));
  if (nums.every((v) => v !== undefined))
    return list
      .map((v, k) => [v, nums[k]!] as const)
      .sort((a, b) => a[1] - b[1])
      .map((p) => p[0]);
  return list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Counts of each cell class in column `j`. */
function classCounts(table: CsvTable, j: number): Record<CellClass, number> {
  const counts: Record<CellClass, number> = { number: 0, blank: 0, marker: 0, nan: 0, 'non-finite': 0, text: 0 };
  for (let i = 0; i < table.dataRows.length; i++) counts[classifyCell(table.records[table.dataRows[i]!]![j]!)]++;
  return counts;
}

/**
 * The inference rule (README "Inference"): a column with a text cell is categorical; else,
 * with at least one number, numeric (blank cells and missing-value markers there are missing
 * values, reported when encoded); a column of missing values only is BAD_INPUT.
 */
function inferKind(table: CsvTable, j: number): 'categorical' | undefined {
  const counts = classCounts(table, j);
  if (counts.text > 0) return 'categorical';
  if (counts.number > 0) return undefined;
  throw tableError(
    table,
    'BAD_INPUT',
    { record: 0, column: j },
    'the column holds no value, only missing ones; drop it or list it in the schema\'s "ignore"',
    j,
  );
}

/** Plans every declared column; `columnIndex[k]` is the header index of declared[k]. */
export function planColumns(
  table: CsvTable,
  declared: readonly DeclaredColumn[],
  columnIndex: Int32Array,
  maxCategories: number,
): PlannedColumns {
  const plan: RawColumnPlan[] = [];
  const rawKinds: (UserFeatureKind | undefined)[] = [];
  const warnings: string[] = [];
  declared.forEach((c, k) => {
    const j = columnIndex[k]!;
    const note = c.note ? { note: c.note } : {};
    const kind = c.kind ?? inferKind(table, j);
    rawKinds.push(kind);
    if (kind !== 'categorical') {
      plan.push({ name: c.name, ...note });
      return;
    }
    const values = new Map<string, number>();
    for (let i = 0; i < table.dataRows.length; i++) {
      const v = categoryOf(table.records[table.dataRows[i]!]![j]!);
      if (v !== '') values.set(v, (values.get(v) ?? 0) + 1);
    }
    if (c.kind === undefined && values.size > maxCategories) {
      throw tableError(
        table,
        'BAD_INPUT',
        { record: 0, column: j },
        `text column with ${values.size} distinct values (more than maxCategories ${maxCategories}): an id or free text? List it in the schema's "ignore", or as "categorical" to expand it anyway`,
        values.size,
      );
    }
    const markers = [...values].filter(([v]) => classifyCell(v) === 'marker');
    if (markers.length > 0)
      warnings.push(
        `${table.file}: column ${JSON.stringify(c.name)} is text and holds missing-value markers, kept as categories: ${markers.map(([v, n]) => `${JSON.stringify(v)} x${n}`).join(', ')} (missing: 'drop-rows' drops such rows instead)`,
      );
    plan.push({ name: c.name, categories: sortCategories(values.keys()), ...note });
  });
  return { plan, rawKinds, warnings };
}

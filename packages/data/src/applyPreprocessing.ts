import type { Matrix, Preprocessing } from '@xai/core';
import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { CsvDelimiter, CsvTable } from './internal/csvTable.js';
import { numericCell, readCsvTable, tableError } from './internal/csvTable.js';
import type { OutOfRangeReport } from './internal/outOfRange.js';
import { countOutOfRange, outOfRangeWarning } from './internal/outOfRange.js';
import type { RawColumnPlan } from './internal/tableEncoding.js';
import { encodeTable } from './internal/tableEncoding.js';

export interface ApplyPreprocessingOptions {
  /** Name used in messages. @defaultValue '<csv>' */
  readonly file?: string;
  /** Margin of the out-of-range count, as a fraction of each column's training range. @defaultValue 0.1 */
  readonly margin?: number;
  /** A category never seen in training: an error naming line and column, or all-zero one-hot columns (counted in `warnings`). @defaultValue 'error' */
  readonly unknownCategories?: 'error' | 'zeros';
  /** Columns of the file to drop (ids); anything else the model does not use is an error. @defaultValue [] */
  readonly ignore?: readonly string[];
  /** @defaultValue 'auto' */
  readonly delimiter?: CsvDelimiter | 'auto';
}

/** Defaults of {@link ApplyPreprocessingOptions}. */
export const APPLY_PREPROCESSING_DEFAULTS = Object.freeze({ margin: 0.1, unknownCategories: 'error' as const });

/** Raw rows turned into model inputs. */
export interface PreprocessedRows {
  /** Model inputs (one-hot expanded, scaled), rows in file order, columns in `preprocessing.features` order. */
  readonly x: Matrix;
  /** The same before scaling. */
  readonly raw: Matrix;
  readonly names: readonly string[];
  /** When the file holds the label column: class indices (classification; `preprocessing.label.classes` order). */
  readonly y?: Int32Array;
  /** When the file holds the label column of a regression task: its values. */
  readonly targets?: Float64Array;
  /** True when the file's columns came in another order than the model's (they are matched by name). */
  readonly reordered: boolean;
  /** Numeric model columns with rows outside the training range by more than `margin` of it (only with a min-max scaler). */
  readonly outOfRange: OutOfRangeReport;
  readonly margin: number;
  /** Lines for the output and the report (out-of-range rows, unknown categories); empty when nothing is off. */
  readonly warnings: readonly string[];
}

/** The raw columns a preprocessing block expects, with one-hot expansions, in model column order. */
export function rawColumnPlan(p: Preprocessing, fn = 'applyPreprocessing'): RawColumnPlan[] {
  const bad = (why: string, value: unknown): XaiError => new XaiError('BAD_INPUT', `preprocessing: ${why}`, { fn, arg: 'preprocessing', value });
  if (p === null || typeof p !== 'object' || !Array.isArray(p.features) || !Array.isArray(p.kinds)) throw bad('expected { features, kinds, scaler, ... }', p);
  if (p.kinds.length !== p.features.length) throw bad(`${p.kinds.length} kinds for ${p.features.length} features`, p.kinds.length);
  const byName = new Map<string, { column: string; values: readonly string[]; at: number }>();
  for (const enc of p.categorical ?? []) enc.values.forEach((v, at) => byName.set(`${enc.column}=${v}`, { column: enc.column, values: enc.values, at }));
  const plan: RawColumnPlan[] = [];
  for (let j = 0; j < p.features.length; ) {
    const name = p.features[j]!;
    const hit = byName.get(name);
    if (!hit) { plan.push({ name }); j++; continue; }
    if (hit.at !== 0) throw bad(`one-hot column ${JSON.stringify(name)} is not the first of ${hit.column}'s block`, name);
    for (let t = 0; t < hit.values.length; t++) {
      if (p.features[j + t] !== `${hit.column}=${hit.values[t]}`) throw bad(`the one-hot columns of ${hit.column} must follow each other in the order of its values`, p.features[j + t]);
    }
    plan.push({ name: hit.column, categories: hit.values });
    j += hit.values.length;
  }
  for (const enc of p.categorical ?? []) if (!plan.some((c) => c.name === enc.column && c.categories)) throw bad(`categorical column ${enc.column} has no one-hot columns among the features`, enc.column);
  const seen = new Set<string>();
  for (const c of plan) {
    if (seen.has(c.name)) throw bad(`raw column ${JSON.stringify(c.name)} appears twice`, c.name);
    seen.add(c.name);
  }
  return plan;
}

/** Scales model columns with a plain-data scaler, exactly as MinMaxScaler.transform does. */
export function scaleColumns(x: Matrix, scaler: Preprocessing['scaler'], fn = 'applyPreprocessing'): Matrix {
  const d = x.cols;
  const out = new Float64Array(x.rows * d);
  if (scaler.kind === 'none') { out.set(x.data.subarray(0, x.rows * d)); return { rows: x.rows, cols: d, data: out }; }
  const shift = scaler.kind === 'min-max' ? scaler.min : scaler.mean;
  if (shift.length !== d || (scaler.kind === 'min-max' ? scaler.max.length : scaler.std.length) !== d) {
    throw new XaiError('BAD_INPUT', `preprocessing: the ${scaler.kind} scaler has ${shift.length} columns for ${d} features`, { fn, arg: 'preprocessing.scaler', value: shift.length });
  }
  const factor = new Float64Array(d);
  for (let j = 0; j < d; j++) {
    const range = scaler.kind === 'min-max' ? scaler.max[j]! - scaler.min[j]! : scaler.std[j]!;
    factor[j] = range > 0 ? 1 / range : 1; // constant column: scaled by 1, as fitMinMaxScaler
  }
  for (let i = 0; i < x.rows; i++) {
    const p = i * d;
    for (let j = 0; j < d; j++) out[p + j] = (x.data[p + j]! - shift[j]!) * factor[j]!;
  }
  return { rows: x.rows, cols: d, data: out };
}

function quote(names: readonly string[]): string {
  return names.map((n) => JSON.stringify(n)).join(', ');
}

/**
 * Turns raw CSV rows into a model's inputs with the preprocessing block the model was
 * saved with. Columns are matched by NAME: a missing model column or an extra column
 * (neither the label nor in `ignore`) is BAD_INPUT naming it; a duplicated header name is
 * the PARSE_ERROR of the CSV reader; columns in another order are matched by name and put
 * in the model's order (`reordered: true`). Categorical columns are one-hot expanded with
 * the training categories, then the fitted scaler is applied. Rows outside the training
 * range by more than `margin` (default 0.1) of a column's range are counted per column
 * (`outOfRange`) and summed up in `warnings`. A label column, when present, is read too.
 * @example const { x, warnings } = applyPreprocessing(csvText, model.preprocessing, { file: 'rows.csv' })
 * @since 0.2.0
 */
export function applyPreprocessing(table: string | Uint8Array, preprocessing: Preprocessing, options: ApplyPreprocessingOptions = {}): PreprocessedRows {
  const fn = 'applyPreprocessing';
  checkOptions(options, ['file', 'margin', 'unknownCategories', 'ignore', 'delimiter'], fn);
  const { file = '<csv>', margin = APPLY_PREPROCESSING_DEFAULTS.margin, unknownCategories = APPLY_PREPROCESSING_DEFAULTS.unknownCategories, ignore = [], delimiter = 'auto' } = options;
  if (!(margin >= 0 && Number.isFinite(margin))) throw new XaiError('BAD_OPTION', `margin must be a finite number >= 0, got ${describeValue(margin)}`, { fn, arg: 'margin', value: margin });
  if (unknownCategories !== 'error' && unknownCategories !== 'zeros') throw new XaiError('BAD_OPTION', `unknownCategories must be 'error' or 'zeros', got ${describeValue(unknownCategories)}`, { fn, arg: 'unknownCategories', value: unknownCategories });
  if (!Array.isArray(ignore)) throw new XaiError('BAD_OPTION', `ignore must be an array of column names, got ${describeValue(ignore)}`, { fn, arg: 'ignore', value: ignore });
  const plan = rawColumnPlan(preprocessing, fn);
  const t: CsvTable = readCsvTable(table, file, fn, delimiter);
  const missing = plan.map((c) => c.name).filter((n) => !t.header.includes(n));
  if (missing.length > 0) throw tableError(t, 'BAD_INPUT', { record: 0, column: -1 }, `missing column(s) ${quote(missing)} that the model needs; the file has ${quote(t.header)}`, missing);
  const labelName = preprocessing.label?.name;
  const notIgnored = ignore.filter((n) => !t.header.includes(n));
  if (notIgnored.length > 0) throw new XaiError('BAD_OPTION', `${file}: ignore names column(s) ${quote(notIgnored)} that the file does not have`, { fn, arg: 'ignore', value: notIgnored, file });
  const extra = t.header.filter((h) => h !== labelName && !ignore.includes(h) && !plan.some((c) => c.name === h));
  if (extra.length > 0) throw tableError(t, 'BAD_INPUT', { record: 0, column: t.header.indexOf(extra[0]!) }, `unexpected column(s) ${quote(extra)}: the model has no such input (pass ignore: [...] to drop them)`, extra);
  const columns = Int32Array.from(plan, (c) => t.header.indexOf(c.name));
  let reordered = false;
  for (let k = 1; k < columns.length; k++) if (columns[k]! < columns[k - 1]!) reordered = true;
  const enc = encodeTable(t, plan, columns, unknownCategories);
  const warnings: string[] = [];
  for (const [col, count] of enc.unknown) warnings.push(`${file}: ${count} rows hold a ${col} category not seen in training (encoded as all zeros)`);
  const x = scaleColumns(enc.x, preprocessing.scaler, fn);

  let outOfRange: OutOfRangeReport = { columns: [], rows: 0 };
  if (preprocessing.scaler.kind === 'min-max') {
    const check = plan.flatMap((c) => (c.categories ? c.categories.map(() => false) : [true]));
    outOfRange = countOutOfRange(enc.x, preprocessing.features, preprocessing.scaler.min, preprocessing.scaler.max, check, margin);
    const w = outOfRangeWarning(outOfRange, enc.x.rows, margin, file);
    if (w) warnings.push(w);
  }

  let y: Int32Array | undefined;
  let targets: Float64Array | undefined;
  const lj = labelName === undefined ? -1 : t.header.indexOf(labelName);
  if (lj >= 0) {
    const n = t.dataRows.length;
    if (preprocessing.task === 'regression') {
      targets = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        const record = t.dataRows[i]!;
        const cell = t.records[record]![lj]!;
        const v = numericCell(cell);
        if (v === undefined) throw tableError(t, 'BAD_INPUT', { record, column: lj }, `${describeValue(cell)} is not a number (regression label)`, cell);
        targets[i] = v;
      }
    } else if (preprocessing.label?.classes) {
      const index = new Map(preprocessing.label.classes.map((c, k) => [c, k]));
      y = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const record = t.dataRows[i]!;
        const cell = t.records[record]![lj]!;
        const v = numericCell(cell);
        const key = v === undefined ? cell.trim() : String(v);
        const k = index.get(key);
        if (k === undefined) throw tableError(t, 'BAD_INPUT', { record, column: lj }, `label ${JSON.stringify(key)} is not one of the model's classes ${quote(preprocessing.label.classes)}`, cell);
        y[i] = k;
      }
    }
  }
  return { x, raw: enc.x, names: [...preprocessing.features], ...(y ? { y } : {}), ...(targets ? { targets } : {}), reordered, outOfRange, margin, warnings };
}

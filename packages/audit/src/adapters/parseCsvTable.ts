import { XaiError, describeValue, isXaiError, checkOptions } from '@xai/core';
import { parseCsv } from '@xai/data/parseCsv';
import { readCsvRecords } from '@xai/data/readCsvRecords';

export interface CsvTable {
  /** Feature column names (the label column removed). */
  readonly header: string[];
  /** Row-major features: numbers as is, text columns as codes of their sorted distinct values. */
  readonly data: Float64Array;
  readonly rows: number;
  /**
   * Label per row. A numeric label column is given in canonical number form
   * (`String(Number(v))`), so `1`, `1.0` and `+1` are one class; text labels as written (trimmed).
   */
  readonly labels: string[];
  /** The label column holds numbers (classes then sort numerically). */
  readonly numericLabels: boolean;
  readonly labelName: string;
  /** Text columns and their value lists (code = index). */
  readonly categorical: Readonly<Record<string, readonly string[]>>;
}

export interface ParseCsvTableOptions {
  /** Label column. @defaultValue the last column */
  readonly label?: string;
  /** File name used in errors. @defaultValue 'csv' */
  readonly name?: string;
  /**
   * Cell values that mean "missing" (trimmed, exact), read as NaN in numeric columns, e.g.
   * `['', 'NA', '?']`; the missing-pattern probe inspects them. A missing label is still an
   * error. @defaultValue none (any non-number in a numeric column is an error)
   */
  readonly missing?: readonly string[];
  /** Columns read as text whatever their cells (e.g. the text columns of the train file, for its test file). */
  readonly text?: readonly string[];
}

// Strict decimal syntax (Number() alone accepts '', '0x1f', 'Infinity'), as in @xai/data.
const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
const NON_FINITE_WORD = /^\s*[+-]?(?:nan|inf|infinity)\s*$/i;

/**
 * Parses a CSV text with a header row into features and labels. The label column is
 * `label` or, when not given, the last column. A BOM is dropped and blank lines are skipped.
 *
 * All-numeric tables go through `@xai/data`'s `parseCsv` (strict finite decimals). A table
 * with text columns (e.g. string ids, for the id-column probe) is read by `@xai/data`'s `readCsvRecords`:
 * a column where at least half the cells are numbers is numeric, and any other cell in it is
 * a typed error (`NON_FINITE` for NaN/Infinity/overflow, `PARSE_ERROR` for `?` and the like:
 * one missing-value marker never turns a numeric column into text codes); other columns are
 * text, coded by their sorted distinct values. Ragged rows and empty cells are PARSE_ERRORs
 * naming the file and the line.
 * @since 0.1.0
 */
export function parseCsvTable(text: string, options: ParseCsvTableOptions = {}): CsvTable {
  checkOptions(options, ['label', 'name', 'missing', 'text'], 'parseCsvTable');
  const name = options.name ?? 'csv';
  let numeric: ReturnType<typeof parseCsv> | undefined;
  const missing = new Set(options.missing ?? []);
  try {
    if (missing.size === 0 && (options.text ?? []).length === 0) numeric = parseCsv(text, { file: name });
  } catch (e) {
    // A cell that is not a finite number may be a text column: read the table as text below.
    // Structural problems (empty file, ragged row, header) are reported as they are.
    const d = isXaiError(e) ? (e.details as { line?: number; columnIndex?: number } | undefined) : undefined;
    const cellError =
      isXaiError(e) && (e.code === 'PARSE_ERROR' || e.code === 'NON_FINITE') && d?.columnIndex !== undefined && (d.line ?? 1) > 1;
    if (!cellError) throw e;
  }
  return numeric ? fromNumeric(numeric, options, name) : fromText(text, options, name, missing);
}

function labelIndex(header: readonly string[], label: string | undefined, name: string, fn: string): { li: number; labelName: string } {
  if (header.length < 2)
    throw new XaiError('PARSE_ERROR', `${name}: need a header with at least two columns`, {
      fn,
      arg: 'file',
      value: header.length,
      file: name,
      line: 1,
    });
  const labelName = label ?? header[header.length - 1]!;
  const li = header.indexOf(labelName);
  if (li < 0)
    throw new XaiError('NOT_FOUND', `${name}: no label column "${labelName}" (columns: ${header.join(', ')})`, {
      fn,
      arg: 'label',
      value: labelName,
      file: name,
    });
  return { li, labelName };
}

function fromNumeric(t: ReturnType<typeof parseCsv>, options: ParseCsvTableOptions, name: string): CsvTable {
  const { li, labelName } = labelIndex(t.header, options.label, name, 'parseCsvTable');
  const n = t.x.rows;
  const D = t.x.cols;
  const d = D - 1;
  const data = new Float64Array(n * d);
  const labels: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0, k = 0; j < D; j++) {
      const v = t.x.data[i * D + j]!;
      if (j === li) labels[i] = String(v);
      else data[i * d + k++] = v;
    }
  }
  return { header: t.header.filter((_, j) => j !== li), data, rows: n, labels, numericLabels: true, labelName, categorical: {} };
}

function fromText(text: string, options: ParseCsvTableOptions, name: string, missing: ReadonlySet<string>): CsvTable {
  const fn = 'parseCsvTable';
  // Decimal commas (`1,3`, `1.178,84`) follow @xai/data's one rule: numbers in a ';' or tab table, refused (named) in a ',' one.
  const { header, rows, lines } = readCsvRecords(text, { file: name, fn, missing: [...missing] });
  const { li, labelName } = labelIndex(header, options.label, name, fn);
  // The reader has checked the structure: unique non-empty header names, data rows as wide as the header.
  const D = header.length;
  const n = rows.length;
  // Column-major trimmed cells.
  const cells: string[][] = Array.from({ length: D }, () => new Array<string>(n));
  rows.forEach((r, i) => {
    for (let j = 0; j < D; j++) {
      const v = r[j]!.trim();
      if (v === '' && !missing.has(''))
        throw new XaiError('PARSE_ERROR', `${name}:${lines[i]}: empty value in column "${header[j]}"`, {
          fn,
          arg: 'file',
          value: header[j],
          file: name,
          line: lines[i],
          column: header[j],
        });
      cells[j]![i] = v;
    }
  });

  const numbers = (j: number, allowMissing: boolean): Float64Array | undefined =>
    numericColumn(cells[j]!, header[j]!, lines, name, missing, allowMissing);

  const d = D - 1;
  const data = new Float64Array(n * d);
  const categorical: Record<string, string[]> = {};
  const forced = new Set(options.text ?? []);
  for (let j = 0, k = 0; j < D; j++) {
    if (j === li) continue;
    const col = forced.has(header[j]!) ? undefined : numbers(j, true);
    if (col) {
      for (let i = 0; i < n; i++) data[i * d + k] = col[i]!;
    } else {
      const levels = [...new Set(cells[j]!)].sort();
      const code = new Map(levels.map((v, c) => [v, c]));
      for (let i = 0; i < n; i++) data[i * d + k] = code.get(cells[j]![i]!)!;
      categorical[header[j]!] = levels;
    }
    k++;
  }
  for (let i = 0; i < n; i++) {
    if (missing.has(cells[li]![i]!))
      throw new XaiError('PARSE_ERROR', `${name}:${lines[i]}: missing label (${describeValue(cells[li]![i])}) in column "${labelName}"`, {
        fn,
        arg: 'file',
        value: cells[li]![i],
        file: name,
        line: lines[i],
        column: labelName,
      });
  }
  const labelNumbers = numbers(li, false);
  const labels = labelNumbers ? Array.from(labelNumbers, (v) => String(v)) : cells[li]!;
  return {
    header: header.filter((_, j) => j !== li),
    data,
    rows: n,
    labels,
    numericLabels: labelNumbers !== undefined,
    labelName,
    categorical,
  };
}

/** A column is numeric when at least half its cells are finite decimals; then every cell must be (else undefined: text). */
function numericColumn(
  col: readonly string[],
  column: string,
  lines: readonly number[],
  name: string,
  missing: ReadonlySet<string>,
  allowMissing: boolean,
): Float64Array | undefined {
  const fn = 'parseCsvTable';
  const n = col.length;
  let count = 0;
  let absent = 0;
  for (const v of col) {
    if (allowMissing && missing.has(v)) absent++;
    else if (NUMERIC.test(v) && Number.isFinite(Number(v))) count++;
  }
  if (2 * count < n - absent || count === 0) return undefined;
  // Mostly-decimal ids with some hex or lettered ones (`1042`, `3fa9`): a text id column, not a bad cell.
  if (allowMissing && looksLikeIds(col, column, missing)) return undefined;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = col[i]!;
    if (allowMissing && missing.has(v)) {
      out[i] = Number.NaN;
      continue;
    }
    const x = Number(v);
    if (NUMERIC.test(v) && Number.isFinite(x)) {
      out[i] = x;
      continue;
    }
    const code = NON_FINITE_WORD.test(v) || NUMERIC.test(v) ? 'NON_FINITE' : 'PARSE_ERROR';
    const what = code === 'NON_FINITE' ? 'is not a finite number' : 'is not a number';
    throw new XaiError(
      code,
      `${name}:${lines[i]}: ${describeValue(v)} ${what} in numeric column "${column}" (${count} of ${n} cells are numbers; recode or drop missing values)`,
      { fn, arg: 'file', value: v, file: name, line: lines[i], column },
    );
  }
  return out;
}

const ID_TOKEN = /^[0-9A-Za-z]+(?:[-_:.#/][0-9A-Za-z]+)*$/;
const ID_HEADER = /^(id|idx|key|uuid|guid|.*[_-](id|key|uuid))$/i;

/**
 * A column of ids rather than numbers with a few bad cells: the numbers are digit strings
 * (no sign, point or exponent), every other non-missing cell is an id-like token holding a
 * letter (letters, digits, inner separators), two or more and mostly distinct (a repeated
 * `NA` is a missing-value marker, not an id), and all values are nearly distinct (≥ 95 %) or
 * the header names an id.
 */
function looksLikeIds(col: readonly string[], name: string, missing: ReadonlySet<string>): boolean {
  const distinct = new Set<string>();
  const words = new Set<string>();
  let present = 0;
  let others = 0;
  for (const raw of col) {
    if (missing.has(raw)) continue;
    const v = raw.trim();
    present++;
    distinct.add(v);
    if (/^\d+$/.test(v)) continue;
    if (!ID_TOKEN.test(v) || !/[A-Za-z]/.test(v) || NON_FINITE_WORD.test(v)) return false;
    others++;
    words.add(v);
  }
  return words.size >= 2 && 2 * words.size > others && (ID_HEADER.test(name) || distinct.size >= 0.95 * present);
}

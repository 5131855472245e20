import { XaiError } from '@xai/core';
import { parseCsv } from '../internal/parseCsv.js';

export interface CsvTable {
  /** Feature column names (the label column removed). */
  readonly header: string[];
  /** Row-major features: numbers as is, text columns as codes of their sorted distinct values. */
  readonly data: Float64Array;
  readonly rows: number;
  /** Raw label strings per row. */
  readonly labels: string[];
  readonly labelName: string;
  /** Text columns and their value lists (code = index). */
  readonly categorical: Readonly<Record<string, readonly string[]>>;
}

/**
 * Parses a CSV text with a header row into features and raw labels. The label column is
 * `label` or, when not given, the last column. Numeric columns stay numbers; any other
 * column is coded by its sorted distinct values. Ragged rows and empty cells are
 * PARSE_ERRORs naming the file and the line.
 * @since 0.1.0
 */
export function parseCsvTable(text: string, options: { label?: string; name?: string } = {}): CsvTable {
  const fn = 'parseCsvTable';
  const name = options.name ?? 'csv';
  const { header, rows, lines } = parseCsv(text);
  if (header.length < 2) throw new XaiError('PARSE_ERROR', `${name}: need a header with at least two columns`, { fn, arg: name, value: header.length, file: name, line: 1 });
  const labelName = options.label ?? header[header.length - 1]!;
  const li = header.indexOf(labelName);
  if (li < 0) throw new XaiError('NOT_FOUND', `${name}: no label column "${labelName}" (columns: ${header.join(', ')})`, { fn, arg: 'label', value: labelName, file: name });
  if (rows.length === 0) throw new XaiError('EMPTY', `${name}: no data rows`, { fn, arg: name, value: 0, file: name });
  const d = header.length - 1;
  const featureNames = header.filter((_, j) => j !== li);
  const cols: string[][] = Array.from({ length: d }, () => []);
  const labels: string[] = [];
  rows.forEach((r, i) => {
    if (r.length !== header.length) throw new XaiError('PARSE_ERROR', `${name}:${lines[i]}: ${r.length} fields, header has ${header.length}`, { fn, arg: name, value: r.length, file: name, line: lines[i] });
    let t = 0;
    for (let j = 0; j < r.length; j++) {
      const v = r[j]!.trim();
      if (v === '') throw new XaiError('PARSE_ERROR', `${name}:${lines[i]}: empty value in column "${header[j]}"`, { fn, arg: name, value: header[j], file: name, line: lines[i] });
      if (j === li) labels.push(v);
      else cols[t++]!.push(v);
    }
  });
  const n = rows.length;
  const data = new Float64Array(n * d);
  const categorical: Record<string, string[]> = {};
  cols.forEach((col, j) => {
    const nums = col.map(Number);
    if (nums.every(Number.isFinite)) {
      for (let i = 0; i < n; i++) data[i * d + j] = nums[i]!;
    } else {
      const levels = [...new Set(col)].sort();
      const code = new Map(levels.map((v, c) => [v, c]));
      for (let i = 0; i < n; i++) data[i * d + j] = code.get(col[i]!)!;
      categorical[featureNames[j]!] = levels;
    }
  });
  return { header: featureNames, data, rows: n, labels, labelName, categorical };
}

import { XaiError, closestKey, parseJsonText } from '@xai/core';
import { readCsvRecords } from '@xai/data/readCsvRecords';

/** One record of a JSONL or CSV file: its 1-based line and its fields by name (JSONL: dotted paths). */
export interface Row {
  readonly line: number;
  readonly get: (path: string) => unknown;
}

/** The records of one file and the field names seen in it (CSV: the header; JSONL: every key path). */
export interface Rows {
  readonly name: string;
  readonly rows: readonly Row[];
  readonly fields: readonly string[];
}

/** 'csv' for names ending .csv / .tsv, else 'jsonl'. */
export function formatOf(name: string): 'csv' | 'jsonl' {
  return /\.(csv|tsv)$/i.test(name) ? 'csv' : 'jsonl';
}

/** Reads decoded text as rows of the given format. */
export function readRows(content: string, name: string, fn: string, format: 'csv' | 'jsonl'): Rows {
  return format === 'csv' ? csvRows(content, name, fn) : jsonlRows(content, name, fn);
}

function jsonlRows(content: string, name: string, fn: string): Rows {
  const lines = content.split(/\r?\n/);
  if (lines[0]?.charCodeAt(0) === 0xfeff) lines[0] = lines[0].slice(1);
  const rows: Row[] = [];
  const fields = new Set<string>();
  lines.forEach((text, i) => {
    if (text.trim().length === 0) return;
    let obj: unknown;
    try {
      obj = parseJsonText(text, { file: name, fn, firstLine: i + 1 });
    } catch (e) {
      const { column, problem, key } = (e as XaiError).details as { column?: number; problem?: string; key?: string };
      throw new XaiError('PARSE_ERROR', `${name}:${i + 1}:${column}: invalid JSON (${problem})`, {
        fn,
        arg: name,
        value: name,
        file: name,
        line: i + 1,
        column,
        reason: 'malformed',
        ...(key === undefined ? {} : { key }),
      });
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
      throw new XaiError('PARSE_ERROR', `${name}:${i + 1}: expected a JSON object`, {
        fn,
        arg: name,
        value: name,
        file: name,
        line: i + 1,
        reason: 'malformed',
      });
    // Field names for did-you-mean hints: the keys of the first rows, nested ones by dotted path.
    if (rows.length < 100) keyPaths(obj, '', fields, 0);
    rows.push({ line: i + 1, get: (path) => dotted(obj, path) });
  });
  return { name, rows, fields: [...fields] };
}

function keyPaths(obj: unknown, prefix: string, out: Set<string>, depth: number): void {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj) || depth > 2) return;
  for (const [k, v] of Object.entries(obj)) {
    out.add(`${prefix}${k}`);
    keyPaths(v, `${prefix}${k}.`, out, depth + 1);
  }
}

/** A field by dotted path (a flat key holding the dots wins). */
function dotted(obj: unknown, path: string): unknown {
  if (obj !== null && typeof obj === 'object' && Object.hasOwn(obj, path)) return (obj as Record<string, unknown>)[path];
  let v: unknown = obj;
  for (const key of path.split('.'))
    v = v !== null && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

// Fields are text here (questions, answers, labels): cells are kept as written, whatever their decimal mark.
function csvRows(content: string, name: string, fn: string): Rows {
  const { header, rows, lines } = readCsvRecords(content, { file: name, fn, decimal: '.' });
  const names = header.map((h) => h.trim());
  const col = new Map(names.map((h, j) => [h, j]));
  // Rows are as wide as the header: the reader rejects a ragged row naming its line.
  return {
    name,
    rows: rows.map((cells, r) => ({ line: lines[r]!, get: (path) => (col.has(path) ? cells[col.get(path)!] : undefined) })),
    fields: names,
  };
}

/**
 * Throws NOT_FOUND naming the flag, the field and the files when no row of any file has
 * `field` (a misspelt field must never read as "no labelled rows"), with the closest field
 * name as a did-you-mean and the fields seen.
 */
export function requireField(files: readonly Rows[], field: string, flag: string, fn: string): void {
  if (files.some((f) => f.rows.some((r) => r.get(field) !== undefined))) return;
  const seen = [...new Set(files.flatMap((f) => f.fields))];
  const near = seen.find((s) => s.toLowerCase() === field.toLowerCase()) ?? closestKey(field, seen);
  const list = seen.length > 12 ? `${seen.slice(0, 12).join(', ')}, …` : seen.join(', ');
  throw new XaiError(
    'NOT_FOUND',
    `${flag} ${field}: no row of ${files.map((f) => f.name).join(', ')} has a field "${field}"${near ? ` (did you mean "${near}"?)` : ''}; fields: ${list}`,
    { fn, arg: flag.replace(/^--/, ''), value: field, ...(near ? { suggestion: near } : {}) },
  );
}

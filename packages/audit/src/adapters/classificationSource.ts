import { XaiError, checkOptions, describeValue } from '@xai/core';
import { contentId, fieldsBesides, primitiveFields } from '../internal/rowFields.js';
import { decodeText } from '../internal/decodeText.js';
import type { Row } from '../internal/rows.js';
import { formatOf, readRows, requireField } from '../internal/rows.js';
import { sha256Hex } from '@xai/core';
import type { Item } from '../item.js';
import type { AuditSource } from './auditSource.js';

/** One classification file's contents (JSONL or CSV) with its name. */
export interface ClassificationInput {
  readonly name: string;
  readonly content: string | Uint8Array;
  /** @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

export interface ClassificationSourceOptions {
  /** The text fields audited, each alone (JSONL: dotted paths into nested objects; CSV: column names). */
  readonly text: readonly string[];
  /** The label field (strings or integers). Rows whose label is missing, null, empty or "-" are skipped and counted. */
  readonly label: string;
  /** The id field. @defaultValue `id` when every row has one; else ids are derived from the texts (and no id probe runs) */
  readonly id?: string;
  /** @defaultValue 'csv' for names ending .csv / .tsv, else 'jsonl' */
  readonly format?: 'jsonl' | 'csv';
  /** A second file of the same format (e.g. the test split), audited together with the first. */
  readonly test?: ClassificationInput;
}

/** What a classification source adds to its items: the fields, the skipped rows, where ids came from. */
export interface ClassificationInfo {
  readonly text: readonly string[];
  readonly label: string;
  readonly skipped: number;
  readonly ids: 'field' | 'content';
}

const SKIP = new Set(['', '-']);

/**
 * A labelled classification corpus (NLI, sentiment, …) as items whose candidates are the
 * classes, read from JSONL or CSV contents with a field mapping (browser-safe). Classes are
 * the distinct labels, sorted (numerically when all are integers). Audit it with
 * `runAuditSource`: the battery is one bag-of-words probe per text field plus the id-content
 * probe, under the across-items null (labels permuted across rows).
 * @example
 *   classificationSource({ name: 'dev.jsonl', content }, { text: ['sentence1', 'sentence2'], label: 'gold_label', id: 'pairID' });
 * @since 0.3.0
 */
export function classificationSource(input: ClassificationInput, options: ClassificationSourceOptions): AuditSource {
  const fn = 'classificationSource';
  checkOptions(options, ['text', 'label', 'id', 'format', 'test'], fn);
  const { text, label } = options;
  if (!Array.isArray(text) || text.length === 0 || text.some((t) => typeof t !== 'string' || t.length === 0))
    throw new XaiError('BAD_OPTION', 'text must list at least one field name', { fn, arg: 'text', value: text });
  if (typeof label !== 'string' || label.length === 0)
    throw new XaiError('BAD_OPTION', 'label must name the label field', { fn, arg: 'label', value: label });
  if (text.includes(label))
    throw new XaiError('BAD_OPTION', `the label field "${label}" cannot be a text field too (it would be audited as its own predictor)`, {
      fn,
      arg: 'text',
      value: label,
    });
  const files = [input, ...(options.test !== undefined ? [options.test] : [])];
  const parsed = files.map((f) => {
    const format = options.format ?? formatOf(f.name);
    if (format !== 'csv' && format !== 'jsonl')
      throw new XaiError('BAD_OPTION', `format must be 'jsonl' or 'csv', got ${describeValue(format)}`, {
        fn,
        arg: 'format',
        value: format,
      });
    return readRows(decodeText(f.content, f.name, fn, f.encoding), f.name, fn, format);
  });
  // A field no row has is a misspelling (named, with a did-you-mean), never "no labelled rows".
  requireField(parsed, label, '--label', fn);
  for (const t of text) requireField(parsed, t, '--text', fn);
  if (options.id !== undefined) requireField(parsed, options.id, '--id', fn);
  const all = parsed.flatMap(({ name, rows }) => rows.map((row) => ({ file: name, row })));
  const idField = options.id ?? (all.every(({ row }) => present(row.get('id'))) ? 'id' : undefined);
  const kept: { file: string; row: Row; label: string }[] = [];
  let skipped = 0;
  for (const { file, row } of all) {
    const v = row.get(label);
    if (v === undefined || v === null || (typeof v === 'string' && SKIP.has(v.trim()))) {
      skipped++;
      continue;
    }
    if (typeof v !== 'string' && !(typeof v === 'number' && Number.isInteger(v)))
      throw new XaiError('BAD_INPUT', `${file}:${row.line}: label "${label}" must be a string or an integer, got ${describeValue(v)}`, {
        fn,
        arg: 'label',
        value: v,
        file,
        line: row.line,
      });
    kept.push({ file, row, label: String(v).trim() });
  }
  if (kept.length === 0)
    throw new XaiError('EMPTY', `no labelled rows in ${files.map((f) => f.name).join(', ')}`, { fn, arg: 'label', value: label });
  const distinct = [...new Set(kept.map((k) => k.label))];
  const integers = distinct.every((d) => /^[+-]?\d+$/.test(d));
  const classes = distinct.sort(integers ? (a, b) => Number(a) - Number(b) : undefined);
  const code = new Map(classes.map((c, i) => [c, i]));
  const candidates = classes.map((c) => ({ id: c, text: c }));
  const extra = fieldsBesides(parsed, new Set([label, ...text, ...(idField !== undefined ? [idField] : [])]));
  const seen = new Map<string, number>();
  const where = new Map<string, string>();
  const items: Item[] = kept.map(({ file, row, label: y }) => {
    const fields: Record<string, string> = {};
    for (const t of text) fields[t] = textAt(row, t, file, fn);
    const id =
      idField !== undefined
        ? textAt(row, idField, file, fn)
        : contentId(
            text.map((t) => fields[t]!),
            seen,
          );
    const first = where.get(id);
    if (first !== undefined)
      throw new XaiError('BAD_INPUT', `${file}:${row.line}: duplicate id ${describeValue(id)} (first at ${first})`, {
        fn,
        arg: idField ?? 'id',
        value: id,
        file,
        line: row.line,
        reason: 'duplicate-id',
      });
    where.set(id, `${file}:${row.line}`);
    return { id, ...primitiveFields(row, extra), candidates, answer: code.get(y)!, ...fields };
  });
  const bytes = (c: ClassificationInput): Uint8Array => (typeof c.content === 'string' ? new TextEncoder().encode(c.content) : c.content);
  const classification: ClassificationInfo = { text, label, skipped, ids: idField !== undefined ? 'field' : 'content' };
  return {
    kind: 'items',
    name: `classification ${files.map((f) => f.name).join(' + ')} (label ${label}; ${classes.length} classes)`,
    items,
    inputs: files.map((f) => ({ name: f.name, sha256: sha256Hex(bytes(f)), bytes: bytes(f).length })),
    classification,
    layout: { itemIds: classification.ids, candidateIds: 'fixed', fields: extra, skipped },
  };
}

const present = (v: unknown): boolean => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

function textAt(row: Row, path: string, file: string, fn: string): string {
  const v = row.get(path);
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new XaiError('BAD_INPUT', `${file}:${row.line}: field "${path}" must be a string, got ${describeValue(v)}`, {
    fn,
    arg: path,
    value: v,
    file,
    line: row.line,
  });
}

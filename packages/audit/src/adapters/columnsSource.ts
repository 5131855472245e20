import { XaiError, checkOptions, describeValue, sha256Hex } from '@xai/core';
import { decodeText } from '../internal/decodeText.js';
import type { Row } from '../internal/rows.js';
import { formatOf, readRows, requireField } from '../internal/rows.js';
import { contentId, fieldsBesides, primitiveFields } from '../internal/rowFields.js';
import type { Candidate, Item } from '../item.js';
import type { AuditSource } from './auditSource.js';

/** One file of a column layout (CSV, TSV or JSONL) with its name. */
export interface ColumnsInput {
  readonly name: string;
  readonly content: string | Uint8Array;
  /** @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

export interface ColumnsSourceOptions {
  /** The candidate columns (fields), in order: `['warrant0', 'warrant1']`, `['choice1', 'choice2']`. */
  readonly candidates: readonly string[];
  /**
   * The answer column: an index (0- or 1-based, told apart by the values seen), a letter (A = the
   * first candidate), the name of a candidate column, or the text of the right candidate.
   */
  readonly answer: string;
  /** Index answers count from this (only needed when the values cannot tell: no 0 and no k). */
  readonly answerBase?: 0 | 1;
  /** The question: one column, or several joined by a space (`['reason', 'claim']`). */
  readonly query?: readonly string[];
  /** The item id column. @defaultValue `id`, `#id` or `idx` when every row has one; else ids from the content (no id probe) */
  readonly id?: string;
  /** Columns holding each candidate's id, in the order of `candidates`. @defaultValue the candidate column names */
  readonly candidateIds?: readonly string[];
  /** @defaultValue 'csv' for names ending .csv / .tsv, else 'jsonl' */
  readonly format?: 'jsonl' | 'csv';
  /** A second file of the same layout (e.g. the test split), audited with the first. */
  readonly test?: ColumnsInput;
}

const KEYS = ['candidates', 'answer', 'answerBase', 'query', 'id', 'candidateIds', 'format', 'test'] as const;
const DEFAULT_IDS = ['id', '#id', 'idx'];
const SKIP = new Set(['', '-']);
type AnswerKind = 'index' | 'letter' | 'column' | 'text';
interface AnswerReading {
  readonly kind: AnswerKind;
  /** Index answers: 0 or 1. */
  readonly base: number;
}

/**
 * Multiple choice laid out as columns, one item per row (browser-safe: contents, not paths): the
 * candidates are the `candidates` columns (an empty cell drops that candidate from its item),
 * the answer is read from `answer` as an index, a letter, a column name or the candidate's
 * text (the kind is decided once for all rows), the query from `query`. Every other field of
 * a row rides along as an item field (checked for label copies and id-like values, and usable
 * as a bag-of-words part). Rows without an answer are skipped and counted.
 * @example
 *   columnsSource({ name: 'test.tsv', content }, { candidates: ['warrant0', 'warrant1'], answer: 'correctLabelW0orW1', query: ['reason', 'claim'], id: '#id' });
 * @since 0.3.0
 */
export function columnsSource(input: ColumnsInput, options: ColumnsSourceOptions): AuditSource {
  const fn = 'columnsSource';
  checkOptions(options, KEYS, fn);
  const { candidates: columns, answer } = options;
  const query = options.query ?? [];
  if (!Array.isArray(columns) || columns.length < 2 || columns.some((c) => typeof c !== 'string' || c.length === 0))
    throw new XaiError('BAD_OPTION', 'candidates must list at least two columns', { fn, arg: 'candidates', value: columns });
  if (new Set(columns).size !== columns.length)
    throw new XaiError('BAD_OPTION', `a candidate column is listed twice: ${columns.join(', ')}`, {
      fn,
      arg: 'candidates',
      value: columns,
    });
  if (typeof answer !== 'string' || answer.length === 0)
    throw new XaiError('BAD_OPTION', 'answer must name the answer column', { fn, arg: 'answer', value: answer });
  for (const [arg, list] of [
    ['answer', [answer]],
    ['query', query],
    ['id', options.id !== undefined ? [options.id] : []],
  ] as const)
    for (const c of list)
      if (columns.includes(c))
        throw new XaiError('BAD_OPTION', `"${c}" is a candidate column; --${arg} must name another column`, { fn, arg, value: c });
  if (options.candidateIds !== undefined && options.candidateIds.length !== columns.length)
    throw new XaiError(
      'BAD_OPTION',
      `candidateIds must name one column per candidate (${columns.length}), got ${options.candidateIds.length}`,
      {
        fn,
        arg: 'candidateIds',
        value: options.candidateIds,
      },
    );
  const files = [input, ...(options.test !== undefined ? [options.test] : [])];
  const parsed = files.map((f) => readRows(decodeText(f.content, f.name, fn, f.encoding), f.name, fn, options.format ?? formatOf(f.name)));
  for (const c of columns) requireField(parsed, c, '--candidates', fn);
  requireField(parsed, answer, '--answer', fn);
  for (const q of query) requireField(parsed, q, '--query', fn);
  for (const c of options.candidateIds ?? []) requireField(parsed, c, '--candidate-ids', fn);
  if (options.id !== undefined) requireField(parsed, options.id, '--id', fn);
  const all = parsed.flatMap((p) => p.rows.map((row) => ({ file: p.name, row })));
  const idField = options.id ?? DEFAULT_IDS.find((f) => all.every(({ row }) => present(row.get(f))));
  const kept = all.filter(({ row }) => !isMissing(row.get(answer)));
  const skipped = all.length - kept.length;
  if (kept.length === 0)
    throw new XaiError('EMPTY', `no row of ${files.map((f) => f.name).join(', ')} has an answer in "${answer}"`, {
      fn,
      arg: 'answer',
      value: answer,
    });
  const reading = answerKind(kept, columns, answer, options.answerBase, fn);
  const used = new Set([...columns, answer, ...query, ...(options.candidateIds ?? []), ...(idField !== undefined ? [idField] : [])]);
  const extra = fieldsBesides(parsed, used);
  const seen = new Map<string, number>();
  const where = new Map<string, string>();
  const items: Item[] = kept.map(({ file, row }) => {
    const at = `${file}:${row.line}`;
    const cands: Candidate[] = [];
    const slot: number[] = [];
    columns.forEach((c, j) => {
      const text = cell(row, c, at, fn, true);
      if (text === undefined) return;
      const id = options.candidateIds ? cell(row, options.candidateIds[j]!, at, fn, false)! : c;
      cands.push({ id, text });
      slot.push(j);
    });
    if (cands.length < 2)
      throw new XaiError('BAD_INPUT', `${at}: an item needs at least 2 candidates, got ${cands.length}`, {
        fn,
        arg: 'candidates',
        value: cands.length,
      });
    const a = slot.indexOf(answerSlot(row.get(answer), reading, columns, cands, slot, at, fn));
    if (a < 0)
      throw new XaiError('BAD_INPUT', `${at}: the answer ${describeValue(row.get(answer))} points at an empty candidate`, {
        fn,
        arg: 'answer',
        value: row.get(answer),
      });
    const q = query
      .map((f) => cell(row, f, at, fn, true) ?? '')
      .join(' ')
      .trim();
    const id = idField !== undefined ? cell(row, idField, at, fn, false)! : contentId([q, ...cands.map((c) => c.text)], seen);
    const first = where.get(id);
    if (first !== undefined)
      throw new XaiError('BAD_INPUT', `${at}: duplicate id ${describeValue(id)} (first at ${first})`, {
        fn,
        arg: idField ?? 'id',
        value: id,
        reason: 'duplicate-id',
      });
    where.set(id, at);
    return { id, ...primitiveFields(row, extra), ...(query.length > 0 ? { query: q } : {}), candidates: cands, answer: a };
  });
  const bytes = (c: ColumnsInput): Uint8Array => (typeof c.content === 'string' ? new TextEncoder().encode(c.content) : c.content);
  return {
    kind: 'items',
    name: `columns ${files.map((f) => f.name).join(' + ')} (answer ${answer}: ${reading.kind}${reading.kind === 'index' ? ` from ${reading.base}` : ''}; ${columns.length} candidate columns)`,
    items,
    inputs: files.map((f) => ({ name: f.name, sha256: sha256Hex(bytes(f)), bytes: bytes(f).length })),
    layout: {
      itemIds: idField !== undefined ? 'field' : 'content',
      candidateIds: options.candidateIds !== undefined ? 'field' : 'fixed',
      fields: extra,
      skipped,
    },
  };
}

const present = (v: unknown): boolean => (typeof v === 'string' && v.trim().length > 0) || (typeof v === 'number' && Number.isFinite(v));
const isMissing = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && SKIP.has(v.trim()));

/** A cell as text (numbers as written); an empty candidate cell is undefined when `optional`. */
function cell(row: Row, field: string, at: string, fn: string, optional: boolean): string | undefined {
  const v = row.get(field);
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return optional && v.trim() === '' ? undefined : v;
  if (optional && (v === undefined || v === null)) return undefined;
  throw new XaiError('BAD_INPUT', `${at}: field "${field}" must be a string, got ${describeValue(v)}`, { fn, arg: field, value: v });
}

/**
 * How the answer column names the right candidate, decided over every row: integers are
 * indices (0-based when a 0 occurs, 1-based when k occurs; `answerBase` when neither),
 * single letters are A, B, …, then candidate column names, then candidate texts.
 */
function answerKind(
  kept: readonly { file: string; row: Row }[],
  columns: readonly string[],
  answer: string,
  base: 0 | 1 | undefined,
  fn: string,
): AnswerReading {
  const values = kept.map(({ row }) => String(row.get(answer)).trim());
  const k = columns.length;
  if (values.every((v) => /^\d+$/.test(v))) {
    const nums = values.map(Number);
    const zero = nums.includes(0);
    const top = nums.includes(k);
    if (base === undefined && zero && top)
      throw new XaiError('BAD_INPUT', `answers in "${answer}" run from 0 to ${k}: neither 0- nor 1-based indices of ${k} candidates`, {
        fn,
        arg: 'answer',
        value: answer,
      });
    if (base === undefined && !zero && !top)
      throw new XaiError(
        'BAD_OPTION',
        `answers in "${answer}" are indices that could count from 0 or from 1 (no 0 and no ${k} among them): give --answer-base 0 or 1`,
        { fn, arg: 'answerBase', value: undefined },
      );
    return { kind: 'index', base: base ?? (zero ? 0 : 1) };
  }
  if (values.every((v) => /^[A-Za-z]$/.test(v) && v.toUpperCase().charCodeAt(0) - 65 < k)) return { kind: 'letter', base: 0 };
  if (values.every((v) => columns.includes(v))) return { kind: 'column', base: 0 };
  return { kind: 'text', base: 0 };
}

/** The column index (0 … k−1) the answer names. */
function answerSlot(
  raw: unknown,
  { kind, base }: AnswerReading,
  columns: readonly string[],
  cands: readonly Candidate[],
  slot: readonly number[],
  at: string,
  fn: string,
): number {
  const v = String(raw).trim();
  const k = columns.length;
  let j: number;
  if (kind === 'index') j = Number(v) - base;
  else if (kind === 'letter') j = v.toUpperCase().charCodeAt(0) - 65;
  else if (kind === 'column') j = columns.indexOf(v);
  else {
    const hits = cands.map((c, i) => (c.text.trim() === v ? slot[i]! : -1)).filter((i) => i >= 0);
    if (hits.length !== 1)
      throw new XaiError(
        'BAD_INPUT',
        `${at}: the answer ${describeValue(v)} is ${hits.length === 0 ? 'not the text of any candidate' : 'the text of several candidates'} (answers are read as candidate texts: no index, letter or column name fits every row)`,
        { fn, arg: 'answer', value: v },
      );
    j = hits[0]!;
  }
  if (!(j >= 0 && j < k))
    throw new XaiError('BAD_INPUT', `${at}: answer ${describeValue(v)} is out of range for ${k} candidates`, {
      fn,
      arg: 'answer',
      value: v,
    });
  return j;
}

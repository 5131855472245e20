import { XaiError, isXaiError, checkOptions, parseJsonText } from '@xai/core';
import type { BlindItem, Item } from '../item.js';
import { assertCandidates } from '../item.js';

/** Why a JSONL input was rejected (in `error.details.reason`). */
export type JsonlErrorReason =
  | 'malformed'
  | 'duplicate-id'
  | 'unknown-id'
  | 'missing-label'
  | 'unknown-answer'
  | 'answer-in-blind'
  | 'empty';

export interface ParseJsonlOptions {
  /** Names used in error messages and receipts. @defaultValue 'blind' / 'labels' */
  readonly blindName?: string;
  readonly labelsName?: string;
}

const FN = 'parseJsonlItems';

function fail(
  code: 'PARSE_ERROR' | 'BAD_INPUT' | 'NOT_FOUND' | 'EMPTY',
  reason: JsonlErrorReason,
  file: string,
  line: number,
  message: string,
  value?: unknown,
): never {
  throw new XaiError(code, `${file}:${line}: ${message}`, { fn: FN, arg: file, value, file, line, reason });
}

/**
 * Non-empty lines with their 1-based numbers. A leading byte-order mark and blank lines at
 * the end of the file (editors add them) are not malformed; a blank line *between* items is
 * an error (it usually means a lost record).
 */
function lines(text: string, file: string): { line: number; text: string }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const raw = body.split(/\r?\n/);
  while (raw.length > 0 && raw[raw.length - 1]!.trim() === '') raw.pop();
  return raw.map((t, i) => {
    if (t.trim() === '') fail('PARSE_ERROR', 'malformed', file, i + 1, 'empty line (JSONL has one JSON object per line)');
    return { line: i + 1, text: t };
  });
}

function parseObject(text: string, file: string, line: number): Record<string, unknown> {
  let v: unknown;
  try {
    v = parseJsonText(text, { file, fn: FN, firstLine: line });
  } catch (e) {
    const { column, problem, key } = (e as XaiError).details as { column?: number; problem?: string; key?: string };
    throw new XaiError('PARSE_ERROR', `${file}:${line}:${column}: not valid JSON (${problem})`, {
      fn: FN,
      arg: file,
      value: text.slice(0, 60),
      file,
      line,
      column,
      reason: 'malformed',
      ...(key === undefined ? {} : { key }),
    });
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    fail('PARSE_ERROR', 'malformed', file, line, 'expected a JSON object', text.slice(0, 60));
  return v as Record<string, unknown>;
}

/**
 * Joins a *blind* JSONL text (one item per line: `{"id", "query"?, "candidates": [{"id",
 * "text", ...extra}]}`) with a *labels* JSONL text (`{"id", "answer": "<candidate id>"}`, or
 * an integer index) by item id. Nothing is skipped silently: a malformed line, a duplicate
 * id, a label for an unknown id, an item without a label or an answer that is not one of
 * the item's candidates is a typed `XaiError` naming the file and the 1-based line
 * (`details.reason` says which case).
 * @since 0.1.0
 */
export function parseJsonlItems(blindText: string, labelsText: string, options: ParseJsonlOptions = {}): Item[] {
  checkOptions(options, ['blindName', 'labelsName'], FN);
  const blindName = options.blindName ?? 'blind';
  const labelsName = options.labelsName ?? 'labels';
  const blind: { item: BlindItem; line: number }[] = [];
  const byId = new Map<string, number>();
  for (const { line, text } of lines(blindText, blindName)) {
    const o = parseObject(text, blindName, line);
    if (typeof o.id !== 'string' || o.id.length === 0)
      fail('PARSE_ERROR', 'malformed', blindName, line, 'item needs a non-empty string "id"', o.id);
    if ('answer' in o)
      fail(
        'PARSE_ERROR',
        'answer-in-blind',
        blindName,
        line,
        `the blind file carries an "answer" for item "${o.id}"; answers belong in the labels file`,
        o.id,
      );
    if (o.query !== undefined && typeof o.query !== 'string')
      fail('PARSE_ERROR', 'malformed', blindName, line, '"query" must be a string', o.query);
    try {
      assertCandidates(o.candidates, FN, 'candidates');
    } catch (e) {
      if (isXaiError(e)) fail('PARSE_ERROR', 'malformed', blindName, line, `item "${o.id}": ${e.message}`, o.id);
      throw e;
    }
    const id = o.id;
    const first = byId.get(id);
    if (first !== undefined)
      fail('BAD_INPUT', 'duplicate-id', blindName, line, `duplicate item id "${id}" (first on line ${blind[first]!.line})`, id);
    byId.set(id, blind.length);
    blind.push({ item: o as unknown as BlindItem, line });
  }
  if (blind.length === 0)
    throw new XaiError('EMPTY', `${blindName}: no items`, { fn: FN, arg: blindName, file: blindName, line: 0, reason: 'empty' });

  const answers = new Int32Array(blind.length).fill(-1);
  const labelLine = new Int32Array(blind.length);
  for (const { line, text } of lines(labelsText, labelsName)) {
    const o = parseObject(text, labelsName, line);
    if (typeof o.id !== 'string' || o.id.length === 0)
      fail('PARSE_ERROR', 'malformed', labelsName, line, 'label needs a non-empty string "id"', o.id);
    const at = byId.get(o.id);
    if (at === undefined)
      fail('NOT_FOUND', 'unknown-id', labelsName, line, `label for unknown item id "${o.id}" (not in ${blindName})`, o.id);
    if (answers[at] !== -1)
      fail('BAD_INPUT', 'duplicate-id', labelsName, line, `duplicate label for item "${o.id}" (first on line ${labelLine[at]})`, o.id);
    const cands = blind[at]!.item.candidates;
    const a = o.answer;
    let index: number;
    if (typeof a === 'string') {
      index = cands.findIndex((c) => c.id === a);
      if (index < 0) fail('BAD_INPUT', 'unknown-answer', labelsName, line, `answer "${a}" is not a candidate id of item "${o.id}"`, a);
    } else if (typeof a === 'number' && Number.isInteger(a)) {
      if (a < 0 || a >= cands.length)
        fail('BAD_INPUT', 'unknown-answer', labelsName, line, `answer index ${a} outside [0, ${cands.length}) for item "${o.id}"`, a);
      index = a;
    } else {
      fail(
        'PARSE_ERROR',
        'malformed',
        labelsName,
        line,
        `"answer" must be a candidate id (string) or an integer index, got ${JSON.stringify(a) ?? 'nothing'}`,
        a,
      );
    }
    answers[at] = index;
    labelLine[at] = line;
  }
  return blind.map(({ item, line }, i) => {
    if (answers[i] === -1) fail('NOT_FOUND', 'missing-label', blindName, line, `item "${item.id}" has no label in ${labelsName}`, item.id);
    return { ...item, answer: answers[i]! };
  });
}

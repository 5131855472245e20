import { XaiError, describeValue } from '@xai/core';

/**
 * One candidate answer of a multiple-choice item. Any field besides `id` and `text` is kept
 * as is; the stray-field probe inspects those extra fields.
 */
export interface Candidate {
  readonly id: string;
  readonly text: string;
  readonly [field: string]: unknown;
}

/**
 * An item as a solver sees it: no answer. Extra item-level fields (e.g. a `context`) are
 * kept; the built-in probes ignore them (they read the query and the candidates).
 */
export interface BlindItem {
  readonly id: string;
  readonly query?: string;
  readonly candidates: readonly Candidate[];
  readonly [field: string]: unknown;
}

/** A labelled multiple-choice item: `answer` is the index of the correct candidate. */
export interface Item extends BlindItem {
  readonly answer: number;
}

/**
 * Throws a typed error (naming the item and the field) unless `items` is a non-empty array
 * of well-formed items: unique non-empty string ids, at least two candidates with unique
 * string ids and string texts, an optional string query, an integer answer in range.
 * @since 0.1.0
 */
export function assertItems(items: unknown, fn: string, arg = 'items'): asserts items is readonly Item[] {
  if (!Array.isArray(items))
    throw new XaiError('BAD_INPUT', `expected an array of items, got ${describeValue(items)}`, { fn, arg, value: items });
  if (items.length === 0) throw new XaiError('EMPTY', 'no items to audit', { fn, arg, value: 0 });
  const seen = new Set<string>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Item;
    const where = `${arg}[${i}]`;
    if (item === null || typeof item !== 'object')
      throw new XaiError('BAD_INPUT', `expected an object, got ${describeValue(item)}`, { fn, arg: where, value: item });
    if (typeof item.id !== 'string' || item.id.length === 0)
      throw new XaiError('BAD_INPUT', `id must be a non-empty string, got ${describeValue(item.id)}`, {
        fn,
        arg: `${where}.id`,
        value: item.id,
      });
    if (seen.has(item.id))
      throw new XaiError('BAD_INPUT', `duplicate item id ${describeValue(item.id)}`, { fn, arg: `${where}.id`, value: item.id });
    seen.add(item.id);
    if (item.query !== undefined && typeof item.query !== 'string')
      throw new XaiError('BAD_INPUT', `query must be a string, got ${describeValue(item.query)}`, {
        fn,
        arg: `${where}.query`,
        value: item.query,
      });
    assertCandidates(item.candidates, fn, `${where}.candidates`);
    const k = item.candidates.length;
    if (!Number.isInteger(item.answer) || item.answer < 0 || item.answer >= k) {
      throw new XaiError('BAD_INPUT', `answer must be an integer in [0, ${k}), got ${describeValue(item.answer)}`, {
        fn,
        arg: `${where}.answer`,
        value: item.answer,
      });
    }
  }
}

/** Candidate-list checks shared by labelled and blind items. */
export function assertCandidates(candidates: unknown, fn: string, arg: string): asserts candidates is readonly Candidate[] {
  if (!Array.isArray(candidates))
    throw new XaiError('BAD_INPUT', `expected an array of candidates, got ${describeValue(candidates)}`, { fn, arg, value: candidates });
  if (candidates.length < 2)
    throw new XaiError('BAD_INPUT', `an item needs at least 2 candidates, got ${candidates.length}`, { fn, arg, value: candidates.length });
  const ids = new Set<string>();
  for (let c = 0; c < candidates.length; c++) {
    const cand = candidates[c] as Candidate;
    const where = `${arg}[${c}]`;
    if (cand === null || typeof cand !== 'object' || Array.isArray(cand))
      throw new XaiError('BAD_INPUT', `expected an object, got ${describeValue(cand)}`, { fn, arg: where, value: cand });
    if (typeof cand.id !== 'string' || cand.id.length === 0)
      throw new XaiError('BAD_INPUT', `candidate id must be a non-empty string, got ${describeValue(cand.id)}`, {
        fn,
        arg: `${where}.id`,
        value: cand.id,
      });
    if (ids.has(cand.id))
      throw new XaiError('BAD_INPUT', `duplicate candidate id ${describeValue(cand.id)}`, { fn, arg: `${where}.id`, value: cand.id });
    ids.add(cand.id);
    if (typeof cand.text !== 'string')
      throw new XaiError('BAD_INPUT', `candidate text must be a string, got ${describeValue(cand.text)}`, {
        fn,
        arg: `${where}.text`,
        value: cand.text,
      });
  }
}

/** The item without its answer: what a probe is allowed to see. @since 0.1.0 */
export function blindView(item: Item): BlindItem {
  const { answer: _answer, ...blind } = item;
  return blind;
}

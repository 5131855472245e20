// Small builders shared by the tests (not part of the package).
import type { Candidate, Item } from '../src/item.js';

/** An item from candidate texts (ids c0, c1, ...) and the answer index. */
export function mcItem(
  id: string,
  texts: readonly string[],
  answer: number,
  extra: (c: number) => Record<string, unknown> = () => ({}),
  query?: string,
): Item {
  const candidates: Candidate[] = texts.map((text, c) => ({ id: `c${c}`, text, ...extra(c) }));
  return { id, candidates, answer, ...(query !== undefined ? { query } : {}) };
}

/** Path of the shared datasets relative to this package (CI has shared/ beside the clone). */
export const DATASETS = new URL('../../../../shared/datasets/', import.meta.url).pathname;

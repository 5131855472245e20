import type { BlindItem } from '../item.js';
import { tokenize } from '../internal/text.js';

/** Marker: the token occurs in two or more candidates. */
const SHARED = -2;

/**
 * For each candidate, how many distinct tokens of its text also occur in *another*
 * candidate (its text or any string field other than `id`). The query and item-level
 * fields are not counted (the query is the query-overlap probe's business).
 * @since 0.1.0
 */
export function echoCounts(item: BlindItem): Int32Array {
  const k = item.candidates.length;
  // token -> the one candidate holding it, or SHARED.
  const owner = new Map<string, number>();
  const own: string[][] = [];
  for (let c = 0; c < k; c++) {
    const cand = item.candidates[c]!;
    const textTokens = tokenize(cand.text);
    own.push(textTokens);
    const all = new Set(textTokens);
    for (const key of Object.keys(cand)) {
      if (key === 'id' || key === 'text') continue;
      const v = cand[key];
      if (typeof v === 'string') for (const t of tokenize(v)) all.add(t);
    }
    for (const t of all) {
      const prev = owner.get(t);
      owner.set(t, prev === undefined || prev === c ? c : SHARED);
    }
  }
  const out = new Int32Array(k);
  for (let c = 0; c < k; c++) {
    let count = 0;
    for (const t of new Set(own[c])) {
      const o = owner.get(t);
      if (o === SHARED || (o !== undefined && o !== c)) count++;
    }
    out[c] = count;
  }
  return out;
}

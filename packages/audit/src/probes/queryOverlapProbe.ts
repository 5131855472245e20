import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { tokenize, uniqueExtreme } from '../internal/text.js';

function overlaps(item: BlindItem): Int32Array | null {
  if (item.query === undefined || item.query.length === 0) return null;
  const query = new Set(tokenize(item.query));
  const out = new Int32Array(item.candidates.length);
  for (let c = 0; c < out.length; c++) {
    let shared = 0;
    for (const t of new Set(tokenize(item.candidates[c]!.text))) if (query.has(t)) shared++;
    out[c] = shared;
  }
  return out;
}

function choose(counts: Int32Array | null, sign: string): number {
  if (counts === null) return -1;
  return uniqueExtreme(counts, sign === 'least' ? 'min' : 'max');
}

/**
 * Query overlap: bets on the candidate sharing the most distinct tokens with the query
 * ('most') or the fewest ('least'); abstains on ties and on items without a query.
 * @since 0.1.0
 */
export const queryOverlapProbe: Probe = {
  name: 'query-overlap',
  fields: ['query', 'candidate texts'],
  fix: 'draw distractors with the same word overlap with the query as the answer',
  description: 'the answer shares the most (or fewest) tokens with the query',
  signs: ['most', 'least'],
  choose(item: BlindItem, sign: string): number {
    return choose(overlaps(item), sign);
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const counts = overlaps(item);
    for (let s = 0; s < signs.length; s++) out[s] = choose(counts, signs[s]!);
  },
};

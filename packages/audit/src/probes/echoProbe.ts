import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { uniqueExtreme } from '../internal/text.js';
import { echoCounts } from './echoCounts.js';

function choose(counts: Int32Array, sign: string): number {
  if (sign === 'least-echoed') return uniqueExtreme(counts, 'min');
  const c = uniqueExtreme(counts, 'max');
  return c >= 0 && counts[c]! > 0 ? c : -1;
}

/**
 * Echo (token repetition): bets on the one candidate whose value echoes elsewhere in the
 * item ('most-echoed', needs at least one echo) or on the one that echoes least
 * ('least-echoed'; in the field stale values may be the ones that repeat).
 * @since 0.1.0
 */
export const echoProbe: Probe = {
  name: 'echo',
  fields: ['candidate texts', "other candidates' fields"],
  fix: 'draw distractors that echo each other as often as the answer is echoed',
  description: "the answer's tokens repeat in other candidates' fields (or, signed, repeat least)",
  signs: ['most-echoed', 'least-echoed'],
  choose(item: BlindItem, sign: string): number {
    return choose(echoCounts(item), sign);
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const counts = echoCounts(item);
    for (let s = 0; s < signs.length; s++) out[s] = choose(counts, signs[s]!);
  },
};

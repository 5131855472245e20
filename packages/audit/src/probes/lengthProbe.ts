import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { uniqueExtreme } from '../internal/text.js';

/**
 * Length: bets on the strictly longest or the strictly shortest candidate text (UTF-16
 * length); abstains on a tie. Signed ('longest' / 'shortest'): a re-cut that flips the cue
 * fires as surely as the original.
 * @since 0.1.0
 */
export const lengthProbe: Probe = {
  name: 'length',
  fields: ['candidate text length'],
  fix: 'match candidate lengths (pick distractors as long as the answer)',
  description: 'the answer is the longest (or the shortest) candidate',
  signs: ['longest', 'shortest'],
  choose(item: BlindItem, sign: string): number {
    const lengths = item.candidates.map((c) => c.text.length);
    return uniqueExtreme(lengths, sign === 'shortest' ? 'min' : 'max');
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const lengths = item.candidates.map((c) => c.text.length);
    for (let s = 0; s < signs.length; s++) out[s] = uniqueExtreme(lengths, signs[s] === 'shortest' ? 'min' : 'max');
  },
};

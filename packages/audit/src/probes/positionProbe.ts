import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';

/** Signs beyond this index are not tried (they would only add selection noise). */
const MAX_INDEX = 16;

/**
 * Position: bets on a fixed index ('index 0', 'index 1', ...) or on the last candidate.
 * Signed: the audit reports which index wins. Abstains when the item has no such index.
 * @since 0.1.0
 */
export const positionProbe: Probe = {
  name: 'position',
  fields: ['candidate order'],
  fix: 'shuffle the candidate order within every item (the answer sits at a fixed index)',
  description: 'the answer sits at a fixed index (first, second, ..., last)',
  signs: (items: readonly BlindItem[]): readonly string[] => {
    let k = 0;
    for (const item of items) k = Math.max(k, item.candidates.length);
    const signs: string[] = [];
    for (let j = 0; j < Math.min(k, MAX_INDEX); j++) signs.push(`index ${j}`);
    signs.push('last');
    return signs;
  },
  choose(item: BlindItem, sign: string): number {
    const k = item.candidates.length;
    if (sign === 'last') return k - 1;
    const j = Number(sign.slice('index '.length));
    return Number.isInteger(j) && j < k ? j : -1;
  },
};

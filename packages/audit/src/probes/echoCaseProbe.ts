import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { caseClass } from '../internal/text.js';
import { echoCounts } from './echoCounts.js';

function choose(item: BlindItem, counts: Int32Array, sign: string): number {
  let max = 0;
  for (let c = 0; c < counts.length; c++) max = Math.max(max, counts[c]!);
  if (max === 0) return -1;
  let only = -1;
  let tied = 0;
  for (let c = 0; c < counts.length; c++)
    if (counts[c] === max) {
      tied++;
      only = c;
    }
  if (tied === 1) return only; // echo alone decides
  // Tie-break on case among the tied candidates: the one capitalised (or the one lower-case).
  const wantCapital = sign !== 'echo, then lowercase';
  let pick = -1;
  for (let c = 0; c < counts.length; c++) {
    if (counts[c] !== max) continue;
    const cls = caseClass(item.candidates[c]!.text);
    const capital = cls === 'title' || cls === 'upper';
    if (capital !== wantCapital) continue;
    if (pick !== -1) return -1;
    pick = c;
  }
  return pick;
}

/**
 * Echo, then case (composite): the most-echoed candidate; among tied echoes the one
 * capitalised candidate ('echo, then capitalised') or the one lower-case candidate. By
 * construction it commits wherever the echo probe's 'most-echoed' sign does, plus the ties.
 * @since 0.1.0
 */
export const echoCaseProbe: Probe = {
  name: 'echo-case',
  fields: ['candidate texts', 'capitalisation'],
  fix: 'break the echo-then-case pattern: distractors that echo must be capitalised like the answer',
  description: 'echo, with capitalisation as tie-break (composite)',
  signs: ['echo, then capitalised', 'echo, then lowercase'],
  choose(item: BlindItem, sign: string): number {
    return choose(item, echoCounts(item), sign);
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const counts = echoCounts(item);
    for (let s = 0; s < signs.length; s++) out[s] = choose(item, counts, signs[s]!);
  },
};

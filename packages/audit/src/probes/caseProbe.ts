import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import type { CaseClass } from '../internal/text.js';
import { caseClass } from '../internal/text.js';

const CASE_SIGNS: readonly CaseClass[] = ['title', 'upper', 'lower', 'mixed'];

function choose(classes: readonly CaseClass[], sign: string): number {
  let hit = -1;
  for (let c = 0; c < classes.length; c++) {
    if (classes[c] !== sign) continue;
    if (hit !== -1) return -1; // shared by two candidates: no distinctive case
    hit = c;
  }
  return hit;
}

/**
 * Case: bets on the one candidate whose text has a given capitalisation pattern
 * ('title', 'upper', 'lower', 'mixed'); abstains when none or several have it. Signed: the
 * report names the winning pattern.
 * @since 0.1.0
 */
export const caseProbe: Probe = {
  name: 'case',
  fields: ['candidate text capitalisation'],
  fix: 'normalise capitalisation of candidate texts (the answer alone is capitalised differently)',
  description: 'the answer is the only candidate with a given capitalisation pattern',
  signs: CASE_SIGNS,
  choose(item: BlindItem, sign: string): number {
    return choose(
      item.candidates.map((c) => caseClass(c.text)),
      sign,
    );
  },
  chooseAll(item: BlindItem, signs: readonly string[], out: Int32Array): void {
    const classes = item.candidates.map((c) => caseClass(c.text));
    for (let s = 0; s < signs.length; s++) out[s] = choose(classes, signs[s]!);
  },
};

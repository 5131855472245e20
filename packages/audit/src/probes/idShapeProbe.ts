import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { oddIdShape } from './idShape.js';

/**
 * Id shape: bets on the one candidate whose id is not of the family the other candidates'
 * ids form (same separators and segment lengths, joined character class per segment; see
 * `idShape`); needs at least 3 candidates. Random hex bodies (`rec_8be88c4f`) share a
 * family, so an answer id `R-352167` among them stands out.
 * @since 0.1.0
 */
export const idShapeProbe: Probe = {
  name: 'id-shape',
  fields: ['candidate ids'],
  fix: 'give the answer an id from the same generator as the distractors (or re-id every candidate)',
  description: "the answer's id has a format the other candidates' ids do not",
  signs: ['odd-shape'],
  choose(item: BlindItem): number {
    return oddIdShape(item.candidates.map((c) => c.id));
  },
};

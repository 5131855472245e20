import type { BlindItem } from '../item.js';
import type { Probe } from '../probe.js';
import { idShape, oddOneOut } from '../internal/text.js';

/**
 * Id shape: bets on the one candidate whose id has a different shape (letters -> a/A,
 * digits -> 9) from the shape all other candidates share; needs at least 3 candidates.
 * @since 0.1.0
 */
export const idShapeProbe: Probe = {
  name: 'id-shape',
  description: "the answer's id has a format the other candidates' ids do not",
  signs: ['odd-shape'],
  choose(item: BlindItem): number {
    return oddOneOut(item.candidates.map((c) => idShape(c.id)));
  },
};

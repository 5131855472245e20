import type { FeatureEvidence, FittedChooser } from '../fittedProbe.js';
import { idContentProbe } from '../learned/idContentProbe.js';
import type { Scorer } from './scorer.js';

/**
 * The id-content probe on text id columns of a table: each column's values (as written) are
 * featurised like item ids (characters by position from both ends, length, shape, segments,
 * numeric magnitudes) and a cross-fitted naive Bayes predicts the label; every null draw
 * refits it. Several id columns are signs (the best is taken, in every draw too).
 */
export function idContentScorer(
  values: Readonly<Record<string, readonly string[]>>,
  columns: readonly string[],
  classes: readonly string[],
  seed: number,
): Scorer {
  const candidates = classes.map((c) => ({ id: c, text: c }));
  const choosers: FittedChooser[] = columns.map((col) =>
    idContentProbe().prepare(
      values[col]!.map((id) => ({ id, candidates })),
      seed,
    ),
  );
  const n = values[columns[0]!]!.length;
  const out = new Int32Array(n);
  let picked = 0;
  let observed: Int32Array | undefined;
  return {
    name: 'id-content',
    set: 'train',
    rule: 'permuted-null',
    signs: [...columns],
    score(labels, describe) {
      let best = 0;
      let bestHits = -1;
      choosers.forEach((ch, k) => {
        ch.choose(labels, out);
        let hits = 0;
        for (let i = 0; i < n; i++) if (out[i] === labels[i]) hits++;
        if (hits > bestHits) {
          bestHits = hits;
          best = k;
        }
      });
      if (describe) {
        picked = best;
        observed = labels;
      }
      return { hits: bestHits, covered: n, sign: describe ? columns[best]! : '' };
    },
    explain() {
      const col = columns[picked]!;
      const evidence: readonly FeatureEvidence[] = observed ? (choosers[picked]!.evidence?.(observed) ?? []) : [];
      return {
        fields: [col],
        fix: `drop \`${col}\` or re-issue it from one random generator for every class: its characters follow the label`,
        evidence,
      };
    },
  };
}

import type { ChoiceTable } from './choiceTable.js';

/**
 * The sign a probe takes on these answers: the largest standardised excess of hits over
 * within-item chance, z = (hits - Σ1/k) / sqrt(Σ(1/k)(1-1/k)), among signs covering at least
 * `minCovered` items (all covering signs if none does); ties go to the first sign. The same
 * rule runs inside every null draw, so the null includes this selection.
 * Returns -1 when no sign commits on any item.
 */
export function selectSign(table: ChoiceTable, hits: ArrayLike<number>, offset: number, minCovered: number): number {
  const S = table.signs.length;
  let anyEligible = false;
  for (let s = 0; s < S; s++) if (table.covered[s]!.length >= minCovered && table.covered[s]!.length > 0) anyEligible = true;
  let best = -1;
  let bestZ = -Infinity;
  for (let s = 0; s < S; s++) {
    const cov = table.covered[s]!.length;
    if (cov === 0 || (anyEligible && cov < minCovered)) continue;
    const z = (hits[offset + s]! - table.expected[s]!) / Math.sqrt(Math.max(table.variance[s]!, 1e-12));
    if (best === -1 || z > bestZ) {
      best = s;
      bestZ = z;
    }
  }
  return best;
}

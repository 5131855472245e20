import type { LeakComparison } from '../auditReport.js';

/**
 * The leak rule's comparison on the same held-out rows: `alone[i]` / `others[i]` say whether
 * the suspect (a column, the copies' vote, the missing pattern) and the model on the other
 * columns got row i right. Clear when the suspect's errors are at most `errorRatio` times the
 * others' errors and the paired (McNemar) z = (b − c) / √(b + c) over the rows where exactly
 * one is right reaches `z`.
 */
export function compareHeldOut(alone: Uint8Array, others: Uint8Array, errorRatio: number, zMin: number, rows: number): LeakComparison {
  let a = 0;
  let o = 0;
  let b = 0;
  let c = 0;
  for (let i = 0; i < rows; i++) {
    a += alone[i]!;
    o += others[i]!;
    if (alone[i] && !others[i]) b++;
    else if (!alone[i] && others[i]) c++;
  }
  const aloneAcc = rows > 0 ? a / rows : Number.NaN;
  const othersAcc = rows > 0 ? o / rows : Number.NaN;
  const z = b + c > 0 ? (b - c) / Math.sqrt(b + c) : 0;
  const clear = rows > 0 && 1 - aloneAcc <= errorRatio * (1 - othersAcc) && z >= zMin;
  return { alone: aloneAcc, others: othersAcc, rows, z, clear };
}

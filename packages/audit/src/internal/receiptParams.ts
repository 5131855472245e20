import type { ResolvedAuditOptions } from '../auditOptions.js';

/**
 * The resolved audit options in the order every receipt records them (audit reports and
 * envelopes alike), so the two receipts cannot drift apart.
 */
export function receiptParams(opts: ResolvedAuditOptions): ResolvedAuditOptions {
  return {
    seed: opts.seed,
    permutations: opts.permutations,
    quantile: opts.quantile,
    margin: opts.margin,
    minCovered: opts.minCovered,
    familyWise: opts.familyWise,
  };
}

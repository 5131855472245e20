import { substream } from '@xai/core';
import type { StreamKey } from '@xai/core';

/**
 * Picks exactly `total` of the `candidates` (row indices), spread over strata in
 * proportion to their sizes (largest remainder; ties go to the lower stratum). Within a
 * stratum the rows are drawn uniformly from the stream (seed, ...keys, stratum), so one
 * stratum's draw does not depend on the others. Returns a 0/1 flag per row of `strata`.
 */
export function stratifiedPick(
  candidates: Int32Array,
  strata: Int32Array,
  nStrata: number,
  total: number,
  seed: number,
  keys: readonly StreamKey[],
): Uint8Array {
  const picked = new Uint8Array(strata.length);
  const nCand = candidates.length;
  if (total <= 0 || nCand === 0) return picked;
  // Group candidates by stratum, keeping their order.
  const sizes = new Int32Array(nStrata);
  for (let i = 0; i < nCand; i++) sizes[strata[candidates[i]!]!]!++;
  const starts = new Int32Array(nStrata + 1);
  for (let s = 0; s < nStrata; s++) starts[s + 1] = starts[s]! + sizes[s]!;
  const grouped = new Int32Array(nCand);
  const fill = starts.slice(0, nStrata);
  for (let i = 0; i < nCand; i++) {
    const r = candidates[i]!;
    grouped[fill[strata[r]!]!++] = r;
  }
  // Largest-remainder quotas so that they sum to exactly `total`.
  const quota = new Int32Array(nStrata);
  const remainder = new Float64Array(nStrata);
  let assigned = 0;
  for (let s = 0; s < nStrata; s++) {
    const exact = (sizes[s]! * total) / nCand;
    quota[s] = Math.floor(exact);
    remainder[s] = exact - quota[s]!;
    assigned += quota[s]!;
  }
  const order = Array.from({ length: nStrata }, (_, s) => s).sort((a, b) => remainder[b]! - remainder[a]! || a - b);
  for (let i = 0; assigned < total && i < nStrata; i++) {
    const s = order[i]!;
    if (quota[s]! < sizes[s]!) {
      quota[s]!++;
      assigned++;
    }
  }
  for (let s = 0; s < nStrata; s++) {
    const q = quota[s]!;
    if (q === 0) continue;
    const chosen = substream(seed, ...keys, s).choice(sizes[s]!, q);
    for (let k = 0; k < q; k++) picked[grouped[starts[s]! + chosen[k]!]!] = 1;
  }
  return picked;
}

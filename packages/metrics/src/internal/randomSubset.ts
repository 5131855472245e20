// A random k-subset of the features, set to a baseline: the draw shared by the metrics that
// correlate attribution sums with output drops over random subsets.
import type { Rng } from '@xai/core';

/**
 * Puts k distinct indices of 0..pool.length-1 in pool[0, k), uniformly, in draw order: the
 * partial Fisher–Yates of `rng.choice(d, k)` (one `rng.uniform()` per index, the same draws)
 * without its two allocations. pool is reset to 0..d-1 first.
 */
export function drawSubset(rng: Pick<Rng, 'uniform'>, pool: Int32Array, k: number): void {
  const d = pool.length;
  for (let j = 0; j < d; j++) pool[j] = j;
  for (let q = 0; q < k; q++) {
    const r = q + Math.floor(rng.uniform() * (d - q));
    const j = pool[r]!;
    pool[r] = pool[q]!;
    pool[q] = j;
  }
}

/**
 * Writes xi into out at `at` with a random k-subset of its features set to `base` (drawn by
 * {@link drawSubset} into `pool`) and returns the subset's attribution sum Σ e_j, added in
 * draw order.
 */
export function baselineRandomSubset(
  rng: Pick<Rng, 'uniform'>,
  pool: Int32Array,
  k: number,
  xi: Float64Array,
  e: Float64Array,
  base: Float64Array,
  out: Float64Array,
  at: number,
): number {
  out.set(xi, at);
  drawSubset(rng, pool, k);
  let sum = 0;
  for (let q = 0; q < k; q++) {
    const j = pool[q]!;
    out[at + j] = base[j]!;
    sum += e[j]!;
  }
  return sum;
}

import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue, hashFloat64, row, substream, checkOptions } from '@xai/core';

export interface PermutedNullOptions {
  /**
   * Per-row instance keys, recommended: `hashFloat64(row(x, i))` of the *instance* each
   * attribution row explains (what @xai/bench should pass). Row i's permutation is drawn
   * from `substream(seed, 'permuted-null', keys[i])`, so it depends on the instance, not on
   * its position, and two rows with equal keys (the same instance) get the same permutation.
   * @defaultValue content keys of the attribution rows with an occurrence counter (see below)
   */
  readonly keys?: ArrayLike<number>;
}

/**
 * The *null* of an attribution matrix: each row's values permuted across features. Every
 * row keeps its values (so norms, sparsity and sums are unchanged) but loses which feature
 * they belong to; a metric score that does not drop is not measuring attribution to features.
 *
 * Keying: pass `keys` (per-instance hashes, see {@link PermutedNullOptions.keys}). Without
 * keys, row i is keyed by the content hash h of its attribution values *and* by how many
 * earlier rows had the same hash (o = 0, 1, 2, …): the stream is
 * `substream(seed, 'permuted-null', h)` for the first occurrence and
 * `substream(seed, 'permuted-null', h, o)` for later ones. Identical attribution rows — common
 * for explainers that ignore the instance (a global or constant explainer) — therefore get
 * different permutations; reordering the rows only changes which of the identical rows gets
 * which permutation, so the output is the same multiset of rows (order-independent in
 * distribution), and a row without twins gets the same permutation in any batch.
 * @example
 *   const nullAttr = permutedNullAttributions(attributions, 0, { keys: Array.from({ length: x.rows }, (_, i) => hashFloat64(row(x, i))) });
 * @since 0.1.0
 */
export function permutedNullAttributions(attributions: Matrix, seed: number, options: PermutedNullOptions = {}): Matrix {
  const fn = 'permutedNullAttributions';
  checkOptions(options, ['keys'], fn);
  assertMatrix(attributions, fn, 'attributions');
  if (!Number.isSafeInteger(seed))
    throw new XaiError('BAD_INPUT', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  const { keys } = options;
  if (keys !== undefined && keys.length !== attributions.rows)
    throw new XaiError('SHAPE_MISMATCH', `keys has ${keys.length} entries for ${attributions.rows} rows`, {
      fn,
      arg: 'keys',
      value: keys.length,
    });
  if (keys !== undefined) {
    for (let i = 0; i < keys.length; i++) {
      if (!Number.isFinite(keys[i]))
        throw new XaiError('BAD_INPUT', `keys[${i}] must be a finite number, got ${describeValue(keys[i])}`, {
          fn,
          arg: 'keys',
          value: keys[i],
          index: i,
        });
    }
  }
  const n = attributions.rows;
  const d = attributions.cols;
  const out = new Float64Array(n * d);
  const seen = keys === undefined ? new Map<number, number>() : undefined;
  for (let i = 0; i < n; i++) {
    const r = row(attributions, i);
    let rng: ReturnType<typeof substream>;
    if (keys !== undefined) rng = substream(seed, 'permuted-null', keys[i]!);
    else {
      const h = hashFloat64(r);
      const o = seen!.get(h) ?? 0;
      seen!.set(h, o + 1);
      // The first occurrence keeps the plain content key, so rows without twins are unchanged.
      rng = o === 0 ? substream(seed, 'permuted-null', h) : substream(seed, 'permuted-null', h, o);
    }
    const perm = rng.permutation(d);
    for (let j = 0; j < d; j++) out[i * d + j] = r[perm[j]!]!;
  }
  return { rows: n, cols: d, data: out };
}

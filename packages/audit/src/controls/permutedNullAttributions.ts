import type { Matrix } from '@xai/core';
import { XaiError, assertMatrix, describeValue, hashFloat64, row, substream } from '@xai/core';

export interface PermutedNullOptions {
  /** Per-row stream keys. @defaultValue hashFloat64 of each row's attributions (content, not position) */
  readonly keys?: ArrayLike<number>;
}

/**
 * The *null* of an attribution matrix: each row's values permuted across features by a
 * permutation drawn from substream(seed, 'permuted-null', key), key = the row's content
 * hash. Every row keeps its values (so norms, sparsity and sums are unchanged) but loses
 * which feature they belong to; a metric score that does not drop is not measuring
 * attribution to features.
 * @example const nullAttr = permutedNullAttributions(attributions, 0);
 * @since 0.1.0
 */
export function permutedNullAttributions(attributions: Matrix, seed: number, options: PermutedNullOptions = {}): Matrix {
  const fn = 'permutedNullAttributions';
  assertMatrix(attributions, fn, 'attributions');
  if (!Number.isSafeInteger(seed)) throw new XaiError('BAD_INPUT', `seed must be a safe integer, got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  const { keys } = options;
  if (keys !== undefined && keys.length !== attributions.rows) throw new XaiError('SHAPE_MISMATCH', `keys has ${keys.length} entries for ${attributions.rows} rows`, { fn, arg: 'keys', value: keys.length });
  const n = attributions.rows;
  const d = attributions.cols;
  const out = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const r = row(attributions, i);
    const key = keys !== undefined ? keys[i]! : hashFloat64(r);
    const perm = substream(seed, 'permuted-null', key).permutation(d);
    for (let j = 0; j < d; j++) out[i * d + j] = r[perm[j]!]!;
  }
  return { rows: n, cols: d, data: out };
}

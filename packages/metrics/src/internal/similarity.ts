// Explanation similarity of the randomisation checks (Quantus' default: Spearman of |e|).
import { XaiError, describeValue } from '@xai/core';
import { absInto, pearson, spearman } from './common.js';

export type Similarity = 'spearman-abs' | 'spearman' | 'pearson';

export const SIMILARITIES: readonly Similarity[] = ['spearman-abs', 'spearman', 'pearson'];

export function checkSimilarity(value: unknown, fn: string): Similarity {
  if (!(SIMILARITIES as readonly unknown[]).includes(value))
    throw new XaiError('BAD_OPTION', `similarity must be ${SIMILARITIES.join(', ')}, got ${describeValue(value)}`, {
      fn,
      arg: 'options.similarity',
      value,
    });
  return value as Similarity;
}

/** A reusable similarity of two rows; NaN when a side is constant. */
export function similarityFn(kind: Similarity, d: number): (a: Float64Array, b: Float64Array) => number {
  const aa = new Float64Array(d);
  const bb = new Float64Array(d);
  const ra = new Float64Array(d);
  const rb = new Float64Array(d);
  if (kind === 'pearson') return (a, b) => pearson(a, b);
  if (kind === 'spearman') return (a, b) => spearman(a, b, ra, rb);
  return (a, b) => spearman(absInto(a, aa), absInto(b, bb), ra, rb);
}

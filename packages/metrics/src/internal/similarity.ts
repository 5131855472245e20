// Explanation similarity of the randomisation checks (Spearman of |e| by default; SSIM is
// Quantus' RandomLogit default).
import { XaiError, describeValue } from '@xai/core';
import { absInto, pearson, spearman } from './common.js';

export type Similarity = 'spearman-abs' | 'spearman' | 'pearson' | 'ssim';

export const SIMILARITIES: readonly Similarity[] = ['spearman-abs', 'spearman', 'pearson', 'ssim'];

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
  if (kind === 'ssim') return (a, b) => ssim(a, b);
  if (kind === 'spearman') return (a, b) => spearman(a, b, ra, rb);
  return (a, b) => spearman(absInto(a, aa), absInto(b, bb), ra, rb);
}

/** skimage's structural_similarity window (win_size=None) and constants K1, K2. */
export const SSIM_WINDOW = 7;
const K1 = 0.01;
const K2 = 0.03;

/**
 * SSIM of two vectors as Quantus calls skimage.metrics.structural_similarity on a flattened
 * explanation: data_range = max − min over both, a uniform window of 7 with the sample
 * covariance (7/6), the mean over window centres at least 3 from either end (skimage crops the
 * reflected border). NaN when the vectors are shorter than the window (skimage refuses them).
 */
export function ssim(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const d = a.length;
  if (d < SSIM_WINDOW) return Number.NaN;
  let max = -Infinity;
  let min = Infinity;
  for (let j = 0; j < d; j++) {
    max = Math.max(max, a[j]!, b[j]!);
    min = Math.min(min, a[j]!, b[j]!);
  }
  const range = Math.abs(max - min);
  const c1 = (K1 * range) ** 2;
  const c2 = (K2 * range) ** 2;
  const w = SSIM_WINDOW;
  const covNorm = w / (w - 1);
  const pad = (w - 1) / 2;
  let total = 0;
  for (let k = pad; k < d - pad; k++) {
    let ux = 0;
    let uy = 0;
    let uxx = 0;
    let uyy = 0;
    let uxy = 0;
    for (let t = k - pad; t <= k + pad; t++) {
      const x = a[t]!;
      const y = b[t]!;
      ux += x;
      uy += y;
      uxx += x * x;
      uyy += y * y;
      uxy += x * y;
    }
    ux /= w;
    uy /= w;
    const vx = covNorm * (uxx / w - ux * ux);
    const vy = covNorm * (uyy / w - uy * uy);
    const vxy = covNorm * (uxy / w - ux * uy);
    total += ((2 * ux * uy + c1) * (2 * vxy + c2)) / ((ux * ux + uy * uy + c1) * (vx + vy + c2));
  }
  return total / (d - 2 * pad);
}

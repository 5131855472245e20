import { enumOption, intOption, numberOption } from '@xai/core';
import type { Matrix } from '@xai/core';
import type { SynthGaussVariant } from './resolveSynthGaussParams.js';

/**
 * Centre multiplier of block b (clusters b·d … b·d + d − 1 sit on the axes at
 * multiplier·κ). Paper (app. C): 1, 2, 3, …; released code: 1, 2, 4, 6, … (`j * 2`).
 */
export function centreMultiplier(variant: SynthGaussVariant, block: number): number {
  if (block === 0) return 1;
  return variant === 'paper' ? block + 1 : 2 * block;
}

/**
 * The K x d cluster centres: cluster k lies on axis k mod d at distance
 * `centreMultiplier(variant, floor(k / d)) · κ` from the origin, so the first d clusters
 * are κ·√2 apart. The released code has one special case, kept in its variant: when
 * K = 2d the second block sits at −κ·e_i instead of 2κ·e_i.
 * @example clusterCentres('paper', 3, 4, 6)  // rows [6,0,0,0], [0,6,0,0], [0,0,6,0]
 * @since 0.1.0
 */
export function clusterCentres(variant: SynthGaussVariant, clusters: number, dim: number, kappa: number): Matrix {
  const fn = 'clusterCentres';
  enumOption(variant, fn, 'variant', { values: ['paper', 'openxai-code'] });
  intOption(clusters, fn, 'clusters', { min: 1 });
  intOption(dim, fn, 'dim', { min: 1 });
  numberOption(kappa, fn, 'kappa', { above: 0 });
  const data = new Float64Array(clusters * dim);
  const mirrored = variant === 'openxai-code' && clusters === 2 * dim;
  for (let k = 0; k < clusters; k++) {
    const axis = k % dim;
    const block = Math.floor(k / dim);
    const scale = mirrored ? (block === 0 ? 1 : -1) : centreMultiplier(variant, block);
    data[k * dim + axis] = scale * kappa;
  }
  return { rows: clusters, cols: dim, data };
}

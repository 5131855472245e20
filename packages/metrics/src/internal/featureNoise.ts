// One feature at a time resampled as x_j + N(0, std²), S draws each (monotonicity correlation,
// non-sensitivity). Instances go through the model in blocks of about BLOCK_ROWS perturbed rows
// (one predictProba call per block), so memory stays O(BLOCK_ROWS · d) instead of n·d·S·d.
import { matrix, row } from '@xai/core';
import type { Rng } from '@xai/core';
import type { Prepared } from './common.js';
import { ABSOLUTE_UNITS, rowRng, targetOutputs, unitNoise } from './common.js';
import type { NoiseUnits } from './common.js';

/** A replacement value for feature j of row xi, in place of x_j + N(0, std²). */
export type FeatureDraw = (xi: Float64Array, j: number, rng: Rng) => number;

/**
 * Quantus' `perturb_baseline="uniform"`: x_j replaced by U(0, 1) whatever the row holds
 * (quantus/helpers/utils.py:163, its uniform_low / uniform_high defaults), one draw per copy.
 */
export const uniformUnit: FeatureDraw = (_xi, _j, rng) => rng.uniform();

/** Perturbed rows per model call (≈ 64k rows: 10 MB at d = 20). */
export const BLOCK_ROWS = 65536;

/**
 * Per (instance, feature): `mean-square` = mean over draws of (f(x) − f(x'))², `max-abs` =
 * max |f(x') − f(x)|; n x d row-major. Draws come from the row's content-keyed stream in the
 * order feature 0..d−1, draw 0..S−1, independently of the blocking.
 */
export function featureNoiseEffects(
  p: Pick<Prepared, 'x' | 'n' | 'd' | 'model' | 'targets'>,
  S: number,
  std: number,
  seed: number,
  label: string,
  reduce: 'mean-square' | 'max-abs',
  blockRows = BLOCK_ROWS,
  units: NoiseUnits = ABSOLUTE_UNITS,
  replace: FeatureDraw | null = null,
): Float64Array {
  const { x, n, d, model, targets } = p;
  const per = d * S;
  const block = Math.max(1, Math.floor(blockRows / per));
  const fx = targetOutputs(model, x, targets, 1);
  const out = new Float64Array(n * d);
  const big = matrix(Math.min(block, n) * per, d);
  for (let i0 = 0; i0 < n; i0 += block) {
    const i1 = Math.min(n, i0 + block);
    const b = i1 - i0;
    const view = b * per === big.rows ? big : { rows: b * per, cols: d, data: big.data.subarray(0, b * per * d) };
    for (let i = i0; i < i1; i++) {
      const xi = row(x, i);
      const rng = rowRng(x, i, seed, label, units.keys);
      for (let j = 0; j < d; j++) {
        for (let s = 0; s < S; s++) {
          const at = ((i - i0) * per + j * S + s) * d;
          view.data.set(xi, at);
          view.data[at + j] = replace === null ? xi[j]! + unitNoise(std, units.scale, j) * rng.normal() : replace(xi, j, rng);
        }
      }
    }
    const fp = targetOutputs(model, view, targets.subarray(i0, i1), per);
    for (let i = i0; i < i1; i++) {
      const f0 = fx[i]!;
      for (let j = 0; j < d; j++) {
        let acc = 0;
        for (let s = 0; s < S; s++) {
          const diff = f0 - fp[(i - i0) * per + j * S + s]!;
          if (reduce === 'mean-square') acc += diff * diff;
          else if (Math.abs(diff) > acc) acc = Math.abs(diff);
        }
        out[i * d + j] = reduce === 'mean-square' ? acc / S : acc;
      }
    }
  }
  return out;
}

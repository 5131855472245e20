import { LegacyRandomState, checkNumpySeed } from '../internal/legacyRandomState.js';

/**
 * numpy's legacy global generator (`np.random.seed(s)` / `RandomState(s)`): MT19937 seeded
 * with init_genrand, 53-bit doubles (genrand_res53) and the polar Gaussian that caches its
 * second value. The `openxai` preset uses it where the released code draws from numpy (LIME's
 * perturbations), so the same seed reproduces the released samples exactly.
 */
export interface NumpyRandomState {
  /** `np.random.random_sample()`: uniform [0, 1) with 53 bits. */
  randomSample(): number;
  /** `np.random.standard_normal()` (legacy polar method). */
  standardNormal(): number;
  /** `np.random.normal(loc, scale, size)` into out[start, end). */
  fillNormal(out: Float64Array, loc?: number, scale?: number, start?: number, end?: number): Float64Array;
}

/**
 * `np.random.RandomState(seed)` for 0 <= seed < 2^32.
 * @example numpyRandomState(0).standardNormal()  // 1.764052345967664, as numpy prints
 * @since 0.1.0
 */
export function numpyRandomState(seed: number): NumpyRandomState {
  checkNumpySeed(seed, 'numpyRandomState');
  return new LegacyRandomState(seed);
}

import { mersenne } from 'pure-rand/generator/mersenne';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { XaiError, describeValue } from '../errors.js';

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

class LegacyRandomState implements NumpyRandomState {
  private hasGauss = false;
  private gauss = 0;

  constructor(private readonly mt: RandomGenerator) {}

  randomSample(): number {
    const a = (this.mt.next() >>> 0) >>> 5;
    const b = (this.mt.next() >>> 0) >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  standardNormal(): number {
    if (this.hasGauss) {
      this.hasGauss = false;
      return this.gauss;
    }
    let x1 = 0,
      x2 = 0,
      r2 = 0;
    do {
      x1 = 2 * this.randomSample() - 1;
      x2 = 2 * this.randomSample() - 1;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1 || r2 === 0);
    const f = Math.sqrt((-2 * Math.log(r2)) / r2);
    this.gauss = f * x1;
    this.hasGauss = true;
    return f * x2;
  }

  fillNormal(out: Float64Array, loc = 0, scale = 1, start = 0, end = out.length): Float64Array {
    for (let i = start; i < end; i++) out[i] = loc + scale * this.standardNormal();
    return out;
  }
}

/**
 * `np.random.RandomState(seed)` for 0 <= seed < 2^32.
 * @example numpyRandomState(0).standardNormal()  // 1.764052345967664, as numpy prints
 * @since 0.1.0
 */
export function numpyRandomState(seed: number): NumpyRandomState {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new XaiError('BAD_INPUT', `numpy seeds are integers in [0, 2^32), got ${describeValue(seed)}`, {
      fn: 'numpyRandomState',
      arg: 'seed',
      value: seed,
    });
  }
  return new LegacyRandomState(mersenne(seed | 0));
}

// numpy's legacy RandomState on a copyable typed-array state (not part of the public API).
import { XaiError, describeValue } from '../errors.js';
import type { NumpyRandomState } from '../rng/numpyRandomState.js';

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df | 0;
const UPPER = 0x80000000 | 0;
const LOWER = 0x7fffffff;

/**
 * MT19937 as numpy's `mt19937_seed` / `genrand_int32` run it, on a typed-array state that can be
 * copied (the stream checkpoints of `numpyNormalStream`). Words are produced 624 at a time.
 */
export class LegacyRandomState implements NumpyRandomState {
  readonly mt = new Int32Array(N);
  mti = N;
  hasGauss = false;
  gauss = 0;

  constructor(seed: number) {
    const mt = this.mt;
    let s = seed >>> 0;
    mt[0] = s | 0;
    for (let i = 1; i < N; i++) {
      s = (Math.imul(1812433253, s ^ (s >>> 30)) + i) >>> 0;
      mt[i] = s | 0;
    }
  }

  /** This state becomes a copy of `other`'s (the same future draws). */
  copyFrom(other: LegacyRandomState): void {
    this.mt.set(other.mt);
    this.mti = other.mti;
    this.hasGauss = other.hasGauss;
    this.gauss = other.gauss;
  }

  private twist(): void {
    const mt = this.mt;
    let kk = 0;
    let y = 0;
    for (; kk < N - M; kk++) {
      y = (mt[kk]! & UPPER) | (mt[kk + 1]! & LOWER);
      mt[kk] = mt[kk + M]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    for (; kk < N - 1; kk++) {
      y = (mt[kk]! & UPPER) | (mt[kk + 1]! & LOWER);
      mt[kk] = mt[kk + M - N]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    }
    y = (mt[N - 1]! & UPPER) | (mt[0]! & LOWER);
    mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
    this.mti = 0;
  }

  /** The next tempered 32-bit word (as a signed int; callers shift it unsigned). */
  private word(): number {
    if (this.mti >= N) this.twist();
    let y = this.mt[this.mti++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    return y ^ (y >>> 18);
  }

  randomSample(): number {
    const a = this.word() >>> 5;
    const b = this.word() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  standardNormal(): number {
    if (this.hasGauss) {
      this.hasGauss = false;
      return this.gauss;
    }
    let x1 = 0;
    let x2 = 0;
    let r2 = 0;
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
    let i = start;
    if (i < end && this.hasGauss) {
      this.hasGauss = false;
      out[i++] = loc + scale * this.gauss;
    }
    // Pairs straight from the words (the same draws as standardNormal, without its calls).
    const mt = this.mt;
    while (i < end) {
      let x1 = 0;
      let x2 = 0;
      let r2 = 0;
      do {
        if (this.mti > N - 4) {
          x1 = 2 * this.randomSample() - 1;
          x2 = 2 * this.randomSample() - 1;
        } else {
          let k = this.mti;
          let y = mt[k++]!;
          y ^= y >>> 11;
          y ^= (y << 7) & 0x9d2c5680;
          y ^= (y << 15) & 0xefc60000;
          const a1 = (y ^ (y >>> 18)) >>> 5;
          y = mt[k++]!;
          y ^= y >>> 11;
          y ^= (y << 7) & 0x9d2c5680;
          y ^= (y << 15) & 0xefc60000;
          const b1 = (y ^ (y >>> 18)) >>> 6;
          y = mt[k++]!;
          y ^= y >>> 11;
          y ^= (y << 7) & 0x9d2c5680;
          y ^= (y << 15) & 0xefc60000;
          const a2 = (y ^ (y >>> 18)) >>> 5;
          y = mt[k++]!;
          y ^= y >>> 11;
          y ^= (y << 7) & 0x9d2c5680;
          y ^= (y << 15) & 0xefc60000;
          const b2 = (y ^ (y >>> 18)) >>> 6;
          this.mti = k;
          x1 = 2 * ((a1 * 67108864 + b1) / 9007199254740992) - 1;
          x2 = 2 * ((a2 * 67108864 + b2) / 9007199254740992) - 1;
        }
        r2 = x1 * x1 + x2 * x2;
      } while (r2 >= 1 || r2 === 0);
      const f = Math.sqrt((-2 * Math.log(r2)) / r2);
      out[i++] = loc + scale * (f * x2);
      if (i < end) out[i++] = loc + scale * (f * x1);
      else {
        this.gauss = f * x1;
        this.hasGauss = true;
      }
    }
    return out;
  }
}

/** The seed check numpy applies to `RandomState(seed)`. */
export function checkNumpySeed(seed: number, fn: string): void {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new XaiError('BAD_INPUT', `numpy seeds are integers in [0, 2^32), got ${describeValue(seed)}`, { fn, arg: 'seed', value: seed });
  }
}

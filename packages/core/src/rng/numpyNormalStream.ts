// Random access into numpy's legacy standard-normal stream. The polar method rejects a
// variable number of word pairs, so normal k cannot be reached by jumping the Mersenne
// Twister ahead; instead the stream keeps the generator's state at every multiple of
// CHECKPOINT_SPACING normals it has passed, and serves [from, from + count) by walking
// forward from the nearest checkpoint at or before `from` (or from where the last request
// ended). A state at index k depends only on (seed, k), so what a stream has served before
// changes its speed, never its values.
import { LegacyRandomState, checkNumpySeed } from '../internal/legacyRandomState.js';

/** Normals between two stored generator states. */
const CHECKPOINT_SPACING = 1 << 16;
/** At most this many states are kept per stream (each 2.5 KB: 20 MB). */
const MAX_CHECKPOINTS = 8192;

/**
 * The standard normals of `np.random.RandomState(seed).standard_normal(...)` by index.
 * @since 0.3.0
 */
export interface NumpyNormalStream {
  readonly seed: number;
  /**
   * Writes normals [from, from + count) of the stream into out[at, at + count), in time linear
   * in count plus at most 65 536 normals (after the stream has once passed `from`).
   */
  fill(out: Float64Array, at: number, from: number, count: number): void;
}

/**
 * The stream of `RandomState(seed)` standard normals, served from any index (see
 * {@link NumpyNormalStream}); normal k equals the k-th value numpy draws after seeding.
 * @example numpyNormalStream(0).fill(out, 0, 1_000_000, 5) // normals 1e6..1e6+4 of seed 0
 * @since 0.3.0
 */
export function numpyNormalStream(seed: number): NumpyNormalStream {
  checkNumpySeed(seed, 'numpyNormalStream');
  const checkpoints = new Map<number, LegacyRandomState>();
  checkpoints.set(0, new LegacyRandomState(seed));
  // The walking state and the index of the next normal it would produce.
  const cursor = new LegacyRandomState(seed);
  let index = 0;
  const scratch = new Float64Array(4096);
  /** Advances the cursor to `to`, writing what it passes into out from `at` when given, storing checkpoints. */
  const walk = (to: number, out: Float64Array | null, at: number): void => {
    while (index < to) {
      const next = Math.min(to, (Math.floor(index / CHECKPOINT_SPACING) + 1) * CHECKPOINT_SPACING);
      if (out !== null) {
        cursor.fillNormal(out, 0, 1, at, at + (next - index));
        at += next - index;
      } else {
        for (let k = index; k < next; k += scratch.length) cursor.fillNormal(scratch, 0, 1, 0, Math.min(scratch.length, next - k));
      }
      index = next;
      if (index % CHECKPOINT_SPACING === 0 && !checkpoints.has(index) && checkpoints.size < MAX_CHECKPOINTS) {
        const snap = new LegacyRandomState(0);
        snap.copyFrom(cursor);
        checkpoints.set(index, snap);
      }
    }
  };
  return {
    seed,
    fill(out: Float64Array, at: number, from: number, count: number): void {
      // Restart from the checkpoint at or before `from` unless the cursor is already between it and `from`.
      let k = Math.floor(from / CHECKPOINT_SPACING) * CHECKPOINT_SPACING;
      while (!checkpoints.has(k)) k -= CHECKPOINT_SPACING;
      if (index > from || index < k) {
        cursor.copyFrom(checkpoints.get(k)!);
        index = k;
      }
      walk(from, null, 0);
      walk(from + count, out, at);
    },
  };
}

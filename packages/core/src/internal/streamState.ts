// The key under which core's own streams hand their xoroshiro128+ state to bulk kernels in this
// package (randomSubsets.ts). Not exported from the package: a user's Rng has no such state.

/** Property key of a stream's live Int32Array state [s01, s00, s11, s10]. */
export const STREAM_STATE: unique symbol = Symbol('xai.streamState');

/** The live state of a stream made by createRng / substream, or null for any other Rng. */
export function streamState(rng: object): Int32Array | null {
  const st = (rng as { [STREAM_STATE]?: unknown })[STREAM_STATE];
  return st instanceof Int32Array ? st : null;
}

// The noise of a LIME neighbourhood and the factorisation of its weighted ridge, by where the
// noise comes from: a keyed sub-stream, or position p of numpy's RandomState(seed) stream (the
// released code's draws). A fit depends only on (seed, key or position, the LIME settings), so
// the worker-wide cache of numpy positions changes the speed, never a result: the stability
// metrics explain every anchor's neighbours at positions 0..N−1, so those fits serve every
// instance of a dataset (the same bits as computing them again).
import type { NumpyNormalStream } from '@xai/core';
import { hashFloat64, numpyNormalStream, substream } from '@xai/core';
import type { SharedRidge } from './sharedRidge.js';
import { createSharedRidge, sharedRidgeBytes } from './sharedRidge.js';

/** A neighbourhood's noise (S x d, in scale units, row 0 zeros) and its ridge factor (null: fit per row). */
export interface NoiseFit {
  readonly noise: Float64Array;
  readonly ridge: SharedRidge | null;
}

/** What a fit depends on besides its key or position. */
export interface NoiseFitSettings {
  readonly seed: number;
  readonly samples: number;
  readonly d: number;
  readonly std: number;
  readonly width: number;
  readonly alpha: number;
  /** Whether to factorise the ridge (LIME's fit 'noise'); false: every row is fitted on its samples. */
  readonly factorise: boolean;
}

/** The ridge factor of a noise draw, when the settings ask for one. */
function ridgeOf(s: NoiseFitSettings, noise: Float64Array): SharedRidge | null {
  return s.factorise ? createSharedRidge(noise, s.samples, s.d, s.width, s.alpha) : null;
}

/** The fit of keyed noise: `substream(seed, key, 'lime')`'s normals times std, from row 1. */
export function keyedNoiseFit(s: NoiseFitSettings, key: number): NoiseFit {
  const perRow = s.samples * s.d;
  const noise = new Float64Array(perRow);
  substream(s.seed, key, 'lime').fillNormal(noise, 0, s.std, s.d, perRow);
  return { noise, ridge: ridgeOf(s, noise) };
}

/** Bytes the cache of numpy positions may hold in one worker (its fits are ~8·S·d bytes each). */
export const NUMPY_FIT_CACHE_BYTES = 192 * 1024 * 1024;
/** Bytes of the numpy stream's checkpoints per seed (8192 generator states of 2.5 KB). */
export const NUMPY_CHECKPOINT_BYTES = 8192 * 2504;

const streams = new Map<number, NumpyNormalStream>();
/** Least recently used first (a Map keeps insertion order; a hit is moved to the end). */
const cache = new Map<string, { fit: NoiseFit; bytes: number }>();
let cachedBytes = 0;

/** numpy's stream of `seed`, one per worker, shared by every explainer with that seed. */
function streamOf(seed: number): NumpyNormalStream {
  let s = streams.get(seed);
  if (s === undefined) {
    s = numpyNormalStream(seed);
    streams.set(seed, s);
  }
  return s;
}

/** The cache key of a configuration (the scale units' values included). */
export function numpyFitKey(s: NoiseFitSettings, scale: Float64Array | null): string {
  return `${s.seed}|${s.samples}|${s.d}|${s.std}|${s.width}|${s.alpha}|${s.factorise}|${scale === null ? '-' : hashFloat64(scale)}`;
}

/**
 * The fit of released position p: numpy's normals [p·S·d, (p+1)·S·d) times std (row 0's draw
 * is discarded, as lime replaces that sample by the instance), from the cache or computed.
 */
export function numpyNoiseFit(s: NoiseFitSettings, configKey: string, p: number): NoiseFit {
  const key = `${configKey}|${p}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit.fit;
  }
  const perRow = s.samples * s.d;
  const noise = new Float64Array(perRow);
  streamOf(s.seed).fill(noise, 0, p * perRow, perRow);
  // normal(0, 1)·std, as lime scales it; row 0 is the instance itself.
  noise.fill(0, 0, s.d);
  for (let k = s.d; k < perRow; k++) noise[k] = noise[k]! * s.std;
  const fit: NoiseFit = { noise, ridge: ridgeOf(s, noise) };
  const bytes = 8 * perRow + (fit.ridge === null ? 0 : sharedRidgeBytes(s.samples, s.d));
  if (bytes <= NUMPY_FIT_CACHE_BYTES) {
    cache.set(key, { fit, bytes });
    cachedBytes += bytes;
    for (const [k, v] of cache) {
      if (cachedBytes <= NUMPY_FIT_CACHE_BYTES) break;
      cache.delete(k);
      cachedBytes -= v.bytes;
    }
  }
  return fit;
}

import type { SynthGaussParams } from '../resolveSynthGaussParams.js';
import { canonicalJson } from './canonicalJson.js';
import { sha256Hex } from './sha256.js';

/**
 * Version of the generator's output. Bump it whenever the same parameters would give
 * other numbers (a changed draw order, stream key or algorithm), so that ids change too.
 */
export const GENERATOR_VERSION = 1;

/** sha256 over generator name, version and the canonical resolved parameters. */
export function paramsId(params: SynthGaussParams, version: number = GENERATOR_VERSION): string {
  return sha256Hex(canonicalJson({ generator: 'synthgauss', version, params }));
}

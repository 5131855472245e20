import type { SynthGaussParams } from '../resolveSynthGaussParams.js';
import { canonicalJson, sha256OfParts } from '@xai/core';

/**
 * Version of the generator's output. Bump it whenever the same parameters would give
 * other numbers (a changed draw order, stream key or algorithm), so that ids change too.
 */
export const GENERATOR_VERSION = 1;

/**
 * The parameters as hashed. `minActiveFeatures` (added after version 1 shipped) is left out
 * when 0: version-1 ids were made without it and meant 0 (never redraw), so they name
 * the same data today; any other value is hashed and gives a new id.
 */
export function hashedParams(params: SynthGaussParams): Record<string, unknown> {
  const { minActiveFeatures, ...rest } = params;
  return minActiveFeatures === 0 ? rest : { ...rest, minActiveFeatures };
}

/** sha256 over generator name, version and the canonical resolved parameters. */
export function paramsId(params: SynthGaussParams, version: number = GENERATOR_VERSION): string {
  return sha256OfParts(canonicalJson({ generator: 'synthgauss', version, params: hashedParams(params) }));
}

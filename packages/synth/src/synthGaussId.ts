import { GENERATOR_VERSION, paramsId } from './internal/paramsId.js';
import { resolveSynthGaussParams } from './resolveSynthGaussParams.js';
import type { SynthGaussOptions } from './resolveSynthGaussParams.js';

/** Version of the generator's output (part of every id; bumped when numbers would change). */
export const SYNTH_GAUSS_VERSION: number = GENERATOR_VERSION;

/**
 * The content id of the dataset these options generate: sha256 (hex) over the generator
 * name, its version and the canonical (defaults filled in, keys sorted) parameters, seed
 * included. Equal ids ⇔ equal parameters ⇒ byte-identical data.
 * @example synthGaussId({ seed: 1 }) === generateSynthGauss({ seed: 1 }).id  // true
 * @since 0.1.0
 */
export function synthGaussId(options: SynthGaussOptions = {}): string {
  return paramsId(resolveSynthGaussParams(options, 'synthGaussId'));
}

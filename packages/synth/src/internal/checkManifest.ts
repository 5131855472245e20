import { XaiError, describeValue } from '@xai/core';
import { resolveSynthGaussParams } from '../resolveSynthGaussParams.js';
import type { SynthGaussParams } from '../resolveSynthGaussParams.js';
import type { SynthManifest } from '../synthDataset.js';
import { GENERATOR_VERSION, paramsId } from './paramsId.js';

/**
 * Checks a manifest read from anywhere: its format, generator and version, its
 * parameters (as generateSynthGauss would; a missing minActiveFeatures is 0), and that its id is the hash of those
 * parameters (CHECKSUM_MISMATCH otherwise: the manifest was edited). Returns the
 * manifest typed, with the resolved parameters.
 */
export function checkManifest(value: unknown, fn: string, source: string): { manifest: SynthManifest; params: SynthGaussParams } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new XaiError('BAD_INPUT', `${source}: expected a SynthGauss manifest object, got ${describeValue(value)}`, {
      fn,
      arg: 'manifest',
      value,
    });
  }
  const m = value as Record<string, unknown>;
  if (m.format !== 'xai-synth@1' || m.generator !== 'synthgauss') {
    throw new XaiError(
      'BAD_INPUT',
      `${source}: not a SynthGauss manifest (format ${describeValue(m.format)}, generator ${describeValue(m.generator)})`,
      { fn, arg: 'manifest', value: m.format },
    );
  }
  if (m.version !== GENERATOR_VERSION) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${source}: made by generator version ${describeValue(m.version)}; this @xai/synth regenerates version ${GENERATOR_VERSION} only`,
      { fn, arg: 'manifest.version', value: m.version },
    );
  }
  // Manifests written before minActiveFeatures existed lack it and meant 0 (never redraw);
  // the variant's default would regenerate other masks for the same id.
  const raw = m.params;
  const legacy = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !('minActiveFeatures' in raw);
  const params = resolveSynthGaussParams(legacy ? { ...raw, minActiveFeatures: 0 } : raw, fn);
  const id = paramsId(params);
  if (m.id !== id) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `${source}: id ${describeValue(m.id)} is not the hash of its parameters (${id}); the manifest was edited`,
      { fn, arg: 'manifest.id', value: m.id, expected: id },
    );
  }
  if (typeof m.dataSha256 !== 'string') {
    throw new XaiError('BAD_INPUT', `${source}: dataSha256 missing`, { fn, arg: 'manifest.dataSha256', value: m.dataSha256 });
  }
  return { manifest: value as SynthManifest, params };
}

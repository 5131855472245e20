// regenerate's argument handling and the regenerate-and-compare step, shared by the
// browser-safe regenerate and the Node one that looks ids up in folders.
import { XaiError, describeValue, parseJsonText } from '@xai/core';
import { generateSynthGauss } from '../generateSynthGauss.js';
import type { SynthDataset, SynthManifest } from '../synthDataset.js';
import { checkManifest } from './checkManifest.js';

/** What `regenerate` was given, once JSON text is parsed: a manifest value, or a bare id to look up. */
export type ManifestInput = { readonly value: unknown; readonly source: string } | { readonly id: string };

/** Parses `regenerate`'s argument (a manifest, its JSON text, or a 64-hex id). */
export function readManifestInput(manifestOrId: SynthManifest | string, fn: string): ManifestInput {
  if (typeof manifestOrId !== 'string') return { value: manifestOrId, source: 'manifest' };
  const text = manifestOrId.trim();
  if (text.startsWith('{')) {
    return { value: parseJsonText(text, { file: 'manifest JSON', fn, arg: 'manifestOrId' }), source: 'manifest' };
  }
  if (/^[0-9a-f]{64}$/.test(text)) return { id: text };
  throw new XaiError('BAD_INPUT', `expected a manifest, its JSON text or a 64-hex id, got ${describeValue(text)}`, {
    fn,
    arg: 'manifestOrId',
    value: text,
  });
}

/** Regenerates from a manifest value and checks the data hash. */
export function regenerateManifest(value: unknown, source: string, fn: string): SynthDataset {
  const { manifest, params } = checkManifest(value, fn, source);
  const ds = generateSynthGauss(params);
  if (ds.manifest.dataSha256 !== manifest.dataSha256) {
    throw new XaiError(
      'CHECKSUM_MISMATCH',
      `${source}: regenerated data hash ${ds.manifest.dataSha256} differs from the manifest's ${manifest.dataSha256} (made by another build of @xai/synth or @xai/core?)`,
      { fn, arg: 'manifest.dataSha256', value: manifest.dataSha256, actual: ds.manifest.dataSha256 },
    );
  }
  return ds;
}

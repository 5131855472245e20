// The hash of a loaded dataset's inputs together with every choice that shapes its splits
// and scaling: two loads with equal processing hashes hold the same numbers.
import type { Preset } from '@xai/core';
import type { ScalingMode } from '../loadedDataset.js';
import { sha256Hex } from '@xai/core';

export interface ProcessingChoices {
  /** sha256 of the input files (`LoadedDataset.hash`). */
  readonly inputs: string;
  readonly preset: Preset;
  readonly scaling: ScalingMode;
  readonly validationFraction: number;
  readonly seed: number;
  /** The loader's own train/test split of an unsplit file, when it made one. */
  readonly split?: { readonly testFraction: number; readonly seed: number };
}

/** sha256 of a fixed-order, versioned JSON of the choices (key order never depends on the caller). */
export function processingHash(c: ProcessingChoices): string {
  const canonical = {
    format: 'xai-data-processing@1',
    inputs: c.inputs,
    preset: c.preset,
    scaling: c.scaling,
    validation: { fraction: c.validationFraction, seed: c.seed },
    split: c.split ? { testFraction: c.split.testFraction, seed: c.split.seed } : null,
  };
  return sha256Hex(JSON.stringify(canonical));
}

import type { Dataset, Matrix, Preset, SensitiveAttribute, Split } from '@xai/core';
import type { DatasetFileRole, DatasetInfo, DatasetName } from './datasetInfo.js';
import type { MinMaxScaler } from './minMaxScaler.js';

/** How the features were scaled. */
export type ScalingMode = 'train' | 'per-file' | 'none';

/** Where a file was found: on disk, downloaded (or fetched), or handed over in memory (`parseDataset`). */
export type FileSource = 'dataDir' | 'cache' | 'download' | 'memory';

/** One input file as it was read. */
export interface ProvenanceFile {
  readonly role: DatasetFileRole;
  readonly file: string;
  readonly path: string;
  readonly source: FileSource;
  readonly url?: string;
  /** sha256 of the bytes read. */
  readonly sha256: string;
  /**
   * 'registry': equal to the registry's (published) checksum; 'recorded': equal to the
   * checksum recorded at the first download (no published one: detects later corruption,
   * not a bad first download); 'unverified': nothing to compare with, including the first
   * read right after such a download (its checksum is recorded then); 'skipped': verify was off.
   */
  readonly verified: 'registry' | 'recorded' | 'unverified' | 'skipped';
  readonly bytes: number;
  readonly rows: number;
}

/** What was read and what was done to it, for receipts. */
export interface DatasetProvenance {
  readonly dataset: DatasetName;
  readonly preset: Preset;
  readonly files: readonly ProvenanceFile[];
  readonly scaling: ScalingMode;
  /** The loader's own train/test split of an unsplit file (pima). */
  readonly split?: {
    readonly from: string;
    readonly testFraction: number;
    readonly seed: number;
    readonly trainRows: number;
    readonly testRows: number;
  };
  readonly validation: { readonly fraction: number; readonly seed: number; readonly rows: number };
  /** Each step in words, e.g. 'split pima-full.csv stratified 80/20 (seed 0) ...'. */
  readonly steps: readonly string[];
  readonly warnings: readonly string[];
}

/** Sensitive groups per row of every split (group index = the raw column value). */
export interface LoadedSensitive extends SensitiveAttribute {
  readonly column: string;
  readonly validation?: Int32Array;
}

/** A registry dataset, split and scaled, with everything needed to reproduce it. */
export interface LoadedDataset extends Dataset {
  readonly name: DatasetName;
  readonly info: DatasetInfo;
  readonly train: Split;
  readonly validation?: Split;
  readonly test: Split;
  readonly sensitive?: LoadedSensitive;
  /** Scaler applied to train (and, unless `per-file`, to validation and test): use it on new data. */
  readonly scaler: MinMaxScaler;
  /** `per-file` scaling only (openxai preset): the test file's own scaler, as the released code does. */
  readonly testScaler?: MinMaxScaler;
  /** The unscaled features of each split (same rows as the scaled ones). */
  readonly raw: { readonly train: Matrix; readonly validation?: Matrix; readonly test: Matrix };
  /**
   * sha256 over the input files' sha256 (`<file>:<sha256>` lines): the same for every preset,
   * seed and option (it identifies the inputs, not the processed splits).
   */
  readonly hash: string;
  /**
   * sha256 of `hash` plus every choice that shapes the splits and their scaling: preset,
   * scaling mode, validation fraction and seed, and the loader's own train/test split
   * (test fraction and seed; pima). Equal processing hashes mean equal train/validation/test
   * numbers; use it to key caches of models trained on the loaded splits.
   */
  readonly processingHash: string;
  readonly provenance: DatasetProvenance;
}

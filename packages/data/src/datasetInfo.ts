import type { FeatureKind } from '@xai/core';
import type { datasetRegistry } from './datasetRegistry.js';

/** A dataset of the registry: its keys, so a dataset is added by its entry alone. */
export type DatasetName = keyof typeof datasetRegistry;

/** Which part of a dataset a file holds; `full` is an unsplit file the loader splits itself. */
export type DatasetFileRole = 'train' | 'test' | 'full';

/** One file of a dataset as the registry knows it. */
export interface DatasetFile {
  readonly role: DatasetFileRole;
  /** File name inside `<dir>/<dataset>/`, e.g. `adult-train.csv`. */
  readonly file: string;
  /**
   * Canonical public address (OpenXAI's Dataverse file). Absent when the file has no public
   * address we can fetch (pima's unsplit file): it must then be supplied by hand.
   */
  readonly url?: string;
  /** sha256 (hex) of the copy we know; absent when no copy was available to hash. */
  readonly sha256?: string;
  /** Data rows (header excluded) of the copy we know. */
  readonly rows?: number;
  /** Size in bytes of the copy we know. */
  readonly bytes?: number;
}

/** A feature before one-hot encoding: its name, kind and the columns that encode it. */
export interface DatasetFeature {
  readonly name: string;
  readonly kind: FeatureKind;
  readonly columns: readonly number[];
}

/** A sensitive attribute read from one binary column: group index = the column's value (0 or 1). */
export interface SensitiveInfo {
  /** Attribute name, e.g. 'sex'. */
  readonly name: string;
  /** The column holding it. */
  readonly column: string;
  /** Group names by column value: groups[0] for 0, groups[1] for 1. */
  readonly groups: readonly string[];
  /** How the coding was established, when it is not obvious. */
  readonly note?: string;
}

/** Everything the registry says about one dataset (`Name`: its key in the registry). */
export interface DatasetInfo<Name extends string = DatasetName> {
  readonly name: Name;
  readonly title: string;
  /** Label column (binary, 0/1). */
  readonly label: string;
  /** Feature columns in file order (label excluded). */
  readonly featureNames: readonly string[];
  /** Kind of every feature column (same length as `featureNames`). */
  readonly kinds: readonly FeatureKind[];
  /** One-hot groups: indices of columns that together encode one categorical feature. */
  readonly groups: readonly (readonly number[])[];
  /** Features before encoding (differs from columns only for german). */
  readonly features: readonly DatasetFeature[];
  readonly files: readonly DatasetFile[];
  readonly sensitive?: SensitiveInfo;
  /** Seed of the loader's own stratified train/test split of a `full` file. */
  readonly splitSeed?: number;
  /** Test fraction of that split. */
  readonly splitTestFraction?: number;
  /** Where the data comes from and what is unverified. */
  readonly source: string;
  readonly notes: readonly string[];
}

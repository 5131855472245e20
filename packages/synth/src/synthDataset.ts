import type { Dataset, Matrix, Split } from '@xai/core';
import type { SynthGaussParams } from './resolveSynthGaussParams.js';

/** Per-split arrays of a generated dataset (validation only when it has rows). */
export interface SynthPerSplit<T> {
  readonly train: T;
  readonly test: T;
  readonly validation?: T;
}

/** How the labels were cut from the class probabilities. */
export interface SynthThreshold {
  /** `median-logit`: y = z > median(z) (paper); `grid-probability`: y = sigmoid(z) > t, t on a 1000-point grid (released code). */
  readonly kind: 'median-logit' | 'grid-probability';
  /** The cut, in logit units for `median-logit` and probability units for `grid-probability`. */
  readonly value: number;
}

/** The data-generating process, in full: what an explanation should recover. */
export interface SynthGaussDgp {
  /** K x d cluster centres. */
  readonly centres: Matrix;
  /** K x d weights before masking (all rows equal in the `openxai-code` variant). */
  readonly weights: Matrix;
  /** K x d 0/1 masks. */
  readonly masks: Matrix;
  /** K x d masked weights: row k is the ground truth of every instance of cluster k. */
  readonly effectiveWeights: Matrix;
  readonly threshold: SynthThreshold;
}

/**
 * Degenerate clusters, which both sources allow. Rank-based metrics mean nothing on the
 * rows of an empty-mask cluster (their ground truth is all zeros, every feature tied), and
 * a single-class cluster gives a model nothing to separate within it.
 */
export interface SynthDiagnostics {
  /** Clusters whose mask kept no feature (ascending). Empty when `minActiveFeatures` >= 1. */
  readonly emptyMaskClusters: readonly number[];
  /** Clusters whose rows (all splits together) all have the same label (ascending). */
  readonly singleClassClusters: readonly number[];
}

/** One file written by `saveSynth`, with its checksum. */
export interface SynthFileEntry {
  readonly file: string;
  readonly role: 'features' | 'clusters' | 'ground-truth' | 'dgp';
  readonly split?: 'train' | 'validation' | 'test';
  readonly bytes: number;
  readonly sha256: string;
}

/** Everything needed to regenerate and to verify a SynthGauss dataset. */
export interface SynthManifest {
  readonly format: 'xai-synth@1';
  readonly generator: 'synthgauss';
  /** Generator version: bumped whenever the same parameters would give other numbers. */
  readonly version: number;
  /** sha256 over generator, version and canonical parameters (seed included). */
  readonly id: string;
  readonly params: SynthGaussParams;
  readonly rows: { readonly train: number; readonly validation: number; readonly test: number };
  readonly dim: number;
  /** sha256 over the generated arrays (every split, the DGP), to catch drift or tampering. */
  readonly dataSha256: string;
  /** Degenerate clusters found in the data. */
  readonly diagnostics: SynthDiagnostics;
  /** One readable line per degenerate cluster (empty when there is none). */
  readonly warnings: readonly string[];
  /** Files written by `saveSynth` (absent in memory). */
  readonly files?: readonly SynthFileEntry[];
}

/**
 * A SynthGauss dataset: a core `Dataset` (features used as is, no scaling) plus the
 * per-instance ground truth (the masked weights of the instance's cluster), the cluster
 * of every row, the class probabilities, the DGP itself, diagnostics of degenerate
 * clusters, a content id and a manifest.
 */
export interface SynthDataset extends Dataset {
  readonly train: Split;
  readonly test: Split;
  readonly validation?: Split;
  readonly groundTruth: SynthPerSplit<Matrix>;
  readonly clusters: SynthPerSplit<Int32Array>;
  /** sigmoid(x · w_k) per row. */
  readonly probabilities: SynthPerSplit<Float64Array>;
  readonly dgp: SynthGaussDgp;
  /** Degenerate clusters (= `manifest.diagnostics`). */
  readonly diagnostics: SynthDiagnostics;
  /** One readable line per degenerate cluster, for a caller to log (= `manifest.warnings`). */
  readonly warnings: readonly string[];
  /** Content hash (= `hash` = `manifest.id`). */
  readonly id: string;
  readonly manifest: SynthManifest;
}

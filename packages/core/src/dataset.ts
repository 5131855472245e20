import type { Matrix } from './matrix.js';

export type FeatureKind = 'continuous' | 'discrete';

/** Column facts the metrics need (discrete features flip instead of getting noise). */
export interface FeatureSchema {
  readonly names: readonly string[];
  readonly kinds: readonly FeatureKind[];
  /** One-hot groups: column indices that together encode one categorical feature. */
  readonly groups: readonly (readonly number[])[];
}

/** Features and labels of one split. */
export interface Split {
  readonly x: Matrix;
  readonly y: Int32Array;
}

/** A sensitive attribute for subgroup (fairness) comparisons. */
export interface SensitiveAttribute {
  readonly name: string;
  /** Group names; `train`/`test` hold an index into this list per row. */
  readonly groups: readonly string[];
  readonly train: Int32Array;
  readonly test: Int32Array;
}

/** A labelled tabular dataset, already scaled for the models. */
export interface Dataset {
  readonly name: string;
  readonly schema: FeatureSchema;
  readonly classes: number;
  readonly train: Split;
  readonly test: Split;
  /** Carved from train for model selection; never the test set. */
  readonly validation?: Split;
  readonly sensitive?: SensitiveAttribute;
  /** Per-instance ground-truth attributions when the data-generating process is known. */
  readonly groundTruth?: { readonly train: Matrix; readonly test: Matrix; readonly validation?: Matrix };
  /** Content hash(es) of the inputs, for receipts. */
  readonly hash: string;
}

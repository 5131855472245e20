import type { Matrix } from './matrix.js';

export type FeatureKind = 'continuous' | 'discrete';

/** Column facts the metrics need (discrete features flip instead of getting noise). */
export interface FeatureSchema {
  readonly names: readonly string[];
  readonly kinds: readonly FeatureKind[];
  /** One-hot groups: column indices that together encode one categorical feature. */
  readonly groups: readonly (readonly number[])[];
  /**
   * The two values a discrete column swaps when perturbation metrics flip it, per column:
   * `[low, high]`, the lowest and highest value the column takes in the training rows
   * (null or absent: `[0, 1]`, a 0/1 indicator). A flip maps `low` to `high`, `high` to `low`
   * and any value between to `low + high − v`. Continuous and one-hot columns ignore it.
   */
  readonly levels?: readonly (readonly [number, number] | null)[];
}

/** Features and labels of one split. */
export interface Split {
  readonly x: Matrix;
  /** Class labels (all zeros for a regression task, whose values are in `targets`). */
  readonly y: Int32Array;
  /** Regression targets, one per row, when the task is regression. */
  readonly targets?: Float64Array;
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

/** How a raw categorical column expands into one-hot model columns. */
export interface CategoricalEncoding {
  /** The raw column's name. */
  readonly column: string;
  /** Its values, in the order of the one-hot columns (`${column}=${value}` by default). */
  readonly values: readonly string[];
}

/** A fitted per-column scaler (fitted on train only). */
export type ColumnScaler =
  | { readonly kind: 'min-max'; readonly min: readonly number[]; readonly max: readonly number[] }
  | { readonly kind: 'standard'; readonly mean: readonly number[]; readonly std: readonly number[] }
  | { readonly kind: 'none' };

/**
 * Everything needed to turn raw rows into a model's inputs, carried inside a model file
 * (`xai-model@1`'s optional `preprocessing` block) so raw CSV rows can be explained safely:
 * the model's input columns by name and order, their kinds, the fitted scaler, one-hot
 * expansions of raw categorical columns, and the label's class order. Plain data (JSON).
 */
export interface Preprocessing {
  /** The model's input columns, in order (after one-hot expansion). */
  readonly features: readonly string[];
  readonly kinds: readonly FeatureKind[];
  /** One-hot groups over `features` (column indices). */
  readonly groups?: readonly (readonly number[])[];
  /** Raw categorical columns expanded to one-hot model columns. */
  readonly categorical?: readonly CategoricalEncoding[];
  /** Fitted on the training split; maps raw values of `features` to model inputs. */
  readonly scaler: ColumnScaler;
  /** The label column and its classes in model output order (class i = output i). */
  readonly label?: { readonly name: string; readonly classes?: readonly string[] };
  /** Regression or classification. @defaultValue 'classification' */
  readonly task?: 'classification' | 'regression';
  /** Raw columns of the training file the model does not read (ids, free text): dropped by name from raw rows. @defaultValue [] */
  readonly ignore?: readonly string[];
}

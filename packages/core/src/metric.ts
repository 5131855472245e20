import type { Explainer } from './explainer.js';
import type { Matrix } from './matrix.js';
import type { Model } from './model.js';
import type { FeatureSchema } from './dataset.js';

/**
 * What a metric scores: OpenXAI's four families (`ground-truth`, `prediction`, `stability`,
 * `fairness`) and Quantus' categories (`faithfulness`, `robustness`, `complexity`,
 * `randomisation`, `axiomatic`, `localisation`) plus `agreement` (rank agreement with a ground truth).
 */
export type MetricFamily =
  | 'ground-truth'
  | 'prediction'
  | 'stability'
  | 'fairness'
  | 'faithfulness'
  | 'robustness'
  | 'complexity'
  | 'randomisation'
  | 'axiomatic'
  | 'localisation'
  | 'agreement';
export type MetricDirection = 'higher-is-better' | 'lower-is-better';
/** What a metric reads beside x: `background` is training rows (ROAD's imputation). */
export type MetricRequirement = 'model' | 'attributions' | 'explainer' | 'ground-truth' | 'schema' | 'groups' | 'background';

/**
 * The input representation a metric's score depends on: `any` (it reads only the vectors it is
 * given), `feature-types` (it perturbs by feature type, so it needs the schema), `layers` (it
 * randomises a layered model's weights), `classes` (it needs a classifier with two or more classes).
 * @since 0.3.0
 */
export type MetricRepresentation = 'any' | 'feature-types' | 'layers' | 'classes';

/** The library and metric whose definition a metric follows. @since 0.3.0 */
export interface MetricPeer {
  /** 'OpenXAI', 'Quantus', 'Captum', ... */
  readonly library: string;
  /** The peer's name for it, e.g. `quantus.Sparseness`. */
  readonly name: string;
  /** The preset that reproduces the peer's numbers, when one does. */
  readonly preset?: string;
}

/**
 * Static facts about a metric, readable without running it. The fields after `reference` are
 * filled for every metric of @xai/metrics; other implementers may leave them out.
 */
export interface MetricInfo {
  /** Upper-case id: 'FA', 'PGI', 'RIS', 'SPARSENESS', ... */
  readonly id: string;
  readonly name: string;
  readonly family: MetricFamily;
  readonly direction: MetricDirection;
  readonly requires: readonly MetricRequirement[];
  readonly reference?: string;
  /** What the score measures, in one line (report legends, listings). @since 0.3.0 */
  readonly description?: string;
  /** The input representation the score depends on. @since 0.3.0 */
  readonly representation?: MetricRepresentation;
  /** When an instance's value is defined (otherwise NaN, counted in `undefinedIndices`). @since 0.3.0 */
  readonly definedWhen?: string;
  /** The peer definition it follows. @since 0.3.0 */
  readonly peer?: MetricPeer;
  /** Draws random numbers (from streams keyed by row content + `options.seed`). @since 0.3.0 */
  readonly seeded?: boolean;
  /** Defined for `output: 'value'` (regression) models. @since 0.3.0 */
  readonly valueModels?: boolean;
  /** Whether the bench's floor (shortcut explanations) is meaningful for it, and why. @since 0.3.0 */
  readonly floorMeaningful?: boolean;
  readonly floorNote?: string;
  /** Whether the bench's null (attributions permuted across features) is meaningful, and why. @since 0.3.0 */
  readonly nullMeaningful?: boolean;
  readonly nullNote?: string;
  /** Takes a tree model's rows with missing cells (NaN): perturbs only the observed cells, a missing one stays missing. @since 0.3.0 */
  readonly missingCells?: boolean;
}

/** What a metric may read; each metric documents which fields it needs (`info.requires`). */
export interface MetricInput {
  /** The explained instances, n x d. */
  readonly x: Matrix;
  /** Their attributions, n x d. */
  readonly attributions: Matrix;
  readonly model?: Model;
  readonly explainer?: Explainer;
  /** Per-instance ground-truth attributions, n x d. */
  readonly groundTruth?: Matrix;
  readonly schema?: FeatureSchema;
}

/**
 * Per-instance values plus an aggregate. Undefined instances are NaN in `values`, listed
 * in `undefinedIndices` and excluded from mean/se: counted, never silently dropped.
 */
export interface MetricResult {
  readonly metric: string;
  readonly values: Float64Array;
  readonly mean: number;
  /** Standard error of the mean over defined values (sample sd / sqrt(count)). */
  readonly se: number;
  /** Number of defined values. */
  readonly count: number;
  readonly undefinedIndices: readonly number[];
  /** Named side figures of the run (e.g. per-instance curves, the explainer-noise floor). @since 0.3.0 */
  readonly diagnostics?: object;
}

/** A metric as data + function, for runners that treat metrics uniformly. */
export interface Metric<Options = unknown> {
  readonly info: MetricInfo;
  evaluate(input: MetricInput, options?: Options): MetricResult;
}

/**
 * Builds a MetricResult from per-instance values (NaN = undefined).
 * @since 0.1.0
 */
export function summarizeValues(metric: string, values: Float64Array): MetricResult {
  let count = 0;
  let sum = 0;
  const undefinedIndices: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) undefinedIndices.push(i);
    else {
      count++;
      sum += v;
    }
  }
  const mean = count > 0 ? sum / count : Number.NaN;
  let ss = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!Number.isNaN(v)) ss += (v - mean) * (v - mean);
  }
  const se = count > 1 ? Math.sqrt(ss / (count - 1)) / Math.sqrt(count) : Number.NaN;
  return { metric, values, mean, se, count, undefinedIndices };
}

import type { BenchConfig } from '../config/benchConfig.js';
import type { ModelSanity } from '../inputs/modelSanity.js';
import type { FeatureKindsRecord } from '../inputs/featureKinds.js';
import type { Unit } from './planUnits.js';
import type { ResultRow } from '../results/resultRow.js';

/** A dataset as the runner saw it (for the plan, the manifest and the report). */
export interface PreparedDataset {
  readonly id: string;
  /** Instances scored: min(config.instances, test rows). */
  readonly instances: number;
  readonly trainRows: number;
  readonly testRows: number;
  readonly features: number;
  /** Content hash of the inputs (files, or the generator's content-addressed id). */
  readonly hash: string;
  /** Feature names (headers of saved explanations). */
  readonly featureNames?: readonly string[];
  /** Sensitive attribute, when the dataset has one (subgroup comparisons). */
  readonly sensitive?: { readonly name: string; readonly groups: readonly string[] };
  /** Where the per-instance ground truth comes from, per model ('model' = LR weights, 'data' = generator, null = none). */
  readonly groundTruth: Readonly<Record<string, 'model' | 'data' | null>>;
  readonly provenance?: unknown;
}

/** A trained model as the runner saw it. */
export interface PreparedModel {
  readonly dataset: string;
  readonly model: string;
  /** sha256 of the model JSON. */
  readonly hash: string;
  /** Where the cached JSON lives. */
  readonly path: string;
  readonly cached: boolean;
  /** Accuracies and training settings reported by the trainer. */
  readonly report?: unknown;
  /** Where the model came from: trained by the bench or a `--model` file (json / onnx), and the forward-pass backend. */
  readonly source?: { readonly kind: 'trained' | 'file'; readonly format: 'json' | 'onnx'; readonly backend?: string };
  /** How input gradients are computed ("exact: …" or "approximate: …", see EXACT_GRADIENTS). */
  readonly gradients?: string;
  /** True when gradients are finite differences: the reports mark this model's gradient-based scores approximate. */
  readonly approximateGradients?: boolean;
  /** The input space the model saw (`dataset`, `scaled`, `raw` or `own`) and how, in words. */
  readonly inputSpace?: { readonly space: string; readonly note: string };
  /** Test accuracy beside the base rate and the share of constant predictions, in the model's input space. */
  readonly sanity?: ModelSanity;
  /** The feature kinds PGI/PGU and the stability metrics perturb with, the two values of each discrete column read in the model's input space. */
  readonly featureKinds?: FeatureKindsRecord;
  /** True when the noise is drawn in each column's own units (`default` preset on a user's CSV), not one absolute scale. */
  readonly noiseInColumnUnits?: boolean;
}

/** Everything the main thread prepared before dispatching units. */
export interface PreparedRun {
  readonly datasets: readonly PreparedDataset[];
  readonly models: readonly PreparedModel[];
  /** Floor (shortcut) explainer ids, scored as controls beside the explainers. */
  readonly floors: readonly string[];
  /** Structured-cloneable data each worker receives once (matrices, model JSON, settings). */
  readonly payload: unknown;
  /** Versions of the packages the numbers came from. */
  readonly versions: Readonly<Record<string, string>>;
  /** Resolved settings worth a receipt (explainer configurations, metric options, policies). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * Explainers and metrics of the configured default set the run leaves out, and why (a `--data`
   * CSV's missing cells that they cannot take); the run plans and records the rest.
   */
  readonly leftOut?: { readonly explainers: readonly string[]; readonly metrics: readonly string[]; readonly reason: string };
}

/** Progress hooks the engine may call while preparing (data loading, training). */
export interface PrepareHooks {
  /** A short human line ("training ann on synthetic"). */
  log(message: string): void;
}

/**
 * A unit's rows, and (with `--save-explanations`) the attributions it scored: `n x cols`,
 * row-major, one row per instance of the unit in order.
 */
export interface UnitOutput {
  readonly rows: ResultRow[];
  readonly attributions?: { readonly cols: number; readonly data: Float64Array };
}

/** Computes one unit's rows; runs inside a worker thread, over the prepared payload. */
export type UnitRunner = (unit: Unit) => ResultRow[] | UnitOutput | Promise<ResultRow[] | UnitOutput>;

/**
 * The pluggable computation behind a run: `prepare` runs once in the main thread, then
 * `createUnitRunner` runs in every worker over the payload. The real one is `pipelineEngine`;
 * tests plug in a toy engine to check the runner's machinery on its own. An engine module
 * exports both functions by these names.
 */
export interface BenchEngine {
  prepare(config: BenchConfig, hooks: PrepareHooks): Promise<PreparedRun>;
  createUnitRunner(payload: unknown): UnitRunner | Promise<UnitRunner>;
}

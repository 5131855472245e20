import type { AnyPreset, FeatureScale, Matrix, MetricResult, Model } from '@xai/core';

/** The output a metric scores: the class probability, the class logit, or a value model's output. @since 0.3.0 */
export type ScoredOutput = 'probability' | 'logit' | 'value';

/**
 * Re-explains a batch: row i of the result explains row i of `x` for class (or output)
 * `targets[i]`. The robustness and randomisation metrics call it on perturbed inputs or
 * randomised models; the bench wraps an `Explainer` as `(m, x, t) => e.explain(m, x, { targets: t })`.
 * @example const explain: ExplainFn = (m, x, t) => m.inputGradient!(x, t)
 * @since 0.2.0
 */
export type ExplainFn = (model: Model, x: Matrix, targets: Int32Array) => Matrix;

/**
 * What the extended metrics read. Each metric's `requires` says which fields it needs;
 * `targets` defaults to core's `defaultTargets` (predicted class, output 0 for value models).
 * @since 0.2.0
 */
export interface ExtendedMetricInput {
  /** The explained instances, n x d. */
  readonly x: Matrix;
  /** Their attributions, n x d. */
  readonly attributions?: Matrix;
  readonly model?: Model;
  /** The explained class (or output column) of each row. */
  readonly targets?: Int32Array;
  readonly explain?: ExplainFn;
  /** Per-instance ground truth, n x d (or 1 x d shared), for Kendall's tau. */
  readonly groundTruth?: Matrix;
}

/**
 * Options of the extended metrics that perturb inputs with noise (max/avg sensitivity, local
 * Lipschitz, infidelity's Gaussian scheme, monotonicity correlation, non-sensitivity).
 * @since 0.3.0
 */
export interface NoiseUnitsOptions {
  /**
   * Per-feature units (core's `FeatureScale`, e.g. `featureRanges(train)`): a noise scale r on
   * feature j becomes r·scale[j]; input distances are taken on x / scale. A custom `perturb`
   * function is the caller's own and is not rescaled. @defaultValue absent (absolute units)
   */
  readonly featureScale?: FeatureScale | readonly number[];
  /** Stream key of each instance in place of its content hash (equal keys, equal draws). @defaultValue each row's content hash */
  readonly keys?: ArrayLike<number>;
}

/**
 * Core's `MetricResult` (per-instance values, NaN = undefined, counted in
 * `undefinedIndices`) of an extended metric.
 * @since 0.2.0
 */
export type ExtendedMetricResult = MetricResult;

/**
 * Options of every metric that queries the model's outputs (faithfulness, completeness,
 * non-sensitivity): which output is scored and which peer's defaults apply.
 * @since 0.3.0
 */
export interface ScoringOptions {
  /**
   * The scored output: the explained class probability, its logit (needs `model.logits`), or a
   * value model's output. @defaultValue 'value' for value models; otherwise 'probability', except
   * 'logit' (when the model has logits) under `captum` and under `quantus` where Quantus'
   * `softmax` default is false
   */
  readonly output?: ScoredOutput;
  /** `quantus` / `captum`: that library's defaults; `default`, `openxai`, `paper`: ours. @defaultValue 'default' */
  readonly preset?: AnyPreset;
}

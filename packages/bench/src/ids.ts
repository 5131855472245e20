// The id lists the runner plans with. They mirror the contract (@xai/explainers EXPLAINER_IDS,
// @xai/metrics METRIC_IDS, @xai/data DatasetName) so that configs can be validated and ordered
// without loading those packages; a test checks they still agree with the packages.

/** Explainer ids in OpenXAI's order (control = Random). */
export const EXPLAINERS = ['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime'] as const;
export type ExplainerName = (typeof EXPLAINERS)[number];

/** Metric ids in the paper's table order. */
export const METRICS = ['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA', 'PGU', 'PGI', 'RIS', 'RRS', 'ROS'] as const;
export type MetricName = (typeof METRICS)[number];

/** Model kinds the bench trains. */
export const MODELS = ['lr', 'ann'] as const;
export type ModelName = (typeof MODELS)[number];

/** 'synthetic' is the built-in SynthGauss set (generated, no files); the rest are registry names. */
export const DATASETS = ['synthetic', 'adult', 'compas', 'german', 'gmsc', 'heart', 'heloc', 'pima', 'gaussian'] as const;
export type DatasetId = (typeof DATASETS)[number];

export const PRESETS = ['default', 'openxai', 'paper'] as const;
export type PresetName = (typeof PRESETS)[number];

/** Metric families, for table layout and for what each metric needs. */
export const GROUND_TRUTH_METRICS: readonly MetricName[] = ['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA'];
export const PREDICTION_METRICS: readonly MetricName[] = ['PGU', 'PGI'];
export const STABILITY_METRICS: readonly MetricName[] = ['RIS', 'RRS', 'ROS'];

/** Metrics where a lower value is better (PGU; stability ratios). */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set(['PGU', 'RIS', 'RRS', 'ROS']);

/** Rank of a value in a canonical list; unknown values sort after, alphabetically. */
export function rankIn(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  return i >= 0 ? i : list.length;
}

/** Metric families: what a metric needs and how instance counts can be set per family. */
export const METRIC_FAMILIES = ['ground-truth', 'prediction', 'stability'] as const;
export type MetricFamily = (typeof METRIC_FAMILIES)[number];

/** The family of a metric id ('ground-truth' for PRA..SRA, 'prediction' for PGU/PGI, 'stability' for RIS/RRS/ROS). @since 0.2.0 */
export function familyOf(metric: string): MetricFamily {
  if ((STABILITY_METRICS as readonly string[]).includes(metric)) return 'stability';
  if ((PREDICTION_METRICS as readonly string[]).includes(metric)) return 'prediction';
  return 'ground-truth';
}

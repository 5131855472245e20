// The id lists the runner plans with. They mirror the contract (@xai/explainers EXPLAINER_IDS,
// @xai/metrics METRIC_IDS, @xai/data DatasetName) so that configs can be validated and ordered
// without loading those packages; a test checks they still agree with the packages.

/** Explainer ids in OpenXAI's order (control = Random). */
export const EXPLAINERS = ['control', 'grad', 'sg', 'ig', 'itg', 'shap', 'lime'] as const;
/** Explainers beyond OpenXAI's seven (@xai/explainers EXTRA_EXPLAINER_IDS): accepted in `--explainers`, never in the default. */
export const EXTRA_EXPLAINERS = ['shapley', 'permshap', 'occlusion', 'sg2', 'vargrad', 'ig-sg', 'itg-sg', 'gradshap', 'deeplift'] as const;
export type ExplainerName = (typeof EXPLAINERS)[number] | (typeof EXTRA_EXPLAINERS)[number];

/** Every explainer id, OpenXAI's seven first. */
export const ALL_EXPLAINERS: readonly ExplainerName[] = [...EXPLAINERS, ...EXTRA_EXPLAINERS];

/** Metric ids in the paper's table order. */
export const METRICS = ['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA', 'PGU', 'PGI', 'RIS', 'RRS', 'ROS'] as const;

/**
 * The extended metrics (@xai/metrics EXTENDED_METRIC_IDS, issue 14) by family: opt-in
 * (`--metrics all` or by id); the default metric set stays OpenXAI's eleven.
 */
export const EXTENDED_FAMILY_METRICS = {
  faithfulness: ['INFIDELITY', 'FAITHFULNESS_CORRELATION', 'MONOTONICITY_CORRELATION', 'DELETION', 'INSERTION', 'ROAD_MORF', 'ROAD_LERF'],
  robustness: ['MAX_SENSITIVITY', 'AVG_SENSITIVITY', 'LOCAL_LIPSCHITZ'],
  complexity: ['SPARSENESS', 'COMPLEXITY', 'EFFECTIVE_COMPLEXITY'],
  randomisation: ['MODEL_RANDOMISATION', 'RANDOM_LOGIT'],
  axiomatic: ['COMPLETENESS', 'NON_SENSITIVITY'],
  agreement: ['KENDALL_TAU'],
} as const;
export const EXTENDED_METRICS = Object.values(EXTENDED_FAMILY_METRICS).flat();
export type ExtendedMetricName = (typeof EXTENDED_FAMILY_METRICS)[keyof typeof EXTENDED_FAMILY_METRICS][number];
export type MetricName = (typeof METRICS)[number] | ExtendedMetricName;

/** Every metric id: OpenXAI's eleven, then the extended ones by family. */
export const ALL_METRICS: readonly MetricName[] = [...METRICS, ...EXTENDED_METRICS];

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

/** Metrics where a lower value is better (PGU; stability ratios; the extended ones whose info says so). */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set([
  'PGU',
  'RIS',
  'RRS',
  'ROS',
  'INFIDELITY',
  'DELETION',
  'ROAD_MORF',
  'MAX_SENSITIVITY',
  'AVG_SENSITIVITY',
  'LOCAL_LIPSCHITZ',
  'COMPLEXITY',
  'EFFECTIVE_COMPLEXITY',
  'MODEL_RANDOMISATION',
  'RANDOM_LOGIT',
  'COMPLETENESS',
  'NON_SENSITIVITY',
]);

/** Rank of a value in a canonical list; unknown values sort after, alphabetically. */
export function rankIn(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  return i >= 0 ? i : list.length;
}

/** Metric families: what a metric needs and how instance counts can be set per family. */
export const METRIC_FAMILIES = ['ground-truth', 'prediction', 'stability'] as const;
export type MetricFamily = (typeof METRIC_FAMILIES)[number];

/**
 * The instance-count family of a metric id ('ground-truth' for PRA..SRA and Kendall's τ,
 * 'prediction' for PGU/PGI and the extended metrics that query the model on the given
 * attributions, 'stability' for RIS/RRS/ROS and the extended metrics that re-explain:
 * robustness and randomisation). @since 0.2.0
 */
export function familyOf(metric: string): MetricFamily {
  if ((STABILITY_METRICS as readonly string[]).includes(metric)) return 'stability';
  if (
    (EXTENDED_FAMILY_METRICS.robustness as readonly string[]).includes(metric) ||
    (EXTENDED_FAMILY_METRICS.randomisation as readonly string[]).includes(metric)
  )
    return 'stability';
  if ((PREDICTION_METRICS as readonly string[]).includes(metric)) return 'prediction';
  if ((EXTENDED_METRICS as readonly string[]).includes(metric) && metric !== 'KENDALL_TAU') return 'prediction';
  return 'ground-truth';
}

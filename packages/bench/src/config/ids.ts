// The id lists the runner plans with, read from the registries of @xai/explainers, @xai/metrics
// and @xai/data. The dataset names come from @xai/data's registry module alone (its subpath), so
// the CLI does not load the rest of @xai/data at start.
import type { ExplainerId, OpenXaiExplainerId } from '@xai/explainers';
import { BEYOND_OPENXAI_EXPLAINER_IDS, OPENXAI_EXPLAINER_IDS } from '@xai/explainers';
import type { DatasetName } from '@xai/data';
import { DATASET_NAMES } from '@xai/data/datasetRegistry';
import type { ExtendedMetricFamily, ExtendedMetricId, MetricId } from '@xai/metrics';
import { EXTENDED_METRIC_IDS, METRIC_IDS, extendedMetrics, metricInfo, metricInfoOf } from '@xai/metrics';

/** Explainer ids in OpenXAI's order (control = Random), from @xai/explainers' registry. */
export const EXPLAINERS: readonly OpenXaiExplainerId[] = OPENXAI_EXPLAINER_IDS;
/** Explainers beyond OpenXAI's seven: accepted in `--explainers`, never in the default. */
export const BEYOND_OPENXAI_EXPLAINERS: readonly Exclude<ExplainerId, OpenXaiExplainerId>[] = BEYOND_OPENXAI_EXPLAINER_IDS;
export type ExplainerName = ExplainerId;

/** Every explainer id, OpenXAI's seven first. */
export const ALL_EXPLAINERS: readonly ExplainerName[] = [...EXPLAINERS, ...BEYOND_OPENXAI_EXPLAINERS];

/** OpenXAI's eleven metric ids in the paper's table order (@xai/metrics' METRIC_IDS). */
export const METRICS = METRIC_IDS;

/** Report order of the extended families (Quantus' categories, then rank agreement). */
export const EXTENDED_FAMILY_ORDER: readonly ExtendedMetricFamily[] = [
  'faithfulness',
  'robustness',
  'localisation',
  'complexity',
  'randomisation',
  'axiomatic',
  'agreement',
];

/**
 * The extended metrics of @xai/metrics' registry by family: opt-in (`--metrics all` or by id);
 * the default metric set stays OpenXAI's eleven. Read from the registry, so a metric added
 * there is planned, scored and reported here without a second list.
 */
export const EXTENDED_FAMILY_METRICS: Readonly<Record<ExtendedMetricFamily, readonly ExtendedMetricId[]>> = Object.fromEntries(
  EXTENDED_FAMILY_ORDER.map((f) => [f, EXTENDED_METRIC_IDS.filter((id) => extendedMetrics[id].info.family === f)]),
) as unknown as Record<ExtendedMetricFamily, readonly ExtendedMetricId[]>;
export const EXTENDED_METRICS: readonly ExtendedMetricId[] = EXTENDED_FAMILY_ORDER.flatMap((f) => EXTENDED_FAMILY_METRICS[f]);
export type ExtendedMetricName = ExtendedMetricId;
export type MetricName = MetricId | ExtendedMetricName;

/** Every metric id: OpenXAI's eleven, then the extended ones by family. */
export const ALL_METRICS: readonly MetricName[] = [...METRICS, ...EXTENDED_METRICS];

/** Model kinds the bench trains. */
export const MODELS = ['lr', 'ann'] as const;
export type ModelName = (typeof MODELS)[number];

/** 'synthetic' is the built-in SynthGauss set (generated, no files), then @xai/data's registry names in its order. */
export type DatasetId = 'synthetic' | DatasetName;
export const DATASETS: readonly DatasetId[] = ['synthetic', ...DATASET_NAMES];

/** The presets of OpenXAI's protocol: data, models, noise units and OpenXAI's eleven metrics follow one of these. */
export const PROTOCOL_PRESETS = ['default', 'openxai', 'paper'] as const;
export type ProtocolPreset = (typeof PROTOCOL_PRESETS)[number];
/** Peer libraries' presets: explainers and the extended metrics follow the peer, everything else runs `default`. */
export const PEER_PRESETS = ['quantus', 'captum'] as const;
export type PeerPresetName = (typeof PEER_PRESETS)[number];
/** Every `--preset` choice (@xai/core's ALL_PRESETS; a test checks they agree). */
export const PRESETS = [...PROTOCOL_PRESETS, ...PEER_PRESETS] as const;
export type PresetName = (typeof PRESETS)[number];

/** OpenXAI's metrics of one family, from each metric's registry info. */
const eleven = (family: string): readonly MetricName[] => METRIC_IDS.filter((id) => metricInfo[id].family === family);
/** Metric families, for table layout and for what each metric needs. */
export const GROUND_TRUTH_METRICS: readonly MetricName[] = eleven('ground-truth');
export const PREDICTION_METRICS: readonly MetricName[] = eleven('prediction');
export const STABILITY_METRICS: readonly MetricName[] = eleven('stability');

/** Metrics where a lower value is better, read from each metric's registry info (@xai/metrics' metricInfoOf). */
export const LOWER_IS_BETTER: ReadonlySet<string> = new Set(ALL_METRICS.filter((id) => metricInfoOf(id)?.direction === 'lower-is-better'));

/** Rank of a value in a canonical list; unknown values sort after, alphabetically. */
export function rankIn(list: readonly string[], value: string): number {
  const i = list.indexOf(value);
  return i >= 0 ? i : list.length;
}

/** Metric families: what a metric needs and how instance counts can be set per family. */
export const METRIC_FAMILIES = ['ground-truth', 'prediction', 'stability'] as const;
export type MetricFamily = (typeof METRIC_FAMILIES)[number];

/**
 * The instance-count family of a metric id ('ground-truth' for PRA..SRA and the extended metrics
 * scored against a ground truth: Kendall's τ, localisation; 'prediction' for PGU/PGI and the
 * extended metrics that query the model on the given attributions; 'stability' for RIS/RRS/ROS
 * and the extended metrics that re-explain: robustness and randomisation). @since 0.2.0
 */
export function familyOf(metric: string): MetricFamily {
  if ((STABILITY_METRICS as readonly string[]).includes(metric)) return 'stability';
  if ((PREDICTION_METRICS as readonly string[]).includes(metric)) return 'prediction';
  if (!(EXTENDED_METRICS as readonly string[]).includes(metric)) return 'ground-truth';
  const info = extendedMetrics[metric as ExtendedMetricId].info;
  if (info.family === 'robustness' || info.family === 'randomisation') return 'stability';
  return info.requires.includes('ground-truth') ? 'ground-truth' : 'prediction';
}

import type { MetricPeer, MetricRepresentation } from '@xai/core';

/**
 * The facts of a metric that are the same under every registry: the representation its score
 * depends on, when a value is defined, and the peer definitions it follows.
 * @since 0.3.0
 */
export interface MetricFacts {
  readonly representation: MetricRepresentation;
  readonly definedWhen: string;
  readonly peer: MetricPeer;
}

const openxai = (name: string): MetricPeer => ({ library: 'OpenXAI', name, preset: 'openxai' });
const quantus = (name: string): MetricPeer => ({ library: 'Quantus', name: `quantus.${name}`, preset: 'quantus' });
const captum = (name: string): MetricPeer => ({ library: 'Captum', name: `captum.metrics.${name}`, preset: 'captum' });
const fact = (representation: MetricRepresentation, definedWhen: string, peer: MetricPeer): MetricFacts => ({
  representation,
  definedWhen,
  peer,
});

const ALWAYS = 'always (finite inputs)';
const NONZERO = 'the attribution row is not all zero';
const NOT_CONSTANT = 'neither correlated side is constant';
const HAS_TOP = 'the ground truth marks at least one feature';

/**
 * One line per metric id (OpenXAI's eleven, then the extended metrics by family). A metric added
 * to a registry adds its line here; a missing line leaves those fields out of its info.
 * @since 0.3.0
 */
export const METRIC_FACTS: Readonly<Record<string, MetricFacts>> = {
  PRA: fact('any', 'the ground truth has at least two features', openxai('pairwise_rank_agreement')),
  RC: fact('any', NOT_CONSTANT, openxai('rank_correlation')),
  FA: fact('any', HAS_TOP, openxai('feature_agreement')),
  RA: fact('any', HAS_TOP, openxai('rank_agreement')),
  SA: fact('any', HAS_TOP, openxai('sign_agreement')),
  SRA: fact('any', HAS_TOP, openxai('sign_rank_agreement')),
  PGU: fact('feature-types', ALWAYS, openxai('eval_pred_faithfulness (PGU)')),
  PGI: fact('feature-types', ALWAYS, openxai('eval_pred_faithfulness (PGI)')),
  RIS: fact('feature-types', 'a neighbour with the same prediction exists', openxai('eval_relative_stability (RIS)')),
  RRS: fact('layers', 'a neighbour with the same prediction exists', openxai('eval_relative_stability (RRS)')),
  ROS: fact('feature-types', 'a neighbour with the same prediction exists', openxai('eval_relative_stability (ROS)')),
  INFIDELITY: fact('any', ALWAYS, captum('infidelity')),
  FAITHFULNESS_CORRELATION: fact('any', NOT_CONSTANT, quantus('FaithfulnessCorrelation')),
  FAITHFULNESS_ESTIMATE: fact('any', NOT_CONSTANT, quantus('FaithfulnessEstimate')),
  MONOTONICITY_CORRELATION: fact('any', NOT_CONSTANT, quantus('MonotonicityCorrelation')),
  MONOTONICITY_ARYA: fact('any', ALWAYS, quantus('Monotonicity')),
  DELETION: fact('any', ALWAYS, quantus('PixelFlipping (AUC convention under quantus)')),
  INSERTION: fact('any', ALWAYS, { library: 'RISE (Petsiuk et al.)', name: 'insertion', preset: 'quantus' }),
  PIXEL_FLIPPING: fact('any', ALWAYS, quantus('PixelFlipping')),
  REGION_PERTURBATION: fact('any', ALWAYS, quantus('RegionPerturbation')),
  SELECTIVITY: fact('any', ALWAYS, quantus('Selectivity')),
  SENSITIVITY_N: fact('any', NOT_CONSTANT, quantus('SensitivityN')),
  SUFFICIENCY: fact('any', ALWAYS, quantus('Sufficiency')),
  ROAD_MORF: fact('any', ALWAYS, quantus('ROAD')),
  ROAD_LERF: fact('any', ALWAYS, quantus('ROAD')),
  MAX_SENSITIVITY: fact('any', ALWAYS, captum('sensitivity_max')),
  AVG_SENSITIVITY: fact('any', ALWAYS, quantus('AvgSensitivity')),
  LOCAL_LIPSCHITZ: fact('any', 'a neighbour differs from x', quantus('LocalLipschitzEstimate')),
  CONTINUITY: fact('any', ALWAYS, quantus('Continuity')),
  CONSISTENCY: fact('classes', ALWAYS, quantus('Consistency')),
  SPARSENESS: fact('any', `${NONZERO} (under quantus always)`, quantus('Sparseness')),
  COMPLEXITY: fact('any', NONZERO, quantus('Complexity')),
  EFFECTIVE_COMPLEXITY: fact('any', ALWAYS, quantus('EffectiveComplexity')),
  MODEL_RANDOMISATION: fact('layers', NOT_CONSTANT, quantus('MPRT')),
  EFFICIENT_MPRT: fact('layers', 'the explanation entropy is not 0 (values in more than one bin)', quantus('EfficientMPRT')),
  SMOOTH_MPRT: fact('layers', NOT_CONSTANT, quantus('SmoothMPRT')),
  RANDOM_LOGIT: fact('classes', `${NOT_CONSTANT}; SSIM needs d ≥ 7`, quantus('RandomLogit')),
  COMPLETENESS: fact('any', ALWAYS, quantus('Completeness')),
  NON_SENSITIVITY: fact('any', ALWAYS, quantus('NonSensitivity')),
  INPUT_INVARIANCE: fact('any', ALWAYS, quantus('InputInvariance')),
  KENDALL_TAU: fact('any', NOT_CONSTANT, { library: 'scipy', name: 'scipy.stats.kendalltau (tau-b)' }),
  TOP_K_INTERSECTION: fact('any', HAS_TOP, quantus('TopKIntersection')),
  RELEVANCE_RANK_ACCURACY: fact('any', HAS_TOP, quantus('RelevanceRankAccuracy')),
  RELEVANCE_MASS_ACCURACY: fact('any', `${HAS_TOP} and the attributions do not sum to 0`, quantus('RelevanceMassAccuracy')),
  LOCALISATION_AUC: fact('any', 'the ground truth marks some but not all features', quantus('AUC')),
  POINTING_GAME: fact('any', HAS_TOP, quantus('PointingGame')),
  ATTRIBUTION_LOCALISATION: fact(
    'any',
    `${HAS_TOP}, the attributions do not sum to 0 and their inside share is at most 1`,
    quantus('AttributionLocalisation'),
  ),
};

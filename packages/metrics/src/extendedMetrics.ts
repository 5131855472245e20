import { XaiError, assertMatrix } from '@xai/core';
import type { AnyPreset, Matrix, MetricInfo, MetricResult, Model } from '@xai/core';
import { kendallTau, kendallTauInfo } from './agreement/kendallTau.js';
import { completeness, completenessInfo } from './axiomatic/completeness.js';
import { nonSensitivity, nonSensitivityInfo } from './axiomatic/nonSensitivity.js';
import { complexity, complexityInfo } from './complexity/complexity.js';
import { effectiveComplexity, effectiveComplexityInfo } from './complexity/effectiveComplexity.js';
import { sparseness, sparsenessInfo } from './complexity/sparseness.js';
import type { ExplainFn, ExtendedMetricInput } from './extendedMetricTypes.js';
import { deletion, deletionInfo } from './faithfulness/deletion.js';
import { faithfulnessCorrelation, faithfulnessCorrelationInfo } from './faithfulness/faithfulnessCorrelation.js';
import { infidelity, infidelityInfo } from './faithfulness/infidelity.js';
import { insertion, insertionInfo } from './faithfulness/insertion.js';
import { monotonicityCorrelation, monotonicityCorrelationInfo } from './faithfulness/monotonicityCorrelation.js';
import { road, roadLerfInfo, roadMorfInfo } from './faithfulness/road.js';
import type { RoadOptions } from './faithfulness/road.js';
import { modelParameterRandomisation, modelParameterRandomisationInfo } from './randomisation/modelParameterRandomisation.js';
import { randomLogit, randomLogitInfo } from './randomisation/randomLogit.js';
import { avgSensitivity, avgSensitivityInfo } from './robustness/avgSensitivity.js';
import { localLipschitz, localLipschitzInfo } from './robustness/localLipschitz.js';
import { maxSensitivity, maxSensitivityInfo } from './robustness/maxSensitivity.js';
import { inputInvariance, inputInvarianceInfo } from './axiomatic/inputInvariance.js';
import { faithfulnessEstimate, faithfulnessEstimateInfo } from './faithfulness/faithfulnessEstimate.js';
import { monotonicityArya, monotonicityAryaInfo } from './faithfulness/monotonicityArya.js';
import { pixelFlipping, pixelFlippingInfo } from './faithfulness/pixelFlipping.js';
import { regionPerturbation, regionPerturbationInfo } from './faithfulness/regionPerturbation.js';
import { selectivity, selectivityInfo } from './faithfulness/selectivity.js';
import { sensitivityN, sensitivityNInfo } from './faithfulness/sensitivityN.js';
import { sufficiency, sufficiencyInfo } from './faithfulness/sufficiency.js';
import { attributionLocalisation, attributionLocalisationInfo } from './localisation/attributionLocalisation.js';
import { localisationAuc, localisationAucInfo } from './localisation/localisationAuc.js';
import { pointingGame, pointingGameInfo } from './localisation/pointingGame.js';
import { relevanceMassAccuracy, relevanceMassAccuracyInfo } from './localisation/relevanceMassAccuracy.js';
import { relevanceRankAccuracy, relevanceRankAccuracyInfo } from './localisation/relevanceRankAccuracy.js';
import { topKIntersection, topKIntersectionInfo } from './localisation/topKIntersection.js';
import { efficientMprt, efficientMprtInfo } from './randomisation/efficientMprt.js';
import { smoothMprt, smoothMprtInfo } from './randomisation/smoothMprt.js';
import { consistency, consistencyInfo } from './robustness/consistency.js';
import { continuity, continuityInfo } from './robustness/continuity.js';

export type {
  ExplainFn,
  ExtendedMetricInput,
  ExtendedMetricResult,
  NoiseUnitsOptions,
  ScoredOutput,
  ScoringOptions,
} from './extendedMetricTypes.js';

/**
 * The metric ids beyond OpenXAI's eleven, grouped by family.
 * @since 0.2.0
 */
export const EXTENDED_METRIC_IDS = [
  'INFIDELITY',
  'FAITHFULNESS_CORRELATION',
  'MONOTONICITY_CORRELATION',
  'DELETION',
  'INSERTION',
  'ROAD_MORF',
  'ROAD_LERF',
  'MAX_SENSITIVITY',
  'AVG_SENSITIVITY',
  'LOCAL_LIPSCHITZ',
  'SPARSENESS',
  'COMPLEXITY',
  'EFFECTIVE_COMPLEXITY',
  'MODEL_RANDOMISATION',
  'RANDOM_LOGIT',
  'COMPLETENESS',
  'NON_SENSITIVITY',
  'KENDALL_TAU',
  'MONOTONICITY_ARYA',
  'FAITHFULNESS_ESTIMATE',
  'PIXEL_FLIPPING',
  'REGION_PERTURBATION',
  'SELECTIVITY',
  'SENSITIVITY_N',
  'SUFFICIENCY',
  'CONTINUITY',
  'CONSISTENCY',
  'TOP_K_INTERSECTION',
  'RELEVANCE_RANK_ACCURACY',
  'RELEVANCE_MASS_ACCURACY',
  'LOCALISATION_AUC',
  'POINTING_GAME',
  'ATTRIBUTION_LOCALISATION',
  'EFFICIENT_MPRT',
  'SMOOTH_MPRT',
  'INPUT_INVARIANCE',
] as const;

/** One of {@link EXTENDED_METRIC_IDS}. @since 0.2.0 */
export type ExtendedMetricId = (typeof EXTENDED_METRIC_IDS)[number];

/** Quantus' categories (plus `agreement` for ground-truth rank agreement). @since 0.2.0 */
export type ExtendedMetricFamily =
  | 'faithfulness'
  | 'robustness'
  | 'complexity'
  | 'randomisation'
  | 'axiomatic'
  | 'agreement'
  | 'localisation';

/** What a metric reads: core's requirements, plus `background` (training rows, ROAD's `options.background`). @since 0.2.0 */
export type ExtendedMetricRequirement = 'model' | 'attributions' | 'explainer' | 'ground-truth' | 'background';

/**
 * Static facts of an extended metric. Beside core's `MetricInfo` fields: whether the bench's
 * floor (shortcut explainers: mean training gradient, fixed variance ranking) and null
 * (attributions permuted across features) are meaningful for it, and why.
 * @since 0.2.0
 */
export interface ExtendedMetricInfo extends MetricInfo {
  readonly id: ExtendedMetricId;
  readonly family: ExtendedMetricFamily;
  readonly requires: readonly ExtendedMetricRequirement[];
  readonly reference: string;
  /** Draws random numbers (from streams keyed by row content + `options.seed`). */
  readonly seeded: boolean;
  /** Defined for `output: 'value'` (regression) models. */
  readonly valueModels: boolean;
  readonly floorMeaningful: boolean;
  readonly floorNote: string;
  readonly nullMeaningful: boolean;
  readonly nullNote: string;
  /** Notes that read differently under a preset (whose defaults change what the metric compares). */
  readonly presetNotes?: Readonly<Partial<Record<AnyPreset, PresetNotes>>>;
}

/** A preset's own floor and null notes (absent: the metric's). @since 0.3.0 */
export interface PresetNotes {
  readonly floorNote?: string;
  readonly nullNote?: string;
}

/** Options handed to a runner: the metric's own options (checked by it, unknown keys are errors), plus `groundTruth` for the metrics that require it (KENDALL_TAU, localisation); ROAD needs `background`. @since 0.2.0 */
export type ExtendedRunOptions = Readonly<Record<string, unknown>>;

/**
 * The uniform batch runner the bench calls for every extended metric. `model` may be
 * undefined only for metrics that do not require it (complexity, Kendall's τ); `targets`
 * undefined = core's `defaultTargets`; `explain` is required by the robustness and
 * randomisation metrics (which then take `attributions` as explain(model, x, targets)).
 * @since 0.2.0
 */
export type ExtendedMetricRunner = (
  model: Model | undefined,
  x: Matrix,
  attributions: Matrix,
  targets: Int32Array | undefined,
  explain?: ExplainFn,
  options?: ExtendedRunOptions,
) => MetricResult;

/** One registry entry: facts, the positional runner and the object-style evaluate. @since 0.2.0 */
export interface ExtendedMetricEntry {
  readonly info: ExtendedMetricInfo;
  readonly run: ExtendedMetricRunner;
  evaluate(input: ExtendedMetricInput, options?: ExtendedRunOptions): MetricResult;
}

type Evaluate = (input: ExtendedMetricInput, options: never) => MetricResult;

interface Notes {
  readonly seeded: boolean;
  readonly valueModels: boolean;
  readonly floorMeaningful: boolean;
  readonly floorNote: string;
  readonly nullMeaningful: boolean;
  readonly nullNote: string;
  readonly presetNotes?: Readonly<Partial<Record<AnyPreset, PresetNotes>>>;
}

type OwnInfo = Omit<ExtendedMetricInfo, keyof Notes>;

function entry(info: OwnInfo, notes: Notes, evaluate: Evaluate): ExtendedMetricEntry {
  const full: ExtendedMetricInfo = { ...info, ...notes };
  const ev = evaluate as (input: ExtendedMetricInput, options: ExtendedRunOptions) => MetricResult;
  return {
    info: full,
    evaluate: (input, options = {}) => ev(input, options),
    run: (model, x, attributions, targets, explain, options = {}) => {
      let opts = options;
      let groundTruth: Matrix | undefined;
      if (info.requires.includes('ground-truth') && options !== null && typeof options === 'object' && 'groundTruth' in options) {
        const { groundTruth: gt, ...rest } = options;
        assertMatrix(gt, `extendedMetrics.${info.id}.run`, 'options.groundTruth');
        groundTruth = gt;
        opts = rest;
      }
      const input: ExtendedMetricInput = {
        x,
        attributions,
        ...(model !== undefined ? { model } : {}),
        ...(targets !== undefined ? { targets } : {}),
        ...(explain !== undefined ? { explain } : {}),
        ...(groundTruth !== undefined ? { groundTruth } : {}),
      };
      if (info.requires.includes('explainer') && explain === undefined) {
        throw new XaiError('BAD_INPUT', `${info.id} re-explains: pass explain(model, x, targets)`, {
          fn: `extendedMetrics.${info.id}.run`,
          arg: 'explain',
          value: undefined,
        });
      }
      return ev(input, opts);
    },
  };
}

/** ROAD's direction follows its order, so each order is its own id; a conflicting `order` option is an error. */
function roadWithOrder(order: 'morf' | 'lerf'): Evaluate {
  const id = order === 'morf' ? 'ROAD_MORF' : 'ROAD_LERF';
  return ((input: ExtendedMetricInput, options: ExtendedRunOptions) => {
    if (options !== null && typeof options === 'object' && options.order !== undefined && options.order !== order) {
      throw new XaiError(
        'BAD_OPTION',
        `${id} removes ${order === 'morf' ? 'most' : 'least'} relevant first; use ${order === 'morf' ? 'ROAD_LERF' : 'ROAD_MORF'} for order '${String(options.order)}'`,
        { fn: `extendedMetrics.${id}`, arg: 'options.order', value: options.order },
      );
    }
    return road(input, { ...(options as unknown as RoadOptions), order });
  }) as Evaluate;
}

const RANDOM_ORDER_NULL = 'meaningful: a random order is the reference curve';
const INPUT_INDEPENDENT_FLOOR = 'meaningful as a warning: an input-independent shortcut explanation scores 0 (the best)';
const PERMUTATION_INVARIANT =
  'not meaningful: the score is invariant under a permutation of the features, so the permuted null equals the explainer itself';
const RE_EXPLAIN_NULL =
  'not meaningful: a fixed feature permutation of the explainer output leaves the score unchanged (norms / rank correlations of jointly permuted vectors), and a fresh one per call measures the permutation, not the explainer';

/**
 * Every extended metric by id: `info` (family, direction, requirements, reference,
 * floor/null notes), `run` (positional batch runner) and `evaluate` (object input).
 * @example extendedMetrics.INFIDELITY.run(model, x, attributions, undefined, undefined, { seed: 0 }).mean
 * @since 0.2.0
 */
export const extendedMetrics: Readonly<Record<ExtendedMetricId, ExtendedMetricEntry>> = {
  INFIDELITY: entry(
    infidelityInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote:
        'meaningful: a constant (mean-gradient) explanation is exact for a linear model, so the floor shows how much of the score local linearity alone buys',
      nullMeaningful: true,
      nullNote: 'meaningful: permuting features breaks the alignment of Iᵀe with f(x) − f(x − I)',
    },
    infidelity,
  ),
  FAITHFULNESS_CORRELATION: entry(
    faithfulnessCorrelationInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking correlates only as far as the model is globally additive',
      nullMeaningful: true,
      nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
    },
    faithfulnessCorrelation,
  ),
  MONOTONICITY_CORRELATION: entry(
    monotonicityCorrelationInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed variance ranking tracks per-feature output variance only globally',
      nullMeaningful: true,
      nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
    },
    monotonicityCorrelation,
  ),
  DELETION: entry(
    deletionInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking deletes in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    deletion,
  ),
  INSERTION: entry(
    insertionInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking inserts in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    insertion,
  ),
  ROAD_MORF: entry(
    roadMorfInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking removes in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    roadWithOrder('morf'),
  ),
  ROAD_LERF: entry(
    roadLerfInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking keeps features in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    roadWithOrder('lerf'),
  ),
  MAX_SENSITIVITY: entry(
    maxSensitivityInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote:
        'meaningful as a warning: an input-independent shortcut explanation scores 0 (the best), so robustness must be read beside faithfulness',
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    maxSensitivity,
  ),
  AVG_SENSITIVITY: entry(
    avgSensitivityInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: INPUT_INDEPENDENT_FLOOR,
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    avgSensitivity,
  ),
  LOCAL_LIPSCHITZ: entry(
    localLipschitzInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: INPUT_INDEPENDENT_FLOOR,
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    localLipschitz,
  ),
  SPARSENESS: entry(
    sparsenessInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful as a reference: a shortcut explanation has its own concentration (a one-hot shortcut scores the best)',
      nullMeaningful: false,
      nullNote: PERMUTATION_INVARIANT,
    },
    sparseness,
  ),
  COMPLEXITY: entry(
    complexityInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful as a reference: a shortcut explanation has its own entropy (a one-hot shortcut scores the best)',
      nullMeaningful: false,
      nullNote: PERMUTATION_INVARIANT,
    },
    complexity,
  ),
  EFFECTIVE_COMPLEXITY: entry(
    effectiveComplexityInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: "meaningful as a reference: counts the shortcut's non-zero features",
      nullMeaningful: false,
      nullNote: PERMUTATION_INVARIANT,
    },
    effectiveComplexity,
  ),
  MODEL_RANDOMISATION: entry(
    modelParameterRandomisationInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote:
        'meaningful: a shortcut computed once from the trained model does not change with the weights, so it scores similarity 1 (fails the sanity check), as it should',
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    modelParameterRandomisation,
  ),
  RANDOM_LOGIT: entry(
    randomLogitInfo,
    {
      seeded: true,
      valueModels: false,
      floorMeaningful: true,
      floorNote:
        'meaningful: a class-independent shortcut scores similarity 1 (fails the check); with 2 classes only under the signed default (Spearman of |e| is exactly 1 for every gradient-family explainer there, since ∂p₁/∂x = −∂p₀/∂x)',
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
      presetNotes: {
        quantus: {
          floorNote:
            'meaningful: a class-independent shortcut gives two equal explanations, SSIM 1 (fails the check); with 2 classes too, since quantus compares signed explanations',
          nullNote:
            'not meaningful: under quantus the similarity is SSIM over windows of 7 neighbouring features, so a fixed permutation of both explanations changes the score only through the order of the features, which tabular data does not have (it measures the permutation, not the explainer), and a fresh one per call measures the permutation alone',
        },
      },
    },
    randomLogit,
  ),
  COMPLETENESS: entry(
    completenessInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: "meaningful: a shortcut's sum is unrelated to f(x) − f(x₀)",
      nullMeaningful: false,
      nullNote: 'not meaningful: Σ_j e_j is invariant under a feature permutation, so the null equals the explainer',
    },
    completeness,
  ),
  NON_SENSITIVITY: entry(
    nonSensitivityInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a dense shortcut gives dummy features non-zero attribution',
      nullMeaningful: true,
      nullNote: 'meaningful: permutation moves zero attributions off the dummy features',
    },
    nonSensitivity,
  ),
  KENDALL_TAU: entry(
    kendallTauInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking agrees with the ground truth as far as it is global',
      nullMeaningful: true,
      nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
    },
    kendallTau,
  ),
  MONOTONICITY_ARYA: entry(
    monotonicityAryaInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a global ranking inserts in one order for every instance, monotone only where the model is',
      nullMeaningful: true,
      nullNote: 'meaningful: a random insertion order is monotone only by chance',
    },
    monotonicityArya,
  ),
  FAITHFULNESS_ESTIMATE: entry(
    faithfulnessEstimateInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking correlates with single-feature drops only as far as the model is globally additive',
      nullMeaningful: true,
      nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
    },
    faithfulnessEstimate,
  ),
  PIXEL_FLIPPING: entry(
    pixelFlippingInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking removes in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    pixelFlipping,
  ),
  REGION_PERTURBATION: entry(
    regionPerturbationInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking removes regions in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    regionPerturbation,
  ),
  SELECTIVITY: entry(
    selectivityInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: the shortcut ranking removes regions in a global order',
      nullMeaningful: true,
      nullNote: RANDOM_ORDER_NULL,
    },
    selectivity,
  ),
  SENSITIVITY_N: entry(
    sensitivityNInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed attribution vector sums over subsets as the model does only where it is globally additive',
      nullMeaningful: true,
      nullNote: 'meaningful: expected ≈ 0 for permuted attributions',
    },
    sensitivityN,
  ),
  SUFFICIENCY: entry(
    sufficiencyInfo,
    {
      seeded: false,
      valueModels: false,
      floorMeaningful: true,
      floorNote:
        'meaningful as a warning: identical shortcut explanations make every pair close, so the score falls to the share of the predicted class',
      nullMeaningful: true,
      nullNote: 'meaningful: a fresh permutation per instance scatters similar explanations apart',
    },
    sufficiency,
  ),
  CONTINUITY: entry(
    continuityInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: INPUT_INDEPENDENT_FLOOR,
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    continuity,
  ),
  CONSISTENCY: entry(
    consistencyInfo,
    {
      seeded: false,
      valueModels: false,
      floorMeaningful: true,
      floorNote:
        'meaningful as a warning: identical shortcut explanations share one label, so the score falls to the share of the predicted class',
      nullMeaningful: true,
      nullNote: 'meaningful: a fresh permutation per instance changes which features form the label',
    },
    consistency,
  ),
  TOP_K_INTERSECTION: entry(
    topKIntersectionInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking finds the true features as far as they are the same for every instance',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = mask size / d for permuted attributions',
    },
    topKIntersection,
  ),
  RELEVANCE_RANK_ACCURACY: entry(
    relevanceRankAccuracyInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking finds the true features as far as they are the same for every instance',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = mask size / d for permuted attributions',
    },
    relevanceRankAccuracy,
  ),
  RELEVANCE_MASS_ACCURACY: entry(
    relevanceMassAccuracyInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed attribution puts its mass on the true features as far as they are shared',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = mask size / d for permuted |attributions|',
    },
    relevanceMassAccuracy,
  ),
  LOCALISATION_AUC: entry(
    localisationAucInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking separates the true features as far as they are shared',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = 0.5 for permuted attributions',
    },
    localisationAuc,
  ),
  POINTING_GAME: entry(
    pointingGameInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed ranking points at a true feature as far as its top feature is marked for every instance',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = mask size / d for permuted attributions ((mask size / d)(1 − mask size / d) weighted)',
    },
    pointingGame,
  ),
  ATTRIBUTION_LOCALISATION: entry(
    attributionLocalisationInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful: a fixed attribution puts its mass on the true features as far as they are shared',
      nullMeaningful: true,
      nullNote: 'meaningful: expected = mask size / d for permuted |attributions| ((mask size / d)² weighted)',
    },
    attributionLocalisation,
  ),
  EFFICIENT_MPRT: entry(
    efficientMprtInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote:
        'meaningful: a shortcut computed once from the trained model does not change with the weights, so its entropy rise is 0 (fails the check), as it should',
      nullMeaningful: false,
      nullNote: 'not meaningful: a histogram entropy is invariant under a permutation of the features, so the null equals the explainer',
    },
    efficientMprt,
  ),
  SMOOTH_MPRT: entry(
    smoothMprtInfo,
    {
      seeded: true,
      valueModels: true,
      floorMeaningful: true,
      floorNote:
        'meaningful: a shortcut computed once from the trained model does not change with the weights, so it scores similarity 1 (fails the check), as it should',
      nullMeaningful: false,
      nullNote: RE_EXPLAIN_NULL,
    },
    smoothMprt,
  ),
  INPUT_INVARIANCE: entry(
    inputInvarianceInfo,
    {
      seeded: false,
      valueModels: true,
      floorMeaningful: true,
      floorNote: 'meaningful as a warning: an input-independent shortcut explanation is trivially invariant and scores 1 (the best)',
      nullMeaningful: false,
      nullNote:
        'not meaningful: the same permutation of both explanations leaves their equality unchanged, so the null equals the explainer',
    },
    inputInvariance,
  ),
};

/**
 * An extended metric's floor and null notes under a preset: the preset's own where its defaults
 * change what the metric compares (quantus' SSIM in RANDOM_LOGIT), else the metric's.
 * @example extendedMetricNotes('RANDOM_LOGIT', 'quantus').nullNote
 * @since 0.3.0
 */
export function extendedMetricNotes(id: ExtendedMetricId, preset?: AnyPreset): Required<PresetNotes> {
  const info = extendedMetrics[id].info;
  const own = preset === undefined ? undefined : info.presetNotes?.[preset];
  return { floorNote: own?.floorNote ?? info.floorNote, nullNote: own?.nullNote ?? info.nullNote };
}

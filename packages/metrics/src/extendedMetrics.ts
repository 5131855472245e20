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
export interface ExtendedMetricInfo<Id extends string = ExtendedMetricId> extends MetricInfo {
  readonly id: Id;
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
export interface ExtendedMetricEntry<Id extends string = ExtendedMetricId> {
  readonly info: ExtendedMetricInfo<Id>;
  readonly run: ExtendedMetricRunner;
  evaluate(input: ExtendedMetricInput, options?: ExtendedRunOptions): MetricResult;
}

type Evaluate = (input: ExtendedMetricInput, options: never) => MetricResult;

// Typed by its own id, not by ExtendedMetricId: the registry's keys define ExtendedMetricId.
function entry<const Id extends string>(info: ExtendedMetricInfo<Id>, evaluate: Evaluate): ExtendedMetricEntry<Id> {
  const ev = evaluate as (input: ExtendedMetricInput, options: ExtendedRunOptions) => MetricResult;
  return {
    info,
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

// The one list of extended metrics: its keys are the ids (a metric is added by its row here).
const REGISTRY = {
  INFIDELITY: entry(infidelityInfo, infidelity),
  FAITHFULNESS_CORRELATION: entry(faithfulnessCorrelationInfo, faithfulnessCorrelation),
  MONOTONICITY_CORRELATION: entry(monotonicityCorrelationInfo, monotonicityCorrelation),
  DELETION: entry(deletionInfo, deletion),
  INSERTION: entry(insertionInfo, insertion),
  ROAD_MORF: entry(roadMorfInfo, roadWithOrder('morf')),
  ROAD_LERF: entry(roadLerfInfo, roadWithOrder('lerf')),
  MAX_SENSITIVITY: entry(maxSensitivityInfo, maxSensitivity),
  AVG_SENSITIVITY: entry(avgSensitivityInfo, avgSensitivity),
  LOCAL_LIPSCHITZ: entry(localLipschitzInfo, localLipschitz),
  SPARSENESS: entry(sparsenessInfo, sparseness),
  COMPLEXITY: entry(complexityInfo, complexity),
  EFFECTIVE_COMPLEXITY: entry(effectiveComplexityInfo, effectiveComplexity),
  MODEL_RANDOMISATION: entry(modelParameterRandomisationInfo, modelParameterRandomisation),
  RANDOM_LOGIT: entry(randomLogitInfo, randomLogit),
  COMPLETENESS: entry(completenessInfo, completeness),
  NON_SENSITIVITY: entry(nonSensitivityInfo, nonSensitivity),
  KENDALL_TAU: entry(kendallTauInfo, kendallTau),
  MONOTONICITY_ARYA: entry(monotonicityAryaInfo, monotonicityArya),
  FAITHFULNESS_ESTIMATE: entry(faithfulnessEstimateInfo, faithfulnessEstimate),
  PIXEL_FLIPPING: entry(pixelFlippingInfo, pixelFlipping),
  REGION_PERTURBATION: entry(regionPerturbationInfo, regionPerturbation),
  SELECTIVITY: entry(selectivityInfo, selectivity),
  SENSITIVITY_N: entry(sensitivityNInfo, sensitivityN),
  SUFFICIENCY: entry(sufficiencyInfo, sufficiency),
  CONTINUITY: entry(continuityInfo, continuity),
  CONSISTENCY: entry(consistencyInfo, consistency),
  TOP_K_INTERSECTION: entry(topKIntersectionInfo, topKIntersection),
  RELEVANCE_RANK_ACCURACY: entry(relevanceRankAccuracyInfo, relevanceRankAccuracy),
  RELEVANCE_MASS_ACCURACY: entry(relevanceMassAccuracyInfo, relevanceMassAccuracy),
  LOCALISATION_AUC: entry(localisationAucInfo, localisationAuc),
  POINTING_GAME: entry(pointingGameInfo, pointingGame),
  ATTRIBUTION_LOCALISATION: entry(attributionLocalisationInfo, attributionLocalisation),
  EFFICIENT_MPRT: entry(efficientMprtInfo, efficientMprt),
  SMOOTH_MPRT: entry(smoothMprtInfo, smoothMprt),
  INPUT_INVARIANCE: entry(inputInvarianceInfo, inputInvariance),
};

/** An extended metric id: a key of {@link extendedMetrics}. @since 0.2.0 */
export type ExtendedMetricId = keyof typeof REGISTRY;

/**
 * Every extended metric by id: `info` (family, direction, requirements, reference,
 * floor/null notes), `run` (positional batch runner) and `evaluate` (object input).
 * @example extendedMetrics.INFIDELITY.run(model, x, attributions, undefined, undefined, { seed: 0 }).mean
 * @since 0.2.0
 */
export const extendedMetrics: Readonly<Record<ExtendedMetricId, ExtendedMetricEntry>> = REGISTRY;

/**
 * The metric ids beyond OpenXAI's eleven, grouped by family: the registry's keys in its order.
 * @since 0.2.0
 */
export const EXTENDED_METRIC_IDS = Object.keys(REGISTRY) as readonly ExtendedMetricId[];

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

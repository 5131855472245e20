import { XaiError, checkOptions } from '@xai/core';
import { AGREEMENT_KEYS, METRIC_KEYS, PREDICTION_GAP_KEYS, RANKING_KEYS, STABILITY_KEYS } from './internal/options.js';
import type { MetricInput } from '@xai/core';
import type { AgreementOptions, RankingOptions } from './groundTruth/agreementOptions.js';
import { fa } from './groundTruth/fa.js';
import type { MetricEntry } from './metricEntry.js';
import type { MetricId } from './metricIds.js';
import type { MetricSummary } from './metricSummary.js';
import { metricInfo } from './metricInfo.js';
import { pgi } from './predictionGap/pgi.js';
import { pgu } from './predictionGap/pgu.js';
import { pra } from './groundTruth/pra.js';
import type { PredictionGapOptions } from './predictionGap/predictionGapOptions.js';
import { ra } from './groundTruth/ra.js';
import { rc } from './groundTruth/rc.js';
import { ris } from './stability/ris.js';
import { ros } from './stability/ros.js';
import { rrs } from './stability/rrs.js';
import { sa } from './groundTruth/sa.js';
import { sra } from './groundTruth/sra.js';
import type { RelativeStabilityOptions, StabilityInput, StabilityResult } from './stability/stabilityTypes.js';

/** The union of every metric's options; each metric reads the fields it knows. @since 0.1.0 */
export type MetricOptions = AgreementOptions & RankingOptions & PredictionGapOptions & RelativeStabilityOptions;

/**
 * The type of {@link metrics}: RIS, RRS and ROS read `StabilityInput` (attributions optional)
 * and return a `StabilityResult`; the others read core's `MetricInput` and return a
 * `MetricSummary`. Every entry is assignable to core's `Metric<MetricOptions>`.
 * @since 0.1.0
 */
export type MetricRegistry = {
  readonly [K in MetricId]: K extends 'RIS' | 'RRS' | 'ROS'
    ? MetricEntry<StabilityInput, MetricOptions, StabilityResult>
    : MetricEntry<MetricInput, MetricOptions, MetricSummary>;
};

/**
 * A registry entry: options are checked against the union of every metric's keys (a runner
 * may hand one options object to all metrics; a misspelt key is still BAD_OPTION), and only
 * the keys this metric reads are passed on.
 */
function entry<I, R extends MetricSummary>(
  id: MetricId,
  keys: readonly string[],
  run: (input: I, options: MetricOptions) => R,
): MetricEntry<I, MetricOptions, R> {
  const fn = `metrics.${id}.evaluate`;
  return {
    info: metricInfo[id],
    evaluate: (input, options) => {
      const all = checkOptions(options, METRIC_KEYS, fn) as Record<string, unknown>;
      const own: Record<string, unknown> = {};
      for (const k of keys) if (all[k] !== undefined) own[k] = all[k];
      return run(input, own as MetricOptions);
    },
  };
}

/**
 * Every metric as a core `Metric` (info + evaluate), for runners that treat metrics
 * uniformly. RRS throws NOT_SUPPORTED for a model without `hidden`; to get RIS, RRS and ROS
 * from one shared computation call `relativeStability` instead of three `evaluate`s.
 * @example metrics.FA.evaluate({ x, attributions, groundTruth }); metrics.RIS.evaluate({ x, model, explainer })
 * @since 0.1.0
 */
export const metrics: MetricRegistry = {
  PRA: entry('PRA', RANKING_KEYS, pra),
  RC: entry('RC', RANKING_KEYS, rc),
  FA: entry('FA', AGREEMENT_KEYS, fa),
  RA: entry('RA', AGREEMENT_KEYS, ra),
  SA: entry('SA', AGREEMENT_KEYS, sa),
  SRA: entry('SRA', AGREEMENT_KEYS, sra),
  PGU: entry('PGU', PREDICTION_GAP_KEYS, pgu),
  PGI: entry('PGI', PREDICTION_GAP_KEYS, pgi),
  RIS: entry('RIS', STABILITY_KEYS, ris),
  RRS: entry('RRS', STABILITY_KEYS, (input: StabilityInput, options) => {
    const r = rrs(input, options);
    if (r === null)
      throw new XaiError('NOT_SUPPORTED', 'RRS needs a model with a hidden layer (model.hidden); not applicable to this model', {
        fn: 'metrics.RRS.evaluate',
        arg: 'input.model',
        value: 'hidden',
      });
    return r;
  }),
  ROS: entry('ROS', STABILITY_KEYS, ros),
};

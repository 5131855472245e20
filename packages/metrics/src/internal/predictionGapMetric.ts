// Boundary of PGI / PGU: validate once, then run the batched kernel.
import { checkOptions, isValueModel } from '@xai/core';
import type { MetricInput } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';
import type { PredictionGapOptions } from '../predictionGap/predictionGapOptions.js';
import { checkAttributions, checkGroups, checkInputObject, checkInstances, checkModel, checkSchema, resolveTargets } from './inputs.js';
import { PREDICTION_GAP_KEYS, flag, nonNegative, positiveInt, probability, resolveMaxK, resolvePreset, seedOption } from './options.js';
import { resolveFeatureScale, resolveKeys } from './featureScale.js';
import { checkDiscreteValues, makePlan } from './perturb.js';
import { predictionGapKernel } from './predictionGapKernel.js';
import type { GapMode, GapNoise } from './predictionGapKernel.js';
import { summarize } from './summaries.js';

/** `noise` replaces the seeded draws (tests only: hand-checkable noise matrices). */
export function runPredictionGap(
  fn: string,
  modes: readonly GapMode[],
  input: MetricInput,
  options: PredictionGapOptions,
  noise?: GapNoise,
): Partial<Record<GapMode, MetricSummary>> {
  checkOptions(options, PREDICTION_GAP_KEYS, fn);
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const x = checkInstances(fn, input);
  const e = checkAttributions(fn, input);
  const d = x.cols;
  const model = checkModel(fn, input.model, d);
  const schema = checkSchema(fn, input.schema, d);
  const units = checkGroups(fn, options.groups, d);
  const sigma = nonNegative(options.sigma, fn, 'sigma', 0.1);
  // openxai reads probability column 0 (the released code); otherwise the predicted class;
  // a value model's output 0.
  const zeros = preset === 'openxai' || isValueModel(model);
  const targets =
    options.targets === undefined
      ? zeros
        ? new Int32Array(x.rows)
        : null
      : resolveTargets(fn, options.targets, x.rows, model.classes, () => new Int32Array(x.rows));
  const plan = makePlan(schema, d);
  checkDiscreteValues(fn, plan, x, schema?.names);
  const out = predictionGapKernel(model, x, e, plan, {
    fn,
    preset,
    modes,
    K: resolveMaxK(fn, options.k, units === null ? d : units.length, preset),
    auc: flag(options.auc, fn, 'auc', true),
    samples: positiveInt(options.samples, fn, 'samples', 100),
    sigma,
    flip: probability(options.flipProbability, fn, 'flipProbability', Math.min(1, sigma * Math.sqrt(2 / Math.PI))),
    seed: seedOption(options.seed, fn, 'seed'),
    maxRows: positiveInt(options.maxBatchRows, fn, 'maxBatchRows', 32768),
    targets,
    units,
    scale: resolveFeatureScale(fn, options.featureScale, d),
    keys: resolveKeys(fn, options.keys, x.rows),
    ...(noise !== undefined ? { noise } : {}),
  });
  const result: Partial<Record<GapMode, MetricSummary>> = {};
  for (const m of modes) result[m] = summarize(m, out.values[m]!);
  return result;
}

import type { Explainer, FeatureSchema, Matrix } from '@xai/core';
import { XaiError, checkOptions } from '@xai/core';
import { inferFeatureKinds, readFeatureCsvSync } from '@xai/data/node';
import { EXPLAINER_IDS, createExplainer, isExplainerId } from '@xai/explainers';
import { METRIC_IDS, metrics } from '@xai/metrics';
import type { MetricId } from '@xai/metrics';
import { linearGroundTruth, loadModelSync } from '@xai/models/node';
import { readAttributions } from './attributionsFile';
import { readModelInputs } from './explainInstances';
import type { PresetName } from './ids';
import { GROUND_TRUTH_METRICS, STABILITY_METRICS } from './ids';

export interface EvaluateAttributionsOptions {
  readonly model: string;
  readonly instances: string;
  readonly attributions: string;
  readonly metric: string;
  /** The explainer that made the attributions (stability metrics re-explain neighbours with it). */
  readonly method?: string;
  readonly train?: string;
  /** Per-instance ground truth CSV (agreement metrics); LR models default to their own weights. */
  readonly groundTruth?: string;
  readonly label?: string;
  readonly preset: PresetName;
  readonly seed: number;
  readonly stabilityNeighbours?: number;
  readonly stabilitySamples?: number;
}

/** `xai evaluate`'s output. */
export interface EvaluationJson {
  readonly metric: string;
  readonly preset: string;
  /** Per instance; null = undefined for that instance. */
  readonly values: (number | null)[];
  readonly mean: number | null;
  readonly se: number | null;
  readonly count: number;
  /** Indices of the instances where the metric is undefined. */
  readonly undefined: readonly number[];
}

const FN = 'xai evaluate';

/**
 * `xai evaluate`: one metric over given attributions. Ground-truth metrics read
 * `--ground-truth` (or an LR model's own w1 − w0, signed for the predicted class); stability
 * metrics re-explain neighbours with `--method`; feature kinds (for the perturbations) are
 * inferred from `--train`, else from the instances.
 * @since 0.1.0
 */
export function evaluateAttributions(o: EvaluateAttributionsOptions): EvaluationJson {
  checkOptions(o, ['model', 'instances', 'attributions', 'metric', 'method', 'train', 'groundTruth', 'label', 'preset', 'seed', 'stabilityNeighbours', 'stabilitySamples'], 'evaluateAttributions');
  const id = o.metric.toUpperCase();
  if (!(METRIC_IDS as readonly string[]).includes(id)) throw new XaiError('BAD_OPTION', `unknown metric ${JSON.stringify(o.metric)} (choose from ${METRIC_IDS.join(', ')})`, { fn: FN, arg: '--metric', value: o.metric });
  const model = loadModelSync(o.model);
  const { x, names } = readModelInputs(o.instances, model, o.label, 'evaluate');
  const train = o.train === undefined ? undefined : readModelInputs(o.train, model, o.label, 'evaluate').x;
  const read = readAttributions(o.attributions);
  const attributions = read.attributions;
  if (attributions.rows !== x.rows || attributions.cols !== x.cols) {
    throw new XaiError('SHAPE_MISMATCH', `${o.attributions} is ${attributions.rows}x${attributions.cols}, the instances are ${x.rows}x${x.cols}`, { fn: FN, arg: '--attributions', value: `${attributions.rows}x${attributions.cols}` });
  }
  const schema: FeatureSchema = { names, kinds: inferFeatureKinds(train ?? x), groups: [] };
  let groundTruth: Matrix | undefined;
  if (GROUND_TRUTH_METRICS.includes(id as never)) {
    if (o.groundTruth !== undefined) {
      groundTruth = readFeatureCsvSync(o.groundTruth).x;
      if (groundTruth.rows !== x.rows || groundTruth.cols !== x.cols) throw new XaiError('SHAPE_MISMATCH', `${o.groundTruth} is ${groundTruth.rows}x${groundTruth.cols}, the instances are ${x.rows}x${x.cols}`, { fn: FN, arg: '--ground-truth', value: groundTruth.rows });
    } else if (model.kind === 'lr') {
      groundTruth = linearGroundTruth(model, x, { flipForClass0: true });
    } else {
      throw new XaiError('BAD_OPTION', `${id} needs --ground-truth <csv> (only an LR model's weights can stand in for it)`, { fn: FN, arg: '--ground-truth', value: undefined });
    }
  }
  let explainer: Explainer | undefined;
  if (STABILITY_METRICS.includes(id as never)) {
    const method = o.method ?? read.method ?? undefined;
    if (method === undefined) throw new XaiError('BAD_OPTION', `${id} re-explains neighbours: give --method (${EXPLAINER_IDS.join(', ')})`, { fn: FN, arg: '--method', value: undefined });
    if (!isExplainerId(method)) throw new XaiError('BAD_OPTION', `unknown method ${JSON.stringify(method)} (choose from ${EXPLAINER_IDS.join(', ')})`, { fn: FN, arg: '--method', value: method });
    explainer = createExplainer(method, { preset: o.preset, seed: o.seed, ...(train ? { train } : {}) });
  }
  const r = metrics[id as MetricId].evaluate(
    { x, attributions, model, schema, ...(groundTruth ? { groundTruth } : {}), ...(explainer ? { explainer } : {}) },
    {
      preset: o.preset, seed: o.seed, useGivenAttributions: true,
      ...(o.stabilityNeighbours !== undefined ? { neighbours: o.stabilityNeighbours } : {}),
      ...(o.stabilitySamples !== undefined ? { candidates: o.stabilitySamples } : {}),
    },
  );
  const num = (v: number): number | null => (Number.isFinite(v) ? v : null);
  return { metric: id, preset: o.preset, values: Array.from(r.values, num), mean: num(r.mean), se: num(r.se), count: r.count, undefined: [...r.undefinedIndices] };
}

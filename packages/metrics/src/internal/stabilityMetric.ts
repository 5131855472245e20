// Boundary of the stability metrics: validate once, run the shared block, summarise.
import {
  XaiError,
  assertMatrix,
  assertFinite,
  checkOptions,
  describeValue,
  isValueModel,
  summarizeValues,
  toFloat64Matrix,
} from '@xai/core';
import type { Matrix, Model } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';
import type {
  RelativeStabilityOptions,
  StabilityDiagnostics,
  StabilityInput,
  StabilityLogStatus,
  StabilityPrecision,
  StabilityResult,
} from '../stability/stabilityTypes.js';
import {
  checkExplainer,
  checkInputObject,
  checkInstances,
  checkModel,
  checkSchema,
  requireProbabilities,
  resolveTargets,
} from './inputs.js';
import { resolveFeatureScale, resolveKeys } from './featureScale.js';
import { STABILITY_KEYS, flag, nonNegative, oneOf, positiveInt, probability, resolvePreset, seedOption } from './options.js';
import { makePlan } from './perturb.js';
import { stabilityKernel } from './stabilityKernel.js';
import type { StabilityId, StabilityNoise } from './stabilityKernel.js';
import { definedSorted, positiveIndices, quantileSorted, summarize } from './summaries.js';

export interface StabilityRun {
  readonly results: Record<StabilityId, StabilityResult | null>;
  readonly diagnostics: StabilityDiagnostics;
}

/** ln(x) when it is finite, else null (ln 0 = -Infinity and NaN would become null in JSON unannounced). */
function finiteLog(v: number): number | null {
  const l = Math.log(v);
  return Number.isFinite(l) ? l : null;
}

/** The paper's log aggregates with the reason any of them is null. */
function logAggregates(
  base: MetricSummary,
  sorted: Float64Array,
): Pick<StabilityResult, 'logMean' | 'logSe' | 'logSeDdof0' | 'allZero' | 'logStatus'> {
  const m = sorted.length;
  // Scores are ratios of norms (>= 0), so "all zero" is "the largest is 0".
  const allZero = m > 0 && sorted[m - 1] === 0;
  const logMean = finiteLog(base.mean);
  const logSe = finiteLog(base.se);
  const logSeDdof0 = finiteLog(base.seDdof0);
  let logStatus: StabilityLogStatus = 'ok';
  if (m === 0) logStatus = 'no-values';
  else if (allZero) logStatus = 'all-zero';
  else if (logMean === null || !Number.isFinite(base.se)) logStatus = m === 1 ? 'one-value' : 'non-finite';
  else if (logSe === null || logSeDdof0 === null) logStatus = 'zero-spread';
  return { logMean, logSe, logSeDdof0, allZero, logStatus };
}

/** 'float32' when the matrix is Float32 data or every value is float32-representable. */
function precisionOf(m: Matrix): 'float32' | 'float64' {
  if (m.data instanceof Float32Array) return 'float32';
  const stride = m.stride ?? m.cols;
  const off = m.offset ?? 0;
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < m.cols; j++) {
      const v = m.data[off + i * stride + j]!;
      if (Math.fround(v) !== v) return 'float64';
    }
  }
  return 'float32';
}

/** The precision a model computes in: its `precision` property when 'float32', else float64. */
function modelPrecision(model: Model): 'float32' | 'float64' {
  return (model as { readonly precision?: unknown }).precision === 'float32' ? 'float32' : 'float64';
}

/**
 * Runs the block for the metrics in `which` (RRS is dropped when the model has no hidden
 * layer). `noise` replaces the seeded candidate draws (tests only).
 */
export function runStability(
  fn: string,
  which: readonly StabilityId[],
  input: StabilityInput,
  options: RelativeStabilityOptions,
  noise?: StabilityNoise,
): StabilityRun {
  checkOptions(options, STABILITY_KEYS, fn);
  checkInputObject(fn, input);
  const preset = resolvePreset(fn, options.preset);
  const x = checkInstances(fn, input);
  const d = x.cols;
  const model: Model = checkModel(fn, input.model, d);
  const explainer = checkExplainer(fn, input.explainer);
  const schema = checkSchema(fn, input.schema, d);
  const sigma = nonNegative(options.sigma, fn, 'sigma', 1e-5);
  const flip = probability(options.flipProbability, fn, 'flipProbability', Math.min(1, sigma * Math.sqrt(2 / Math.PI)));
  const p = options.p === undefined ? 2 : options.p;
  if (typeof p !== 'number' || !(p >= 1))
    throw new XaiError('BAD_OPTION', `p must be >= 1 (or Infinity), got ${describeValue(p)}`, { fn, arg: 'p', value: p });
  const hasLogits = typeof model.logits === 'function';
  const valueModel = isValueModel(model);
  // ROS on logits in openxai (the released code) and default: a confident model's softmax
  // saturates, so the relative change of its probabilities under 1e-5 noise is float rounding
  // (ratios of e^30 and more); `paper` keeps the paper's probabilities (eq. 5). A value
  // model has neither: ROS reads its outputs.
  let rosOutput: 'probability' | 'logit' | 'value';
  if (valueModel) {
    // Leaving rosOutput out is how ROS reads a value model's outputs.
    if (options.rosOutput !== undefined)
      requireProbabilities(fn, 'ROS', model, `rosOutput '${String(options.rosOutput)}'; leave rosOutput out to read the outputs`);
    rosOutput = 'value';
  } else {
    rosOutput = oneOf(
      options.rosOutput,
      fn,
      'rosOutput',
      ['probability', 'logit'] as const,
      preset !== 'paper' && hasLogits ? 'logit' : 'probability',
    );
  }
  const seeding = oneOf(
    options.stabilitySeeding,
    fn,
    'stabilitySeeding',
    ['content', 'released', 'released-fixed-candidates'] as const,
    'content',
  );
  const releasedSeeding = seeding !== 'content';
  if (releasedSeeding && preset !== 'openxai') {
    throw new XaiError(
      'BAD_OPTION',
      "stabilitySeeding 'released' reproduces the released code's loop and is only available with preset 'openxai'",
      { fn, arg: 'stabilitySeeding', value: seeding },
    );
  }
  if (releasedSeeding && (options.commonRandomNumbers === true || options.explainerNoise === true)) {
    throw new XaiError(
      'BAD_OPTION',
      "stabilitySeeding 'released' keys explanations by batch position: commonRandomNumbers / explainerNoise cannot be true",
      { fn, arg: 'stabilitySeeding', value: seeding },
    );
  }
  const keys = resolveKeys(fn, options.keys, x.rows);
  if (keys !== null && releasedSeeding) {
    throw new XaiError('BAD_OPTION', "stabilitySeeding 'released' keys the candidates by instance index: keys need 'content' seeding", {
      fn,
      arg: 'keys',
      value: seeding,
    });
  }
  const hiddenActivation = oneOf(options.hiddenActivation, fn, 'hiddenActivation', ['pre', 'post'] as const, 'post');
  const common = releasedSeeding ? false : flag(options.commonRandomNumbers, fn, 'commonRandomNumbers', preset !== 'openxai');
  const useGiven = flag(options.useGivenAttributions, fn, 'useGivenAttributions', false);
  let given: Matrix | null = null;
  let givenPrecision: 'float32' | 'float64' = 'float64';
  if (useGiven) {
    const e = input.attributions;
    if (e === undefined)
      throw new XaiError('BAD_INPUT', 'useGivenAttributions needs input.attributions', { fn, arg: 'input.attributions', value: e });
    // Attributions read from a file or another tool may be float32: accepted, converted once,
    // and their precision recorded (see `diagnostics.precision`).
    const f32 = (e as { data?: unknown }).data instanceof Float32Array;
    const e64 = f32 ? toFloat64Matrix(e, x.rows, d, fn, 'input.attributions') : e;
    assertMatrix(e64, fn, 'input.attributions', { rows: x.rows, cols: d });
    assertFinite(e64, fn, 'input.attributions');
    given = e64;
    givenPrecision = f32 ? 'float32' : precisionOf(e64);
  }
  const levels = options.quantiles ?? [0.05, 0.25, 0.5, 0.75, 0.95];
  if (!Array.isArray(levels) || levels.some((q) => typeof q !== 'number' || !(q >= 0 && q <= 1))) {
    throw new XaiError('BAD_OPTION', `quantiles must be numbers in [0, 1], got ${describeValue(levels)}`, {
      fn,
      arg: 'quantiles',
      value: levels,
    });
  }
  const rrsApplicable = typeof model.hidden === 'function';
  const want: Record<StabilityId, boolean> = {
    RIS: which.includes('RIS'),
    RRS: which.includes('RRS') && rrsApplicable,
    ROS: which.includes('ROS'),
  };
  const candidates = positiveInt(options.candidates, fn, 'candidates', 1000);
  const neighbours = positiveInt(options.neighbours, fn, 'neighbours', 100);
  const float32 = flag(options.float32Neighbours, fn, 'float32Neighbours', preset === 'openxai');
  const chunk = positiveInt(options.candidateChunk, fn, 'candidateChunk', Math.ceil(1.25 * neighbours));
  // Without targets: the predicted labels the kernel computes anyway (output 0 for a value model).
  const targets =
    options.targets === undefined
      ? valueModel
        ? new Int32Array(x.rows)
        : null
      : resolveTargets(fn, options.targets, x.rows, model.classes, () => new Int32Array(x.rows));
  const neighboursPrecision = modelPrecision(model);
  const precision: StabilityPrecision = {
    anchors: given !== null ? givenPrecision : neighboursPrecision,
    anchorsSource: given !== null ? 'given' : 'computed',
    neighbours: neighboursPrecision,
    mixed: given !== null && givenPrecision !== neighboursPrecision,
  };
  const raw = stabilityKernel(model, explainer, x, makePlan(schema, d), {
    fn,
    want,
    seed: seedOption(options.seed, fn, 'seed'),
    sigma,
    flip,
    candidates,
    neighbours,
    p,
    rosOutput,
    hiddenActivation,
    common,
    given,
    explainerNoise: releasedSeeding ? false : flag(options.explainerNoise, fn, 'explainerNoise', common),
    blockSize: positiveInt(options.blockSize, fn, 'blockSize', 32),
    keepNeighbours: flag(options.keepNeighbours, fn, 'keepNeighbours', false),
    float32,
    targets,
    valueModel,
    seeding,
    chunk,
    scale: resolveFeatureScale(fn, options.featureScale, d),
    keys,
    ...(noise !== undefined ? { noise } : {}),
  });
  const counts = raw.neighbourCounts;
  const noNeighbours: number[] = [];
  const short: number[] = [];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0) noNeighbours.push(i);
    if (counts[i]! < neighbours) short.push(i);
  }
  const results: Record<StabilityId, StabilityResult | null> = { RIS: null, RRS: null, ROS: null };
  for (const id of ['RIS', 'RRS', 'ROS'] as const) {
    const v = raw.values[id];
    if (v === null) continue;
    const base = summarize(id, v);
    const sorted = definedSorted(v);
    const per = raw.undefinedRatios[id]!;
    let total = 0;
    for (let i = 0; i < per.length; i++) total += per[i]!;
    results[id] = {
      ...base,
      ...logAggregates(base, sorted),
      median: quantileSorted(sorted, 0.5),
      quantiles: levels.map((q) => ({ q, value: quantileSorted(sorted, q) })),
      undefinedRatios: { count: total, perInstance: per, instances: positiveIndices(per) },
      noNeighbours,
      precision,
    };
  }
  let explainerNoise: StabilityDiagnostics['explainerNoise'] = null;
  if (raw.explainerNoise !== null) {
    const s = summarizeValues('explainer-noise', raw.explainerNoise);
    explainerNoise = {
      values: raw.explainerNoise,
      mean: s.mean,
      median: quantileSorted(definedSorted(raw.explainerNoise), 0.5),
      undefinedIndices: s.undefinedIndices,
    };
  }
  return {
    results,
    diagnostics: {
      preset,
      requestedKeys: common ? 'common' : 'own',
      rosOutput,
      rrs: rrsApplicable ? 'computed' : 'not-applicable',
      seeding,
      precision,
      candidatesDrawn: raw.candidatesDrawn,
      sigma,
      flipProbability: flip,
      float32Neighbours: float32,
      candidates,
      neighboursWanted: neighbours,
      neighbourCounts: counts,
      shortOfNeighbours: short,
      noNeighbours,
      explainerNoise,
      neighbourhood: raw.neighbourhood,
      explainerCalls: raw.explainerCalls,
      explainedRows: raw.explainedRows,
      modelCalls: raw.modelCalls,
      modelRows: raw.modelRows,
    },
  };
}

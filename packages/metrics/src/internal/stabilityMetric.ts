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
import type { Explainer, Matrix, Model } from '@xai/core';
import type { MetricSummary } from '../metricSummary.js';
import type { Preset } from '../preset.js';
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
import { checkDiscreteValues, makePlan } from './perturb.js';
import type { PerturbPlan } from './perturb.js';
import { stabilityKernel } from './stabilityKernel.js';
import type { StabilityId, StabilityNoise, StabilityRaw, StabilitySettings } from './stabilityKernel.js';
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

/** Minkowski order of the norms: >= 1 or Infinity. @defaultValue 2 */
function checkedP(fn: string, value: number | undefined): number {
  const p = value === undefined ? 2 : value;
  if (typeof p !== 'number' || !(p >= 1))
    throw new XaiError('BAD_OPTION', `p must be >= 1 (or Infinity), got ${describeValue(p)}`, { fn, arg: 'p', value: p });
  return p;
}

/**
 * ROS on logits in openxai (the released code) and default: a confident model's softmax
 * saturates, so the relative change of its probabilities under 1e-5 noise is float rounding
 * (ratios of e^30 and more); `paper` keeps the paper's probabilities (eq. 5). A value
 * model has neither: ROS reads its outputs.
 */
function resolveRosOutput(
  fn: string,
  requested: unknown,
  model: Model,
  preset: Preset,
  hasLogits: boolean,
  valueModel: boolean,
): StabilitySettings['rosOutput'] {
  if (valueModel) {
    // Leaving rosOutput out is how ROS reads a value model's outputs.
    if (requested !== undefined)
      requireProbabilities(fn, 'ROS', model, `rosOutput '${String(requested)}'; leave rosOutput out to read the outputs`);
    return 'value';
  }
  return oneOf(requested, fn, 'rosOutput', ['probability', 'logit'] as const, preset !== 'paper' && hasLogits ? 'logit' : 'probability');
}

/** The stream seeding; the released ones only under preset 'openxai' and without common random numbers / explainer noise. */
function resolveSeeding(fn: string, options: RelativeStabilityOptions, preset: Preset): StabilitySettings['seeding'] {
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
  return seeding;
}

/** The per-instance stream keys (null: content hashes); 'content' seeding only. */
function resolveStabilityKeys(fn: string, value: unknown, rows: number, seeding: StabilitySettings['seeding']): Float64Array | null {
  const keys = resolveKeys(fn, value, rows);
  if (keys !== null && seeding !== 'content') {
    throw new XaiError('BAD_OPTION', "stabilitySeeding 'released' keys the candidates by instance index: keys need 'content' seeding", {
      fn,
      arg: 'keys',
      value: seeding,
    });
  }
  return keys;
}

/**
 * input.attributions as the anchors' explanations. Attributions read from a file or another
 * tool may be float32: accepted, converted once, and their precision recorded (see
 * `diagnostics.precision`).
 */
function givenAttributions(
  fn: string,
  e: Matrix | undefined,
  x: Matrix,
): { readonly matrix: Matrix; readonly precision: 'float32' | 'float64' } {
  if (e === undefined)
    throw new XaiError('BAD_INPUT', 'useGivenAttributions needs input.attributions', { fn, arg: 'input.attributions', value: e });
  const f32 = (e as { data?: unknown }).data instanceof Float32Array;
  const e64 = f32 ? toFloat64Matrix(e, x.rows, x.cols, fn, 'input.attributions') : e;
  assertMatrix(e64, fn, 'input.attributions', { rows: x.rows, cols: x.cols });
  assertFinite(e64, fn, 'input.attributions');
  return { matrix: e64, precision: f32 ? 'float32' : precisionOf(e64) };
}

/** The reported quantile levels, each in [0, 1]. @defaultValue [0.05, 0.25, 0.5, 0.75, 0.95] */
function checkedQuantiles(fn: string, value: readonly number[] | undefined): readonly number[] {
  const levels = value ?? [0.05, 0.25, 0.5, 0.75, 0.95];
  if (!Array.isArray(levels) || levels.some((q) => typeof q !== 'number' || !(q >= 0 && q <= 1))) {
    throw new XaiError('BAD_OPTION', `quantiles must be numbers in [0, 1], got ${describeValue(levels)}`, {
      fn,
      arg: 'quantiles',
      value: levels,
    });
  }
  return levels;
}

/** The explained output per instance; without targets the predicted labels the kernel computes anyway (output 0 for a value model). */
function stabilityTargets(fn: string, value: unknown, rows: number, model: Model, valueModel: boolean): Int32Array | null {
  if (value === undefined) return valueModel ? new Int32Array(rows) : null;
  return resolveTargets(fn, value, rows, model.classes, () => new Int32Array(rows));
}

/** The precision of the anchors' explanations (given or computed) and of the neighbours'. */
function precisionReport(given: { readonly precision: 'float32' | 'float64' } | null, model: Model): StabilityPrecision {
  const neighbours = modelPrecision(model);
  return {
    anchors: given !== null ? given.precision : neighbours,
    anchorsSource: given !== null ? 'given' : 'computed',
    neighbours,
    mixed: given !== null && given.precision !== neighbours,
  };
}

/** Everything the block needs and the summaries report, validated. */
interface ResolvedStability {
  readonly preset: Preset;
  readonly model: Model;
  readonly explainer: Explainer;
  readonly x: Matrix;
  readonly plan: PerturbPlan;
  readonly settings: StabilitySettings;
  readonly levels: readonly number[];
  readonly precision: StabilityPrecision;
  readonly rrsApplicable: boolean;
}

/** Validates input and options (in the order their errors are reported) into the kernel's settings. */
function resolveStability(
  fn: string,
  which: readonly StabilityId[],
  input: StabilityInput,
  options: RelativeStabilityOptions,
): ResolvedStability {
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
  const p = checkedP(fn, options.p);
  const hasLogits = typeof model.logits === 'function';
  const valueModel = isValueModel(model);
  const rosOutput = resolveRosOutput(fn, options.rosOutput, model, preset, hasLogits, valueModel);
  const seeding = resolveSeeding(fn, options, preset);
  const releasedSeeding = seeding !== 'content';
  const keys = resolveStabilityKeys(fn, options.keys, x.rows, seeding);
  const hiddenActivation = oneOf(options.hiddenActivation, fn, 'hiddenActivation', ['pre', 'post'] as const, 'post');
  const common = releasedSeeding ? false : flag(options.commonRandomNumbers, fn, 'commonRandomNumbers', preset !== 'openxai');
  const given = flag(options.useGivenAttributions, fn, 'useGivenAttributions', false) ? givenAttributions(fn, input.attributions, x) : null;
  const levels = checkedQuantiles(fn, options.quantiles);
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
  const targets = stabilityTargets(fn, options.targets, x.rows, model, valueModel);
  const precision = precisionReport(given, model);
  const plan = makePlan(schema, d);
  checkDiscreteValues(fn, plan, x, schema?.names);
  const settings: StabilitySettings = {
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
    given: given === null ? null : given.matrix,
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
  };
  return { preset, model, explainer, x, plan, settings, levels, precision, rrsApplicable };
}

/** The instances without any neighbour and those with fewer than wanted. */
function neighbourShortfall(counts: Int32Array, wanted: number): { readonly noNeighbours: number[]; readonly short: number[] } {
  const noNeighbours: number[] = [];
  const short: number[] = [];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0) noNeighbours.push(i);
    if (counts[i]! < wanted) short.push(i);
  }
  return { noNeighbours, short };
}

/** One metric's summary, log aggregates, quantiles and undefined-ratio counts (null when it was not computed). */
function stabilityResult(
  id: StabilityId,
  raw: StabilityRaw,
  levels: readonly number[],
  noNeighbours: readonly number[],
  precision: StabilityPrecision,
): StabilityResult | null {
  const v = raw.values[id];
  if (v === null) return null;
  const base = summarize(id, v);
  const sorted = definedSorted(v);
  const per = raw.undefinedRatios[id]!;
  let total = 0;
  for (let i = 0; i < per.length; i++) total += per[i]!;
  return {
    ...base,
    ...logAggregates(base, sorted),
    median: quantileSorted(sorted, 0.5),
    quantiles: levels.map((q) => ({ q, value: quantileSorted(sorted, q) })),
    undefinedRatios: { count: total, perInstance: per, instances: positiveIndices(per) },
    noNeighbours,
    precision,
  };
}

/** The explainer's own seed-to-seed variation, summarised (null when not measured). */
function explainerNoiseSummary(values: Float64Array | null): StabilityDiagnostics['explainerNoise'] {
  if (values === null) return null;
  const s = summarizeValues('explainer-noise', values);
  return { values, mean: s.mean, median: quantileSorted(definedSorted(values), 0.5), undefinedIndices: s.undefinedIndices };
}

function stabilityDiagnostics(r: ResolvedStability, raw: StabilityRaw): StabilityDiagnostics {
  const st = r.settings;
  const counts = raw.neighbourCounts;
  const { noNeighbours, short } = neighbourShortfall(counts, st.neighbours);
  return {
    preset: r.preset,
    requestedKeys: st.common ? 'common' : 'own',
    rosOutput: st.rosOutput,
    rrs: r.rrsApplicable ? 'computed' : 'not-applicable',
    seeding: st.seeding,
    precision: r.precision,
    candidatesDrawn: raw.candidatesDrawn,
    sigma: st.sigma,
    flipProbability: st.flip,
    float32Neighbours: st.float32,
    candidates: st.candidates,
    neighboursWanted: st.neighbours,
    neighbourCounts: counts,
    shortOfNeighbours: short,
    noNeighbours,
    explainerNoise: explainerNoiseSummary(raw.explainerNoise),
    neighbourhood: raw.neighbourhood,
    explainerCalls: raw.explainerCalls,
    explainedRows: raw.explainedRows,
    modelCalls: raw.modelCalls,
    modelRows: raw.modelRows,
  };
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
  const r = resolveStability(fn, which, input, options);
  const raw = stabilityKernel(r.model, r.explainer, r.x, r.plan, noise !== undefined ? { ...r.settings, noise } : r.settings);
  const diagnostics = stabilityDiagnostics(r, raw);
  const result = (id: StabilityId) => stabilityResult(id, raw, r.levels, diagnostics.noNeighbours, r.precision);
  return { results: { RIS: result('RIS'), RRS: result('RRS'), ROS: result('ROS') }, diagnostics };
}

// The output curve of a step-wise faithfulness metric (pixel flipping, monotonicity): each
// instance walks its own feature order `featuresInStep` at a time from x (remove) or from the
// baseline (insert), and the scored output is recorded after every step — one model call.
import type { ExtendedMetricInput, ScoringOptions } from '../extendedMetricTypes.js';
import { prepare, targetOutputs } from './common.js';
import { attributionOrders, stepCount, stepPerturbations } from './featureSteps.js';
import type { StepMode } from './featureSteps.js';
import { anyPresetOption, positiveInt } from './options.js';
import { scoredModel } from './outputSpace.js';
import { baselineFill } from './quantusBaseline.js';
import type { QuantusBaseline } from './quantusBaseline.js';

/** What the step-wise metrics share of their options. */
export interface StepCurveOptions extends ScoringOptions {
  readonly baseline?: QuantusBaseline;
  readonly featuresInStep?: number;
}

/** The n·steps outputs (row i·steps + s: instance i after step s), with n and steps. */
export interface StepCurve {
  readonly f: Float64Array;
  readonly n: number;
  readonly steps: number;
}

/** The curve of every instance, its output scored as Quantus' `softmax=True` default asks. */
export function stepCurve(
  fn: string,
  input: ExtendedMetricInput,
  o: StepCurveOptions,
  order: 'most-relevant' | 'least-relevant-abs',
  mode: StepMode,
): StepCurve {
  const { x, n, d, attributions, model: given, targets } = prepare(fn, input, ['model', 'attributions']);
  const model = scoredModel(given, { output: o.output, preset: anyPresetOption(o.preset, fn), quantus: 'probability', fn });
  const step = positiveInt(o.featuresInStep ?? 1, fn, 'options.featuresInStep');
  const fill = baselineFill(o.baseline ?? 'black', d, fn);
  const steps = stepCount(d, step);
  const big = stepPerturbations(x, attributionOrders(attributions, order), step, mode, fill);
  return { f: targetOutputs(model, big, targets, steps), n, steps };
}

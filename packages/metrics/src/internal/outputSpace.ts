// Which model output a model-querying metric scores. OpenXAI and our defaults score the
// explained class probability; Captum scores the forward output (logits for a classifier that
// exposes them); Quantus scores logits or softmax per metric (its `softmax` argument).
import { XaiError, describeValue } from '@xai/core';
import type { AnyPreset, Model } from '@xai/core';
import type { ScoredOutput } from '../extendedMetricTypes.js';

/** The option keys every model-querying metric accepts beside its own. */
export const SCORING_KEYS = ['output', 'preset'] as const;

/** How a metric chooses the output it scores. */
export interface ScoringChoice {
  /** The metric's `output` option as given (unchecked). */
  readonly output: unknown;
  readonly preset: AnyPreset;
  /** What Quantus scores for this metric by default: its `softmax=True` is 'probability', `softmax=False` 'logit'. */
  readonly quantus: 'probability' | 'logit';
  /** The metric's name, for errors. */
  readonly fn: string;
}

/** Scored output of a metric. Value models always score their value. */
export function resolveScoredOutput(model: Model, { output, preset, quantus, fn }: ScoringChoice): ScoredOutput {
  const valueModel = model.output === 'value';
  if (output === undefined) {
    if (valueModel) return 'value';
    const hasLogits = typeof model.logits === 'function';
    const peerLogits = preset === 'captum' || (preset === 'quantus' && quantus === 'logit');
    return peerLogits && hasLogits ? 'logit' : 'probability';
  }
  if (output !== 'probability' && output !== 'logit' && output !== 'value') {
    throw new XaiError('BAD_OPTION', `expected 'probability' | 'logit' | 'value', got ${describeValue(output)}`, {
      fn,
      arg: 'options.output',
      value: output,
    });
  }
  if (valueModel !== (output === 'value')) {
    const why = valueModel
      ? "a value model's output is its value: leave output out or pass 'value'"
      : "'value' is for output: 'value' models";
    throw new XaiError('BAD_OPTION', why, { fn, arg: 'options.output', value: output });
  }
  if (output === 'logit' && typeof model.logits !== 'function') {
    throw new XaiError('NOT_SUPPORTED', "output 'logit' needs model.logits", { fn, arg: 'options.output', value: output });
  }
  return output;
}

/**
 * The model as the metric reads it: unchanged for probabilities and values; for logits a view
 * whose `predictProba` returns `model.logits` (so the batched target lookups stay one code path).
 */
export function scoringModel(model: Model, scored: ScoredOutput): Model {
  if (scored !== 'logit') return model;
  const logits = model.logits!.bind(model);
  return { inputDim: model.inputDim, classes: model.classes, output: 'value', predictProba: (x, out) => logits(x, out) };
}

/** {@link resolveScoredOutput} then {@link scoringModel}. */
export function scoredModel(model: Model, choice: ScoringChoice): Model {
  return scoringModel(model, resolveScoredOutput(model, choice));
}

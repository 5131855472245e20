// The asynchronous entry point of every metric: the metric's own code, run by core's
// withAsyncModel against a stand-in model that batches the rows it asks for.
import type { AsyncModel, AsyncPass, Model } from '@xai/core';
import { XaiError, checkOptions, describeValue, withAsyncModel } from '@xai/core';

/** A metric as a function (`pgi`, `relativeStability`, …) or a registry entry (`metrics.PGI`, `extendedMetrics.DELETION`). @since 0.3.0 */
export type AnyMetric<Input, Options, Result> =
  | ((input: Input, options?: Options) => Result)
  | { evaluate(input: Input, options?: Options): Result };

/** A metric's input whose model may answer asynchronously. @since 0.3.0 */
export type AsyncMetricInput<Input> = Omit<Input, 'model'> & { readonly model: AsyncModel | Model };

/** How {@link evaluateAsync} runs the passes. @since 0.3.0 */
export interface EvaluateAsyncOptions {
  /** Called after each pass with the rows it sent to the model. */
  readonly onPass?: (pass: AsyncPass) => void;
  /** Passes before giving up (see core's withAsyncModel). @defaultValue 32 */
  readonly maxPasses?: number;
}

const FN = 'evaluateAsync';

/**
 * Scores with any metric that queries only the model's predictions — PGI, PGU, the stability
 * metrics with a prediction-only explainer, deletion/insertion, ROAD, infidelity, faithfulness
 * correlation, … — when `input.model` answers with a Promise (onnxruntime-web, TensorFlow.js,
 * a model server): the metric runs as it is on a stand-in model, the rows it asks for are sent
 * in batches of `model.batchRows`, and the result is the metric's result on a synchronous model
 * with the same answers. A metric that needs gradients, hidden layers or trees says so in its
 * own error. A synchronous model is scored directly.
 * @example
 *   const score = await evaluateAsync(pgi, { x, attributions, model }, { seed: 0 });
 *   const stability = await evaluateAsync(relativeStability, { x, model, explainer: limeExplainer({ seed: 0 }) });
 * @since 0.3.0
 */
export async function evaluateAsync<Input extends { readonly model?: Model }, Options, Result>(
  metric: AnyMetric<Input, Options, Result>,
  input: AsyncMetricInput<Input>,
  options?: Options,
  run?: EvaluateAsyncOptions,
): Promise<Result> {
  const { onPass, maxPasses } = checkOptions(run, ['onPass', 'maxPasses'], FN, 'run');
  const evaluate =
    typeof metric === 'function'
      ? metric
      : metric !== null && typeof metric === 'object' && typeof metric.evaluate === 'function'
        ? (i: Input, o?: Options) => metric.evaluate(i, o)
        : undefined;
  if (evaluate === undefined)
    throw new XaiError('BAD_INPUT', `expected a metric function or { evaluate }, got ${describeValue(metric)}`, {
      fn: FN,
      arg: 'metric',
      value: metric,
    });
  if (input === null || typeof input !== 'object')
    throw new XaiError('BAD_INPUT', `expected an input object { x, attributions, model, … }, got ${describeValue(input)}`, {
      fn: FN,
      arg: 'input',
      value: input,
    });
  return withAsyncModel(
    input.model,
    (m) => (options === undefined ? evaluate({ ...input, model: m } as Input) : evaluate({ ...input, model: m } as Input, options)),
    {
      caller: FN,
      ...(onPass !== undefined ? { onPass } : {}),
      ...(maxPasses !== undefined ? { maxPasses } : {}),
    },
  );
}

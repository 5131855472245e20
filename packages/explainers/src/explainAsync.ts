// The asynchronous entry point: any explainer of this package that reads only predictions, on
// a model that answers with a Promise, through core's withAsyncModel (the same kernels, run
// against a stand-in model that batches the rows they ask for).
import type { AsyncModel, AsyncPass, ExplainOptions, Explainer, Matrix, Model } from '@xai/core';
import { XaiError, checkOptions, describeValue, isAsyncModel, withAsyncModel } from '@xai/core';
import { EXPLAIN_OPTION_KEYS } from './internal/prepareBatch.js';
import { EXPLAINER_REGISTRY } from './explainerRegistry.js';

/** Per-call options of {@link explainAsync}: core's `ExplainOptions` plus the passes' progress. @since 0.3.0 */
export interface ExplainAsyncOptions extends ExplainOptions {
  /** Called after each pass with the rows it sent to the model. */
  readonly onPass?: (pass: AsyncPass) => void;
  /** Passes before giving up (see core's withAsyncModel). @defaultValue 32 */
  readonly maxPasses?: number;
}

const FN = 'explainAsync';

/** The ids of the registry's explainers that read only predictions (those an async model can serve). @since 0.3.0 */
export const PREDICTION_ONLY_EXPLAINERS: readonly string[] = Object.entries(EXPLAINER_REGISTRY)
  .filter(([, e]) => e.info.needs === 'predictions')
  .map(([id]) => id);

/** NOT_SUPPORTED for a registry explainer that needs gradients, layers or trees, which an async model does not answer. */
function refuseNonPredictionExplainer(explainer: Explainer): void {
  const entry = Object.hasOwn(EXPLAINER_REGISTRY, explainer.id)
    ? EXPLAINER_REGISTRY[explainer.id as keyof typeof EXPLAINER_REGISTRY]
    : undefined;
  if (entry === undefined || entry.info.needs === 'predictions') return;
  throw new XaiError(
    'NOT_SUPPORTED',
    `'${explainer.id}' reads the model's ${entry.info.needs}, and an async model answers predictions only; explainAsync runs ${PREDICTION_ONLY_EXPLAINERS.join(', ')}`,
    { fn: FN, arg: 'explainer', value: explainer.id },
  );
}

/**
 * Explains `x` with any explainer that reads only predictions (LIME, KernelSHAP, exact and
 * permutation Shapley, occlusion, the random control) on a model whose `predictProbaAsync`
 * returns a Promise — onnxruntime-web, TensorFlow.js, a model server — giving exactly what
 * `explainer.explain` gives on a synchronous model with the same answers. The rows the
 * explainer asks for are sent in batches of `model.batchRows` (core's `withAsyncModel`). A
 * synchronous `Model` is explained directly.
 * @example
 *   const model = asyncModel(async (x) => (await session.run(feeds(x))).probabilities.data, { inputDim: 4, classes: 2 });
 *   const attributions = await explainAsync(limeExplainer({ seed: 0 }), model, x);
 * @since 0.3.0
 */
export async function explainAsync(
  explainer: Explainer,
  model: AsyncModel | Model,
  x: Matrix,
  options?: ExplainAsyncOptions,
): Promise<Matrix> {
  const { onPass, maxPasses, ...explainOptions } = checkOptions(options, [...EXPLAIN_OPTION_KEYS, 'onPass', 'maxPasses'], FN);
  if (explainer === null || typeof explainer !== 'object' || typeof explainer.explain !== 'function')
    throw new XaiError('BAD_INPUT', `expected an Explainer with explain(model, x), got ${describeValue(explainer)}`, {
      fn: FN,
      arg: 'explainer',
      value: explainer,
    });
  if (isAsyncModel(model)) refuseNonPredictionExplainer(explainer);
  const given = options === undefined ? undefined : (explainOptions as ExplainOptions);
  return withAsyncModel(model, (m) => explainer.explain(m, x, given), {
    caller: FN,
    ...(onPass !== undefined ? { onPass } : {}),
    ...(maxPasses !== undefined ? { maxPasses } : {}),
  });
}

// Every entry point of the toolkit takes core's types (a Matrix, a Model). What a JavaScript
// user often has instead — rows of numbers, a bare function, a model that answers with a
// Promise — is refused at the boundary by an error that names the adapter and shows it in one line.
import { XaiError, describeValue } from './errors.js';

/**
 * The one-line pointer to the adapter for a value that is not a Matrix, or '' when there is none:
 * rows of numbers → `fromRows`, a matrix over another typed array → `Float64Array.from`.
 * @example matrixAdapterHint([[1, 2]]) // "; rows of numbers become a Matrix with fromRows() from @xai/core: …"
 * @since 0.3.0
 */
export function matrixAdapterHint(value: unknown): string {
  if (Array.isArray(value))
    return '; rows of numbers become a Matrix with fromRows() from @xai/core, e.g. fromRows([[0.1, 2.5], [0.3, 1]])';
  const m = value as { data?: unknown } | null;
  if (m !== null && typeof m === 'object' && ArrayBuffer.isView(m.data) && !(m.data instanceof Float64Array))
    return `; its data is a ${m.data.constructor.name}: pass { rows, cols, data: Float64Array.from(data) }`;
  return '';
}

/** True for an `async function` (its constructor is AsyncFunction). */
function isAsyncFunction(value: unknown): boolean {
  return typeof value === 'function' && value.constructor?.name === 'AsyncFunction';
}

/** True for an object that answers through `predictProbaAsync` (an AsyncModel, an OnnxModel on onnxruntime-web). */
function answersAsynchronously(value: unknown): boolean {
  const m = value as { predictProbaAsync?: unknown } | null;
  return m !== null && typeof m === 'object' && typeof m.predictProbaAsync === 'function';
}

const ASYNC_ENTRY_POINTS =
  'explainAsync(explainer, model, x) from @xai/explainers, evaluateAsync(metric, { x, attributions, model }) from @xai/metrics, or withAsyncModel(model, (m) => …) from @xai/core';

/**
 * What to do with a value that is not a synchronous Model: a function → `functionModel` (or
 * `asyncModel` when it is async), an asynchronous model → the async entry points; '' otherwise.
 * @since 0.3.0
 */
export function modelAdapterHint(value: unknown): string {
  if (isAsyncFunction(value))
    return `; an async function becomes a model with asyncModel(f, { inputDim: 4, classes: 2 }) from @xai/core, run by ${ASYNC_ENTRY_POINTS}`;
  if (typeof value === 'function')
    return '; a plain function becomes a Model with functionModel(f, { inputDim: 4, classes: 2 }) from @xai/models (asyncModel from @xai/core when it returns a Promise)';
  if (answersAsynchronously(value)) return `; this model answers asynchronously (predictProbaAsync): run it with ${ASYNC_ENTRY_POINTS}`;
  return '';
}

/**
 * The error for a value that is not a Model, naming the adapter that makes one of it.
 * @example if (typeof model?.predictProba !== 'function') throw notAModelError(model, 'lime.explain', 'model')
 * @since 0.3.0
 */
export function notAModelError(value: unknown, fn: string, arg: string): XaiError {
  const got = typeof value === 'function' ? 'a function' : describeValue(value);
  return new XaiError('BAD_INPUT', `expected a Model {inputDim, classes, predictProba}, got ${got}${modelAdapterHint(value)}`, {
    fn,
    arg,
    value: typeof value === 'function' ? 'function' : value,
  });
}

/** The message of a model function that returned a Promise where a synchronous answer was needed. @since 0.3.0 */
export function promiseReturnedMessage(): string {
  return `returned a Promise, and core's Model is synchronous: make the model with asyncModel(f, { inputDim, classes }) from @xai/core and run it with ${ASYNC_ENTRY_POINTS}`;
}

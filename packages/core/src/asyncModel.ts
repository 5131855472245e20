import { checkOptions } from './options.js';
import { enumOption, intOption, numberOption } from './optionValues.js';
import type { OptionKeys } from './options.js';
import { XaiError } from './errors.js';
import type { Matrix } from './matrix.js';
import { toRows } from './matrix.js';
import type { ModelOutput } from './model.js';
import type { ModelReturn } from './modelBoundary.js';

/**
 * A model that answers with a Promise: onnxruntime-web, TensorFlow.js, a fetch to a model
 * server. Plain data plus one method, like core's `Model`; `withAsyncModel` (and explainers'
 * `explainAsync`, metrics' `evaluateAsync`) run the synchronous explainers and metrics on it,
 * sending every row they need in batches of at most `batchRows`.
 * @since 0.3.0
 */
export interface AsyncModel {
  readonly inputDim: number;
  /** Number of classes, or of outputs for an `output: 'value'` (regression) model. */
  readonly classes: number;
  /** What `predictProbaAsync` returns: class probabilities (default) or raw values. */
  readonly output?: ModelOutput;
  /** How far probability rows may stray from [0, 1] and from summing to 1. @defaultValue 1e-5 */
  readonly probabilityTolerance?: number;
  /** The most rows sent in one call. @defaultValue 4096 */
  readonly batchRows?: number;
  /** Calls in flight at once (a model server may take several; one ONNX Runtime session takes one). @defaultValue 1 */
  readonly concurrency?: number;
  /** n x classes probabilities (raw outputs for `output: 'value'`) as any `ModelReturn`, or a Promise of one. */
  predictProbaAsync(x: Matrix): PromiseLike<ModelReturn> | ModelReturn;
}

/** True when `value` answers through `predictProbaAsync`. @since 0.3.0 */
export function isAsyncModel(value: unknown): value is AsyncModel {
  const m = value as { predictProbaAsync?: unknown } | null;
  return m !== null && typeof m === 'object' && typeof m.predictProbaAsync === 'function';
}

/** Options of {@link asyncModel}. @since 0.3.0 */
export interface AsyncModelOptions {
  readonly inputDim: number;
  readonly classes: number;
  readonly output?: ModelOutput;
  readonly probabilityTolerance?: number;
  /** @defaultValue 4096 */
  readonly batchRows?: number;
  /** @defaultValue 1 */
  readonly concurrency?: number;
  /** What the function takes: a row-major Float64 `Matrix` (default) or `number[][]` rows. */
  readonly input?: 'matrix' | 'rows';
}

const ASYNC_MODEL_KEYS: OptionKeys<AsyncModelOptions> = [
  'inputDim',
  'classes',
  'output',
  'probabilityTolerance',
  'batchRows',
  'concurrency',
  'input',
];

/** The defaults of an AsyncModel's batching. @since 0.3.0 */
export const ASYNC_MODEL_DEFAULTS = { batchRows: 4096, concurrency: 1 } as const;

/**
 * An `AsyncModel` from a function that takes a batch of rows and returns (a Promise of) their
 * probabilities — as a `Matrix` over any typed array, rows of numbers, or a flat row-major typed array.
 * @example
 *   const model = asyncModel(async (x) => (await session.run({ x: new ort.Tensor('float32', Float32Array.from(x.data), [x.rows, 4]) })).probabilities.data,
 *     { inputDim: 4, classes: 2 });
 *   const attributions = await explainAsync(limeExplainer({ seed: 0 }), model, x);
 * @since 0.3.0
 */
export function asyncModel(
  predict: ((x: Matrix) => PromiseLike<ModelReturn> | ModelReturn) | ((rows: number[][]) => PromiseLike<ModelReturn> | ModelReturn),
  options: AsyncModelOptions,
): AsyncModel {
  const fn = 'asyncModel';
  if (typeof predict !== 'function')
    throw new XaiError('BAD_INPUT', 'expected a function from a batch of rows to their probabilities', { fn, arg: 'predict' });
  if (options === null || typeof options !== 'object')
    throw new XaiError('BAD_OPTION', 'options { inputDim, classes } are required', { fn, arg: 'options', value: options });
  const o = checkOptions(options, ASYNC_MODEL_KEYS, fn);
  const output = enumOption(o.output, fn, 'output', { values: ['probabilities', 'value'], fallback: 'probabilities' });
  const input = enumOption(o.input, fn, 'input', { values: ['matrix', 'rows'], fallback: 'matrix' });
  const call = predict as (v: unknown) => PromiseLike<ModelReturn> | ModelReturn;
  return Object.freeze({
    inputDim: intOption(o.inputDim, fn, 'inputDim', { min: 1 }),
    classes: intOption(o.classes, fn, 'classes', { min: output === 'value' ? 1 : 2 }),
    output,
    ...(o.probabilityTolerance !== undefined
      ? { probabilityTolerance: numberOption(o.probabilityTolerance, fn, 'probabilityTolerance', { above: 0 }) }
      : {}),
    batchRows: intOption(o.batchRows, fn, 'batchRows', { min: 1, fallback: ASYNC_MODEL_DEFAULTS.batchRows }),
    concurrency: intOption(o.concurrency, fn, 'concurrency', { min: 1, fallback: ASYNC_MODEL_DEFAULTS.concurrency }),
    predictProbaAsync: (x: Matrix) => call(input === 'rows' ? toRows(x) : x),
  });
}

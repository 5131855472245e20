// The one reader of `xai-model@1` objects: fromModelJson builds a model from it, and
// formatModelJson runs it first so that it never writes a file the reader would refuse.
import { checkModelPerformance } from '../modelPerformance.js';
import type { ModelPerformance } from '../modelPerformance.js';
import type { ModelOutput, Preprocessing, XaiErrorCode } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { Activation } from '../denseLayer.js';
import { ACTIVATIONS } from '../denseLayer.js';
import { MODEL_FORMAT, MODEL_OUTPUTS } from '../modelJson.js';
import type { ModelKind } from '../neuralModel.js';
import { MODEL_KINDS } from '../neuralModel.js';
import { checkPreprocessing } from '../checkPreprocessing.js';
import type { LayerShape } from './mlpCore.js';
import { layoutLayers } from './mlpCore.js';
import { checkFields, isObject } from './fields.js';

const TOP_KEYS = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output', 'preprocessing', 'performance', 'metadata'];
const REQUIRED = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output'];
const LAYER_KEYS = ['weight', 'bias', 'activation'];

export interface ReadModel {
  readonly kind: ModelKind;
  readonly shapes: LayerShape[];
  readonly params: Float64Array;
  readonly output: ModelOutput;
  readonly metadata?: Record<string, unknown>;
  readonly preprocessing?: Preprocessing;
  readonly performance?: ModelPerformance;
}

/** The top-level fields, checked; `layers` only as far as their count. */
interface Header {
  readonly kind: ModelKind;
  readonly output: ModelOutput;
  readonly inputDim: number;
  readonly classes: number;
  readonly layers: unknown[];
}

/** The layer dimensions (inputDim, then each layer's outputs) and activations, read before any value. */
interface LayerPlan {
  readonly dims: number[];
  readonly activations: Activation[];
}

function fail(fn: string, code: XaiErrorCode, where: string, message: string, value: unknown): never {
  throw new XaiError(code, message, { fn, arg: where, value });
}

function integerAtLeast(fn: string, v: unknown, where: string, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
    fail(fn, 'BAD_INPUT', where, `expected an integer >= ${min}, got ${describeValue(v)}`, v);
  return v as number;
}

/** Copies a JSON number array into `dst` at `at`, with typed errors for non-numbers and NaN/Infinity. */
function copyNumbers(fn: string, src: unknown, expected: number, dst: Float64Array, at: number, where: string): void {
  if (!Array.isArray(src)) fail(fn, 'BAD_INPUT', where, `expected an array of numbers, got ${describeValue(src)}`, src);
  const arr = src as unknown[];
  if (arr.length !== expected) fail(fn, 'SHAPE_MISMATCH', where, `expected ${expected} values, got ${arr.length}`, arr.length);
  for (let j = 0; j < expected; j++) {
    const v: unknown = arr[j];
    if (typeof v !== 'number') fail(fn, 'BAD_INPUT', `${where}[${j}]`, `expected a number, got ${describeValue(v)}`, v);
    if (!Number.isFinite(v)) fail(fn, 'NON_FINITE', `${where}[${j}]`, `weights must be finite, got ${describeValue(v)}`, v);
    dst[at + j] = v as number;
  }
}

/** Format, kind, output, dimensions, the layer count for the kind, and the metadata's type. */
function readHeader(j: Record<string, unknown>, fn: string): Header {
  checkFields(j, TOP_KEYS, REQUIRED, fn, '');
  if (typeof j.format !== 'string') fail(fn, 'BAD_INPUT', 'format', `expected a string, got ${describeValue(j.format)}`, j.format);
  if (j.format !== MODEL_FORMAT)
    fail(fn, 'NOT_SUPPORTED', 'format', `unsupported format ${describeValue(j.format)} (this version reads '${MODEL_FORMAT}')`, j.format);
  if (!(MODEL_KINDS as readonly unknown[]).includes(j.kind))
    fail(fn, 'NOT_SUPPORTED', 'kind', `unknown kind ${describeValue(j.kind)} (expected ${MODEL_KINDS.join(', ')})`, j.kind);
  const kind = j.kind as ModelKind;
  if (!(MODEL_OUTPUTS as readonly unknown[]).includes(j.output))
    fail(
      fn,
      'NOT_SUPPORTED',
      'output',
      `unsupported output ${describeValue(j.output)} (expected ${MODEL_OUTPUTS.map((o) => `'${o}'`).join(' or ')})`,
      j.output,
    );
  const output: ModelOutput = j.output === 'identity' ? 'value' : 'probabilities';
  const inputDim = integerAtLeast(fn, j.inputDim, 'inputDim', 1);
  // A softmax needs two classes; an identity (regression) head may have a single output.
  const classes = integerAtLeast(fn, j.classes, 'classes', output === 'value' ? 1 : 2);
  const layers = j.layers;
  if (!Array.isArray(layers)) fail(fn, 'BAD_INPUT', 'layers', `expected an array of layers, got ${describeValue(layers)}`, layers);
  const ls = layers as unknown[];
  if (ls.length === 0) fail(fn, 'EMPTY', 'layers', 'a model needs at least one layer', 0);
  if (kind === 'lr' && ls.length !== 1) fail(fn, 'BAD_INPUT', 'layers', `kind 'lr' has exactly one layer, got ${ls.length}`, ls.length);
  if (kind === 'ann' && ls.length < 2)
    fail(fn, 'BAD_INPUT', 'layers', `kind 'ann' has at least one hidden layer, got ${ls.length} layer(s)`, ls.length);
  if (j.metadata !== undefined && !isObject(j.metadata))
    fail(fn, 'BAD_INPUT', 'metadata', `expected an object, got ${describeValue(j.metadata)}`, j.metadata);
  return { kind, output, inputDim, classes, layers: ls };
}

/** Each layer's fields, activation and weight row count (its values come later, once the buffer is sized). */
function readLayerPlan(ls: readonly unknown[], kind: ModelKind, inputDim: number, fn: string): LayerPlan {
  const dims = [inputDim];
  const activations: Activation[] = [];
  ls.forEach((layer: unknown, l) => {
    const where = `layers[${l}]`;
    if (!isObject(layer)) fail(fn, 'BAD_INPUT', where, `expected a layer object, got ${describeValue(layer)}`, layer);
    const ly = layer as Record<string, unknown>;
    checkFields(ly, LAYER_KEYS, LAYER_KEYS, fn, where);
    if (!(ACTIVATIONS as readonly unknown[]).includes(ly.activation))
      fail(
        fn,
        'NOT_SUPPORTED',
        `${where}.activation`,
        `unknown activation ${describeValue(ly.activation)} (expected ${ACTIVATIONS.join(', ')})`,
        ly.activation,
      );
    if (kind === 'lr' && ly.activation !== 'none')
      fail(fn, 'BAD_INPUT', `${where}.activation`, `kind 'lr' has no activation, got ${describeValue(ly.activation)}`, ly.activation);
    const w = ly.weight;
    if (!Array.isArray(w)) fail(fn, 'BAD_INPUT', `${where}.weight`, `expected an array of rows (out x in), got ${describeValue(w)}`, w);
    const rows = w as unknown[];
    if (rows.length === 0) fail(fn, 'SHAPE_MISMATCH', `${where}.weight`, 'a weight needs at least one row', 0);
    const inDim = dims[l] ?? 0;
    const first: unknown = rows[0];
    if (Array.isArray(first) && first.length !== inDim) {
      fail(
        fn,
        'SHAPE_MISMATCH',
        `${where}.weight`,
        `rows have ${first.length} values but the layer's input has ${inDim} (${l === 0 ? 'inputDim' : `layers[${l - 1}] outputs`})`,
        first.length,
      );
    }
    dims.push(rows.length);
    activations.push(ly.activation as Activation);
  });
  return { dims, activations };
}

/**
 * The output head is applied to the last layer's raw scores; a ReLU there would clip
 * every negative logit to 0, which no model we train or export does.
 */
function checkOutputLayer(plan: LayerPlan, classes: number, outputName: unknown, fn: string): void {
  const { dims, activations } = plan;
  const last = activations.length - 1;
  const lastActivation = activations[last];
  if (lastActivation !== 'none')
    fail(
      fn,
      'NOT_SUPPORTED',
      `layers[${last}].activation`,
      `the output layer must have activation 'none' (the ${String(outputName)} output is applied to its raw scores), got ${describeValue(lastActivation)}`,
      lastActivation,
    );
  if (dims[dims.length - 1] !== classes)
    fail(
      fn,
      'SHAPE_MISMATCH',
      `layers[${last}].weight`,
      `the last layer has ${dims[dims.length - 1] ?? 0} outputs but classes is ${classes}`,
      dims[dims.length - 1],
    );
}

/** Lays out the layers and copies every weight row and bias into one parameter buffer. */
function readParameters(ls: readonly unknown[], plan: LayerPlan, fn: string): { shapes: LayerShape[]; params: Float64Array } {
  const { shapes, size } = layoutLayers(plan.dims, plan.activations);
  const params = new Float64Array(size);
  shapes.forEach((s, l) => {
    const layer = ls[l] as Record<string, unknown>;
    const w = layer.weight as unknown[];
    for (let i = 0; i < s.outDim; i++) copyNumbers(fn, w[i], s.inDim, params, s.wOffset + i * s.inDim, `layers[${l}].weight[${i}]`);
    copyNumbers(fn, layer.bias, s.outDim, params, s.bOffset, `layers[${l}].bias`);
  });
  return { shapes, params };
}

/** A JSON round trip: the copy is exactly what a file would hold (and BigInt, cycles… fail here, typed). */
function copyMetadata(metadata: unknown, fn: string): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(metadata)) as Record<string, unknown>;
  } catch (e) {
    return fail(fn, 'BAD_INPUT', 'metadata', `metadata must be plain JSON data: ${(e as Error).message}`, undefined);
  }
}

/** Validates a model object (see fromModelJson for the error contract) and lays out its parameters. */
export function readModelJson(json: unknown, fn: string, arg = 'json'): ReadModel {
  if (!isObject(json)) fail(fn, 'BAD_INPUT', arg, `expected a model object, got ${describeValue(json)}`, json);
  const j = json as Record<string, unknown>;
  const { kind, output, inputDim, classes, layers } = readHeader(j, fn);
  // Shapes first (so the parameter buffer can be sized), values second.
  const plan = readLayerPlan(layers, kind, inputDim, fn);
  checkOutputLayer(plan, classes, j.output, fn);
  const { shapes, params } = readParameters(layers, plan, fn);
  const preprocessing =
    j.preprocessing === undefined ? undefined : checkPreprocessing(j.preprocessing, { inputDim, classes, output }, fn, 'preprocessing');
  const metadata = j.metadata === undefined ? undefined : copyMetadata(j.metadata, fn);
  const performance = j.performance === undefined ? undefined : checkModelPerformance(j.performance, fn);
  return {
    kind,
    shapes,
    params,
    output,
    ...(metadata !== undefined ? { metadata } : {}),
    ...(preprocessing !== undefined ? { preprocessing } : {}),
    ...(performance !== undefined ? { performance } : {}),
  };
}

import type { XaiErrorCode } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { Activation } from './denseLayer.js';
import { ACTIVATIONS } from './denseLayer.js';
import { MODEL_FORMAT } from './modelJson.js';
import type { ModelKind, NeuralModel } from './neuralModel.js';
import { MODEL_KINDS } from './neuralModel.js';
import { layoutLayers } from './internal/mlpCore.js';
import { MlpModel } from './internal/mlpModel.js';

const FN = 'fromModelJson';
const TOP_KEYS = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output', 'metadata'];
const REQUIRED = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output'];
const LAYER_KEYS = ['weight', 'bias', 'activation'];

function fail(code: XaiErrorCode, arg: string, message: string, value: unknown): never {
  throw new XaiError(code, message, { fn: FN, arg, value });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

function checkKeys(obj: Record<string, unknown>, allowed: readonly string[], required: readonly string[], where: string): void {
  for (const key of required) if (!(key in obj)) fail('BAD_INPUT', where === '' ? key : `${where}.${key}`, `missing field '${key}'`, undefined);
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) fail('BAD_INPUT', where === '' ? key : `${where}.${key}`, `unknown field '${key}' (allowed: ${allowed.join(', ')})`, key);
}

function positiveInt(v: unknown, arg: string, min: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) fail('BAD_INPUT', arg, `expected an integer >= ${min}, got ${describeValue(v)}`, v);
  return v;
}

/** Copies a JSON number array into `dst` at `at`, with typed errors for non-numbers and NaN/Infinity. */
function copyNumbers(src: unknown, expected: number, dst: Float64Array, at: number, arg: string): void {
  if (!Array.isArray(src)) fail('BAD_INPUT', arg, `expected an array of numbers, got ${describeValue(src)}`, src);
  if (src.length !== expected) fail('SHAPE_MISMATCH', arg, `expected ${expected} values, got ${src.length}`, src.length);
  for (let j = 0; j < expected; j++) {
    const v: unknown = src[j];
    if (typeof v !== 'number') fail('BAD_INPUT', `${arg}[${j}]`, `expected a number, got ${describeValue(v)}`, v);
    if (!Number.isFinite(v)) fail('NON_FINITE', `${arg}[${j}]`, `weights must be finite, got ${describeValue(v)}`, v);
    dst[at + j] = v;
  }
}

/**
 * A model from its JSON form (format 'xai-model@1'), validated: missing or unknown
 * fields and wrong types → BAD_INPUT; weight/bias shapes that do not chain from
 * `inputDim` to `classes` → SHAPE_MISMATCH; NaN/Infinity → NON_FINITE; another format,
 * kind, activation or output, or an output layer whose activation is not 'none' →
 * NOT_SUPPORTED. Errors name the offending path
 * (e.g. `layers[1].weight[3][2]`).
 * @example fromModelJson(JSON.parse(readFileSync('ann_adult.json', 'utf8')))
 * @since 0.1.0
 */
export function fromModelJson(json: unknown): NeuralModel {
  if (!isObject(json)) fail('BAD_INPUT', 'json', `expected a model object, got ${describeValue(json)}`, json);
  checkKeys(json, TOP_KEYS, REQUIRED, '');
  if (typeof json.format !== 'string') fail('BAD_INPUT', 'format', `expected a string, got ${describeValue(json.format)}`, json.format);
  if (json.format !== MODEL_FORMAT) fail('NOT_SUPPORTED', 'format', `unsupported format ${describeValue(json.format)} (this version reads '${MODEL_FORMAT}')`, json.format);
  if (!(MODEL_KINDS as readonly unknown[]).includes(json.kind)) fail('NOT_SUPPORTED', 'kind', `unknown kind ${describeValue(json.kind)} (expected ${MODEL_KINDS.join(', ')})`, json.kind);
  const kind = json.kind as ModelKind;
  if (json.output !== 'softmax') fail('NOT_SUPPORTED', 'output', `unsupported output ${describeValue(json.output)} (expected 'softmax')`, json.output);
  const inputDim = positiveInt(json.inputDim, 'inputDim', 1);
  const classes = positiveInt(json.classes, 'classes', 2);
  const layers = json.layers;
  if (!Array.isArray(layers)) fail('BAD_INPUT', 'layers', `expected an array of layers, got ${describeValue(layers)}`, layers);
  if (layers.length === 0) fail('EMPTY', 'layers', 'a model needs at least one layer', 0);
  if (kind === 'lr' && layers.length !== 1) fail('BAD_INPUT', 'layers', `kind 'lr' has exactly one layer, got ${layers.length}`, layers.length);
  if (kind === 'ann' && layers.length < 2) fail('BAD_INPUT', 'layers', `kind 'ann' has at least one hidden layer, got ${layers.length} layer(s)`, layers.length);
  if (json.metadata !== undefined && !isObject(json.metadata)) fail('BAD_INPUT', 'metadata', `expected an object, got ${describeValue(json.metadata)}`, json.metadata);

  // Shapes first (so the parameter buffer can be sized), values second.
  const dims = [inputDim];
  const activations: Activation[] = [];
  layers.forEach((layer: unknown, l) => {
    const where = `layers[${l}]`;
    if (!isObject(layer)) fail('BAD_INPUT', where, `expected a layer object, got ${describeValue(layer)}`, layer);
    checkKeys(layer, LAYER_KEYS, LAYER_KEYS, where);
    if (!(ACTIVATIONS as readonly unknown[]).includes(layer.activation)) fail('NOT_SUPPORTED', `${where}.activation`, `unknown activation ${describeValue(layer.activation)} (expected ${ACTIVATIONS.join(', ')})`, layer.activation);
    if (kind === 'lr' && layer.activation !== 'none') fail('BAD_INPUT', `${where}.activation`, `kind 'lr' has no activation, got ${describeValue(layer.activation)}`, layer.activation);
    const w = layer.weight;
    if (!Array.isArray(w)) fail('BAD_INPUT', `${where}.weight`, `expected an array of rows (out x in), got ${describeValue(w)}`, w);
    if (w.length === 0) fail('SHAPE_MISMATCH', `${where}.weight`, 'a weight needs at least one row', 0);
    const inDim = dims[l]!;
    const first: unknown = w[0];
    if (Array.isArray(first) && first.length !== inDim) {
      fail('SHAPE_MISMATCH', `${where}.weight`, `rows have ${first.length} values but the layer's input has ${inDim} (${l === 0 ? 'inputDim' : `layers[${l - 1}] outputs`})`, first.length);
    }
    dims.push(w.length);
    activations.push(layer.activation as Activation);
  });
  // The softmax output is applied to the last layer's raw scores; a ReLU there would clip
  // every negative logit to 0, which no model we train or export does.
  const lastActivation = (layers[layers.length - 1] as Record<string, unknown>).activation;
  if (lastActivation !== 'none') fail('NOT_SUPPORTED', `layers[${layers.length - 1}].activation`, `the output layer must have activation 'none' (softmax is applied to its raw logits), got ${describeValue(lastActivation)}`, lastActivation);
  if (dims[dims.length - 1] !== classes) fail('SHAPE_MISMATCH', `layers[${layers.length - 1}].weight`, `the last layer has ${dims[dims.length - 1]} outputs but classes is ${classes}`, dims[dims.length - 1]);

  const { shapes, size } = layoutLayers(dims, activations);
  const params = new Float64Array(size);
  shapes.forEach((s, l) => {
    const layer = layers[l] as Record<string, unknown>;
    const w = layer.weight as unknown[];
    for (let i = 0; i < s.outDim; i++) copyNumbers(w[i], s.inDim, params, s.wOffset + i * s.inDim, `layers[${l}].weight[${i}]`);
    copyNumbers(layer.bias, s.outDim, params, s.bOffset, `layers[${l}].bias`);
  });
  const metadata = json.metadata === undefined ? undefined : (structuredClone(json.metadata) as Record<string, unknown>);
  return new MlpModel(kind, shapes, params, metadata);
}

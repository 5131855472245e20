// The one reader of `xai-model@1` objects: fromModelJson builds a model from it, and
// formatModelJson runs it first so that it never writes a file the reader would refuse.
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

const TOP_KEYS = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output', 'preprocessing', 'metadata'];
const REQUIRED = ['format', 'kind', 'inputDim', 'classes', 'layers', 'output'];
const LAYER_KEYS = ['weight', 'bias', 'activation'];

export interface ReadModel {
  readonly kind: ModelKind;
  readonly shapes: LayerShape[];
  readonly params: Float64Array;
  readonly output: ModelOutput;
  readonly metadata?: Record<string, unknown>;
  readonly preprocessing?: Preprocessing;
}

/** Validates a model object (see fromModelJson for the error contract) and lays out its parameters. */
export function readModelJson(json: unknown, fn: string, arg = 'json'): ReadModel {
  const fail = (code: XaiErrorCode, where: string, message: string, value: unknown): never => {
    throw new XaiError(code, message, { fn, arg: where, value });
  };
  const checkKeys = (obj: Record<string, unknown>, allowed: readonly string[], required: readonly string[], where: string): void =>
    checkFields(obj, allowed, required, fn, where);
  const positiveInt = (v: unknown, where: string, min: number): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
      fail('BAD_INPUT', where, `expected an integer >= ${min}, got ${describeValue(v)}`, v);
    return v as number;
  };
  /** Copies a JSON number array into `dst` at `at`, with typed errors for non-numbers and NaN/Infinity. */
  const copyNumbers = (src: unknown, expected: number, dst: Float64Array, at: number, where: string): void => {
    if (!Array.isArray(src)) fail('BAD_INPUT', where, `expected an array of numbers, got ${describeValue(src)}`, src);
    const arr = src as unknown[];
    if (arr.length !== expected) fail('SHAPE_MISMATCH', where, `expected ${expected} values, got ${arr.length}`, arr.length);
    for (let j = 0; j < expected; j++) {
      const v: unknown = arr[j];
      if (typeof v !== 'number') fail('BAD_INPUT', `${where}[${j}]`, `expected a number, got ${describeValue(v)}`, v);
      if (!Number.isFinite(v)) fail('NON_FINITE', `${where}[${j}]`, `weights must be finite, got ${describeValue(v)}`, v);
      dst[at + j] = v as number;
    }
  };

  if (!isObject(json)) fail('BAD_INPUT', arg, `expected a model object, got ${describeValue(json)}`, json);
  const j = json as Record<string, unknown>;
  checkKeys(j, TOP_KEYS, REQUIRED, '');
  if (typeof j.format !== 'string') fail('BAD_INPUT', 'format', `expected a string, got ${describeValue(j.format)}`, j.format);
  if (j.format !== MODEL_FORMAT)
    fail('NOT_SUPPORTED', 'format', `unsupported format ${describeValue(j.format)} (this version reads '${MODEL_FORMAT}')`, j.format);
  if (!(MODEL_KINDS as readonly unknown[]).includes(j.kind))
    fail('NOT_SUPPORTED', 'kind', `unknown kind ${describeValue(j.kind)} (expected ${MODEL_KINDS.join(', ')})`, j.kind);
  const kind = j.kind as ModelKind;
  if (!(MODEL_OUTPUTS as readonly unknown[]).includes(j.output))
    fail(
      'NOT_SUPPORTED',
      'output',
      `unsupported output ${describeValue(j.output)} (expected ${MODEL_OUTPUTS.map((o) => `'${o}'`).join(' or ')})`,
      j.output,
    );
  const output: ModelOutput = j.output === 'identity' ? 'value' : 'probabilities';
  const inputDim = positiveInt(j.inputDim, 'inputDim', 1);
  // A softmax needs two classes; an identity (regression) head may have a single output.
  const classes = positiveInt(j.classes, 'classes', output === 'value' ? 1 : 2);
  const layers = j.layers;
  if (!Array.isArray(layers)) fail('BAD_INPUT', 'layers', `expected an array of layers, got ${describeValue(layers)}`, layers);
  const ls = layers as unknown[];
  if (ls.length === 0) fail('EMPTY', 'layers', 'a model needs at least one layer', 0);
  if (kind === 'lr' && ls.length !== 1) fail('BAD_INPUT', 'layers', `kind 'lr' has exactly one layer, got ${ls.length}`, ls.length);
  if (kind === 'ann' && ls.length < 2)
    fail('BAD_INPUT', 'layers', `kind 'ann' has at least one hidden layer, got ${ls.length} layer(s)`, ls.length);
  if (j.metadata !== undefined && !isObject(j.metadata))
    fail('BAD_INPUT', 'metadata', `expected an object, got ${describeValue(j.metadata)}`, j.metadata);

  // Shapes first (so the parameter buffer can be sized), values second.
  const dims = [inputDim];
  const activations: Activation[] = [];
  ls.forEach((layer: unknown, l) => {
    const where = `layers[${l}]`;
    if (!isObject(layer)) fail('BAD_INPUT', where, `expected a layer object, got ${describeValue(layer)}`, layer);
    const ly = layer as Record<string, unknown>;
    checkKeys(ly, LAYER_KEYS, LAYER_KEYS, where);
    if (!(ACTIVATIONS as readonly unknown[]).includes(ly.activation))
      fail(
        'NOT_SUPPORTED',
        `${where}.activation`,
        `unknown activation ${describeValue(ly.activation)} (expected ${ACTIVATIONS.join(', ')})`,
        ly.activation,
      );
    if (kind === 'lr' && ly.activation !== 'none')
      fail('BAD_INPUT', `${where}.activation`, `kind 'lr' has no activation, got ${describeValue(ly.activation)}`, ly.activation);
    const w = ly.weight;
    if (!Array.isArray(w)) fail('BAD_INPUT', `${where}.weight`, `expected an array of rows (out x in), got ${describeValue(w)}`, w);
    const rows = w as unknown[];
    if (rows.length === 0) fail('SHAPE_MISMATCH', `${where}.weight`, 'a weight needs at least one row', 0);
    const inDim = dims[l] ?? 0;
    const first: unknown = rows[0];
    if (Array.isArray(first) && first.length !== inDim) {
      fail(
        'SHAPE_MISMATCH',
        `${where}.weight`,
        `rows have ${first.length} values but the layer's input has ${inDim} (${l === 0 ? 'inputDim' : `layers[${l - 1}] outputs`})`,
        first.length,
      );
    }
    dims.push(rows.length);
    activations.push(ly.activation as Activation);
  });
  // The output head is applied to the last layer's raw scores; a ReLU there would clip
  // every negative logit to 0, which no model we train or export does.
  const last = ls.length - 1;
  const lastActivation = activations[last];
  if (lastActivation !== 'none')
    fail(
      'NOT_SUPPORTED',
      `layers[${last}].activation`,
      `the output layer must have activation 'none' (the ${String(j.output)} output is applied to its raw scores), got ${describeValue(lastActivation)}`,
      lastActivation,
    );
  if (dims[dims.length - 1] !== classes)
    fail(
      'SHAPE_MISMATCH',
      `layers[${last}].weight`,
      `the last layer has ${dims[dims.length - 1] ?? 0} outputs but classes is ${classes}`,
      dims[dims.length - 1],
    );

  const { shapes, size } = layoutLayers(dims, activations);
  const params = new Float64Array(size);
  shapes.forEach((s, l) => {
    const layer = ls[l] as Record<string, unknown>;
    const w = layer.weight as unknown[];
    for (let i = 0; i < s.outDim; i++) copyNumbers(w[i], s.inDim, params, s.wOffset + i * s.inDim, `layers[${l}].weight[${i}]`);
    copyNumbers(layer.bias, s.outDim, params, s.bOffset, `layers[${l}].bias`);
  });
  const preprocessing =
    j.preprocessing === undefined ? undefined : checkPreprocessing(j.preprocessing, { inputDim, classes, output }, fn, 'preprocessing');
  let metadata: Record<string, unknown> | undefined;
  if (j.metadata !== undefined) {
    // A JSON round trip: the copy is exactly what a file would hold (and BigInt, cycles… fail here, typed).
    try {
      metadata = JSON.parse(JSON.stringify(j.metadata)) as Record<string, unknown>;
    } catch (e) {
      fail('BAD_INPUT', 'metadata', `metadata must be plain JSON data: ${(e as Error).message}`, undefined);
    }
  }
  return {
    kind,
    shapes,
    params,
    output,
    ...(metadata !== undefined ? { metadata } : {}),
    ...(preprocessing !== undefined ? { preprocessing } : {}),
  };
}

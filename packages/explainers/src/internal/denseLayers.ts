// The dense layers a layer-reading explainer (DeepLIFT) takes from a model: @xai/models'
// NeuralModel exposes them as `model.layers`; an ONNX MLP imported into one does too.
import type { Matrix, Model } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';

/** A dense layer as @xai/models' NeuralModel exposes it. */
export interface DenseLayerView {
  readonly inputDim: number;
  readonly outputDim: number;
  readonly weight: Matrix;
  readonly bias: Float64Array;
  readonly activation: string;
}

/** Activations whose rescale multiplier is defined here. */
export const DENSE_ACTIVATIONS: readonly string[] = ['relu', 'none', 'tanh', 'sigmoid'];

export function activate(a: string, z: number): number {
  if (a === 'relu') return Math.max(z, 0);
  if (a === 'tanh') return Math.tanh(z);
  if (a === 'sigmoid') return 1 / (1 + Math.exp(-z));
  return z;
}

export function activationSlope(a: string, z: number): number {
  if (a === 'relu') return z > 0 ? 1 : 0;
  if (a === 'tanh') return 1 - Math.tanh(z) ** 2;
  if (a === 'sigmoid') {
    const s = 1 / (1 + Math.exp(-z));
    return s * (1 - s);
  }
  return 1;
}

/** `model.layers`, checked to chain from inputDim to the model's outputs; NOT_SUPPORTED otherwise. */
export function denseLayersOf(model: Model, fn: string): DenseLayerView[] {
  const layers = (model as { layers?: unknown }).layers;
  const fail = (why: string): never => {
    throw new XaiError(
      'NOT_SUPPORTED',
      `DeepLIFT needs the model's dense layers (an @xai/models LR/ANN/MLP, or an ONNX MLP imported into one): ${why}`,
      { fn, arg: 'model', value: why },
    );
  };
  if (!Array.isArray(layers) || layers.length === 0) return fail('model.layers is missing');
  let dim = model.inputDim;
  for (const [l, L] of (layers as DenseLayerView[]).entries()) {
    if (L === null || typeof L !== 'object' || L.inputDim !== dim || !(L.bias instanceof Float64Array) || L.weight?.data === undefined)
      fail(`layer ${l} is not a dense layer taking ${dim} inputs`);
    if (!DENSE_ACTIVATIONS.includes(L.activation)) fail(`layer ${l} has activation ${describeValue(L.activation)}`);
    dim = L.outputDim;
  }
  if (dim !== model.classes)
    fail(`the last layer has ${dim} outputs, the model ${model.classes} ${model.output === 'value' ? 'outputs' : 'classes'}`);
  return layers as DenseLayerView[];
}

/** Pre-activations of every layer for the n rows of x (n x d, contiguous), as flat arrays. */
export function preActivations(layers: readonly DenseLayerView[], x: Float64Array, n: number): Float64Array[] {
  const pres: Float64Array[] = [];
  let h = x;
  for (const L of layers) {
    const W = L.weight.data;
    const ws = L.weight.stride ?? L.weight.cols;
    const wo = L.weight.offset ?? 0;
    const m = L.outputDim;
    const k = L.inputDim;
    const z = new Float64Array(n * m);
    const a = new Float64Array(n * m);
    for (let i = 0; i < n; i++) {
      for (let o = 0; o < m; o++) {
        let s = L.bias[o]!;
        const r = wo + o * ws;
        for (let q = 0; q < k; q++) s += W[r + q]! * h[i * k + q]!;
        z[i * m + o] = s;
        a[i * m + o] = activate(L.activation, s);
      }
    }
    pres.push(z);
    h = a;
  }
  return pres;
}

/** The network's outputs (the last layer after its activation: logits, or values) from its pre-activations. */
export function networkOutputs(layers: readonly DenseLayerView[], pres: readonly Float64Array[]): Float64Array {
  const last = layers[layers.length - 1]!;
  const z = pres[pres.length - 1]!;
  return last.activation === 'none' ? z : z.map((v) => activate(last.activation, v));
}

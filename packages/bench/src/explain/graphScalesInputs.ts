// Whether an ONNX model's graph scales its own raw inputs, read from the chain of ops the importer
// recognised (a scikit-learn pipeline's Scaler, a torch model's Sub/Div normalisation).
import type { Model } from '@xai/core';

/** Ops that, first in an imported ONNX chain, scale the raw inputs: Scaler, constant Sub/Div/Mul, BatchNormalization. */
const INPUT_SCALING_OPS = new Set(['Scaler', 'Sub', 'Div', 'Mul', 'BatchNormalization']);

/** Ops that change no value's scale (a converter's Cast of the input comes before its Scaler). */
const SHAPE_ONLY_OPS = new Set(['Cast', 'Identity', 'Reshape', 'Flatten']);

/** True when the model is an ONNX graph whose imported chain begins with an input-scaling op. */
export function graphScalesInputs(model: Model): boolean {
  const chain = (model as { readonly discovered?: { readonly mlp?: string | null } }).discovered?.mlp;
  if (typeof chain !== 'string') return false;
  const ops = chain.split(' → ').map((op) => op.replace(/\(.*$/, ''));
  const first = ops.find((op) => !SHAPE_ONLY_OPS.has(op));
  return first !== undefined && INPUT_SCALING_OPS.has(first);
}

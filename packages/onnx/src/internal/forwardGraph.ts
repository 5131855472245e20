// The forward pass of an @xai/models LR/MLP as ONNX nodes, shared by the exported model
// (neuralModelToOnnx) and the input-gradient graph (inputGradientGraph).
import { XaiError, describeValue } from '@xai/core';
import type { NeuralModel } from '@xai/models';
import type onnxProto from 'onnx-proto';
import { DT } from './proto.js';

const OP_OF: Record<string, string | undefined> = { relu: 'Relu', tanh: 'Tanh', sigmoid: 'Sigmoid', none: undefined };

export interface ForwardGraph {
  readonly initializer: onnxProto.onnx.ITensorProto[];
  readonly node: onnxProto.onnx.INodeProto[];
  /** Per layer: the activation and the name of its output after it (null when it has none). */
  readonly post: readonly { readonly activation: string; readonly name: string | null }[];
  /** Softmax of the logits (classifiers), or null for a value model. */
  readonly probabilities: string | null;
  readonly elemType: number;
}

/** A tensor initializer of the graph's type. */
export function tensor(name: string, dims: number[], values: ArrayLike<number>, float64: boolean): onnxProto.onnx.ITensorProto {
  const typed = float64 ? Float64Array.from(values) : Float32Array.from(values);
  return { name, dims, dataType: float64 ? DT.DOUBLE : DT.FLOAT, rawData: new Uint8Array(typed.buffer) };
}

/** The model must be an @xai/models NeuralModel; `fn` names the caller in the error. */
export function checkNeuralModel(model: NeuralModel, fn: string): void {
  if (model === null || typeof model !== 'object' || !Array.isArray(model.layers) || model.layers.length === 0)
    throw new XaiError('BAD_INPUT', `expected an @xai/models NeuralModel (with layers), got ${describeValue(model)}`, {
      fn,
      arg: 'model',
      value: model,
    });
}

/**
 * `x` → Gemm(transB) [+ Relu/Tanh/Sigmoid] per layer; names: `hidden_pre`/`hidden` for the
 * first layer of a deep model, `logits` (or `value`) for the last, `probabilities` = Softmax.
 * Weights keep the out x in layout (Gemm transB=1; the gradient graph's MatMul reads them as is).
 */
export function forwardGraph(model: NeuralModel, float64: boolean, fn: string): ForwardGraph {
  checkNeuralModel(model, fn);
  const value = model.output === 'value';
  const head = value ? 'value' : 'logits';
  const initializer: onnxProto.onnx.ITensorProto[] = [];
  const node: onnxProto.onnx.INodeProto[] = [];
  const post: { activation: string; name: string | null }[] = [];
  let h = 'x';
  model.layers.forEach((layer, l) => {
    if (!(layer.activation in OP_OF))
      throw new XaiError('NOT_SUPPORTED', `layer ${l} has activation ${describeValue(layer.activation)}`, {
        fn,
        arg: `model.layers[${l}].activation`,
        value: layer.activation,
      });
    const op = OP_OF[layer.activation];
    const w = new Float64Array(layer.outputDim * layer.inputDim);
    const ws = layer.weight.stride ?? layer.weight.cols;
    const wo = layer.weight.offset ?? 0;
    for (let i = 0; i < layer.outputDim; i++)
      for (let j = 0; j < layer.inputDim; j++) w[i * layer.inputDim + j] = layer.weight.data[wo + i * ws + j]!;
    initializer.push(
      tensor(`W${l}`, [layer.outputDim, layer.inputDim], w, float64),
      tensor(`b${l}`, [layer.outputDim], layer.bias, float64),
    );
    const isLast = l === model.layers.length - 1;
    const affine = isLast ? head : l === 0 ? 'hidden_pre' : `z${l}`;
    node.push({
      opType: 'Gemm',
      name: `dense${l}`,
      input: [h, `W${l}`, `b${l}`],
      output: [affine],
      attribute: [{ name: 'transB', type: 2, i: 1 }],
    });
    h = affine;
    if (op !== undefined) {
      const name = l === 0 ? 'hidden' : `a${l}`;
      node.push({ opType: op, name: `act${l}`, input: [h], output: [name] });
      h = name;
      post.push({ activation: layer.activation, name });
    } else {
      if (l === 0 && !isLast) {
        node.push({ opType: 'Identity', name: 'act0', input: [h], output: ['hidden'] });
        h = 'hidden';
      }
      post.push({ activation: 'none', name: null });
    }
  });
  if (!value)
    node.push({
      opType: 'Softmax',
      name: 'softmax',
      input: ['logits'],
      output: ['probabilities'],
      attribute: [{ name: 'axis', type: 2, i: -1 }],
    });
  return { initializer, node, post, probabilities: value ? null : 'probabilities', elemType: float64 ? DT.DOUBLE : DT.FLOAT };
}

/** A float matrix type n x cols of the graph's element type. */
export function matrixType(elemType: number, cols: number): onnxProto.onnx.ITypeProto {
  return { tensorType: { elemType, shape: { dim: [{ dimParam: 'n' }, { dimValue: cols }] } } };
}

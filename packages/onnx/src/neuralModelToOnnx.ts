import { XaiError, checkOptions, describeValue } from '@xai/core';
import { version } from '../package.json';
import type { NeuralModel } from '@xai/models';
import type onnxProto from 'onnx-proto';
import { DT, encodeModel } from './internal/proto.js';

/** Options of neuralModelToOnnx. @since 0.2.0 */
export interface NeuralModelToOnnxOptions {
  /** Tensor type of the graph (weights, input, outputs). @defaultValue 'float32' */
  readonly dtype?: 'float32' | 'float64';
}

const OP_OF: Record<string, string | undefined> = { relu: 'Relu', tanh: 'Tanh', sigmoid: 'Sigmoid', none: undefined };

function tensor(name: string, dims: number[], values: Float64Array, float64: boolean): onnxProto.onnx.ITensorProto {
  const typed = float64 ? Float64Array.from(values) : Float32Array.from(values);
  return { name, dims, dataType: float64 ? DT.DOUBLE : DT.FLOAT, rawData: new Uint8Array(typed.buffer) };
}

/**
 * Writes an @xai/models LR/MLP as an ONNX graph (opset 17): `x` (n x inputDim) →
 * Gemm(transB) [+ Relu/Tanh/Sigmoid] … → outputs `logits`, `probabilities` (Softmax) — or,
 * for a value (regression, `output: 'value'`) model, `value` (the raw last layer, no
 * Softmax, `classes` columns) — and, for a model with a hidden layer, `hidden` (first
 * hidden layer after its activation, what RRS reads) and `hidden_pre` (before it). Weights keep the out x in layout (Gemm transB=1).
 * Browser-safe; the result loads back with loadOnnxModel as an importable MLP (a value
 * model as a value model: `discovered.output === 'value'`).
 * @example writeFileSync('ann.onnx', neuralModelToOnnx(createMlp(20, { hidden: [100, 100] })));
 * @since 0.2.0
 */
export function neuralModelToOnnx(model: NeuralModel, options?: NeuralModelToOnnxOptions): Uint8Array {
  const fn = 'neuralModelToOnnx';
  const { dtype = 'float32' } = checkOptions(options, ['dtype'], fn);
  if (dtype !== 'float32' && dtype !== 'float64')
    throw new XaiError('BAD_OPTION', `dtype must be 'float32' or 'float64', got ${describeValue(dtype)}`, {
      fn,
      arg: 'dtype',
      value: dtype,
    });
  if (model === null || typeof model !== 'object' || !Array.isArray(model.layers) || model.layers.length === 0)
    throw new XaiError('BAD_INPUT', `expected an @xai/models NeuralModel (with layers), got ${describeValue(model)}`, {
      fn,
      arg: 'model',
      value: model,
    });
  const float64 = dtype === 'float64';
  // A value (regression) model's last layer is its output: no softmax, and a name that is
  // not 'prob…' so that loadOnnxModel discovers it as values.
  const value = model.output === 'value';
  const head = value ? 'value' : 'logits';
  const elemType = float64 ? DT.DOUBLE : DT.FLOAT;
  const initializer: onnxProto.onnx.ITensorProto[] = [];
  const node: onnxProto.onnx.INodeProto[] = [];
  let h = 'x';
  model.layers.forEach((layer, l) => {
    const op = OP_OF[layer.activation];
    if (!(layer.activation in OP_OF))
      throw new XaiError('NOT_SUPPORTED', `layer ${l} has activation ${describeValue(layer.activation)}`, {
        fn,
        arg: `model.layers[${l}].activation`,
        value: layer.activation,
      });
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
      const post = l === 0 ? 'hidden' : `a${l}`;
      node.push({ opType: op, name: `act${l}`, input: [h], output: [post] });
      h = post;
    } else if (l === 0 && !isLast) {
      node.push({ opType: 'Identity', name: 'act0', input: [h], output: ['hidden'] });
      h = 'hidden';
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
  const shape = (cols: number): onnxProto.onnx.ITypeProto => ({
    tensorType: { elemType, shape: { dim: [{ dimParam: 'n' }, { dimValue: cols }] } },
  });
  const output: onnxProto.onnx.IValueInfoProto[] = value
    ? [{ name: 'value', type: shape(model.classes) }]
    : [
        { name: 'probabilities', type: shape(model.classes) },
        { name: 'logits', type: shape(model.classes) },
      ];
  if (model.layers.length > 1) {
    const width = model.layers[0]!.outputDim;
    output.push({ name: 'hidden', type: shape(width) }, { name: 'hidden_pre', type: shape(width) });
  }
  return encodeModel({
    irVersion: 8,
    producerName: '@xai/onnx',
    producerVersion: version,
    opsetImport: [{ domain: '', version: 17 }],
    graph: { name: `xai-${model.kind}`, input: [{ name: 'x', type: shape(model.inputDim) }], output, initializer, node },
  });
}
